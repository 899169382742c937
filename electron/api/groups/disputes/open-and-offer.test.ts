import { describe, expect, it } from 'vitest';
import { harnessPerTest } from '../../../test-support/harness-per-test.js';
import {
  act,
  balanceMinor,
  capturedOrder,
  DISPUTES,
  getCapture,
  getDispute,
  openDispute,
  OPEN,
  rels,
  startDisputesHarness,
} from './disputes-test-kit.js';

const api = harnessPerTest(startDisputesHarness);

describe('opening a dispute', () => {
  it('opens an inquiry on a capture, holds the amount and lists it', async () => {
    const { captureId } = await capturedOrder(api);
    const before = await balanceMinor(api);
    const dispute = await openDispute(api, captureId, { amount: { currency_code: 'USD', value: '40.00' } });
    expect(dispute.dispute_id).toMatch(/^PP-D-\d+$/);
    expect(dispute.status).toBe('WAITING_FOR_SELLER_RESPONSE');
    expect(dispute.dispute_state).toBe('REQUIRED_ACTION');
    expect(dispute.dispute_life_cycle_stage).toBe('INQUIRY');
    expect(dispute.seller_response_due_date).toBe('2026-06-04T12:00:00Z');
    expect(dispute.disputed_transactions[0].seller_transaction_id).toBe(captureId);
    expect(rels(dispute.links)).toEqual([
      'self',
      'accept_claim',
      'provide_evidence',
      'make_offer',
      'send_message',
      'escalate',
    ]);
    expect(dispute.allowed_response_options.make_offer.offer_types).toContain('REFUND');
    expect(await balanceMinor(api)).toBe(before - 4000n);

    const list = await api.request('GET', `${DISPUTES}?disputed_transaction_id=${captureId}`);
    expect(list.status, list.text).toBe(200);
    expect(list.body.items.map((d: { dispute_id: string }) => d.dispute_id)).toEqual([dispute.dispute_id]);
    expect(list.body.items[0]).not.toHaveProperty('messages');
  });

  it('refuses more than what remains of the capture, counting open disputes', async () => {
    const { captureId } = await capturedOrder(api, '50.00');
    await openDispute(api, captureId, { amount: { currency_code: 'USD', value: '30.00' } });
    const reply = await api.request('POST', OPEN, {
      body: { disputed_transaction_id: captureId, amount: { currency_code: 'USD', value: '20.01' } },
    });
    expect(reply.status).toBe(422);
    expect(reply.body.details[0].issue).toBe('DISPUTE_AMOUNT_EXCEEDS_AVAILABLE');
    const unknown = await api.request('POST', OPEN, {
      body: { disputed_transaction_id: 'NOSUCHCAPTURE1234' },
    });
    expect(unknown.status).toBe(422);
    expect(unknown.body.details[0].issue).toBe('TRANSACTION_NOT_DISPUTABLE');
  });

  it('opens an unauthorised payment as a claim', async () => {
    const { captureId } = await capturedOrder(api);
    const dispute = await openDispute(api, captureId, { reason: 'UNAUTHORISED' });
    expect(dispute.dispute_life_cycle_stage).toBe('CHARGEBACK');
    expect(rels(dispute.links)).not.toContain('make_offer');
  });
});

describe('offer accepted', () => {
  it('refunds the offered amount, releases the hold and resolves for the buyer', async () => {
    const { captureId } = await capturedOrder(api);
    const start = await balanceMinor(api);
    const { dispute_id: id } = await openDispute(api, captureId);
    const offered = await act(api, id, 'make-offer', {
      note: 'Half back',
      offer_type: 'REFUND',
      offer_amount: { currency_code: 'USD', value: '50.00' },
    });
    expect(offered.status).toBe('WAITING_FOR_BUYER_RESPONSE');
    expect(offered.buyer_response_due_date).toBeDefined();
    expect(rels(offered.links)).toEqual([
      'self',
      'accept_claim',
      'send_message',
      'escalate',
      'accept_offer',
      'deny_offer',
    ]);
    const refused = await api.request('POST', `${DISPUTES}/${id}/make-offer`, {
      body: { note: 'again', offer_type: 'REFUND', offer_amount: { currency_code: 'USD', value: '1.00' } },
    });
    expect(refused.status).toBe(422);
    expect(refused.body.details[0].issue).toBe('ACTION_NOT_ALLOWED_IN_CURRENT_DISPUTE_STATE');

    const resolved = await act(api, id, 'accept-offer', { note: 'ok' });
    expect(resolved.status).toBe('RESOLVED');
    expect(resolved.dispute_outcome).toEqual({
      outcome_code: 'RESOLVED_BUYER_FAVOUR',
      amount_refunded: { currency_code: 'USD', value: '50.00' },
    });
    expect(resolved.offer.history.map((h: { event_type: string }) => h.event_type)).toEqual([
      'PROPOSED',
      'ACCEPTED',
    ]);
    expect(rels(resolved.links)).toEqual(['self']);
    const capture = await getCapture(api, captureId);
    expect(capture.status).toBe('PARTIALLY_REFUNDED');
    // The hold came back; the refund took 50.00 less the percentage fee returned.
    const after = await balanceMinor(api);
    expect(start - after).toBeGreaterThan(4800n);
    expect(start - after).toBeLessThanOrEqual(5000n);
    expect((await getDispute(api, id)).status).toBe('RESOLVED');
  });
});
