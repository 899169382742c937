import { describe, expect, it } from 'vitest';
import { harnessPerTest } from '../../../test-support/harness-per-test.js';
import { DAY } from '../../../clock.js';
import {
  act,
  advance,
  balanceMinor,
  capturedOrder,
  getCapture,
  getDispute,
  getOrder,
  openDispute,
  startDisputesHarness,
} from './disputes-test-kit.js';

const api = harnessPerTest(startDisputesHarness);

const eventTypesOf = async (id: string): Promise<string[]> => {
  const reply = await api.request('GET', '/v1/notifications/webhooks-events?page_size=50');
  expect(reply.status, reply.text).toBe(200);
  return (reply.body.events as { event_type: string; resource: { dispute_id?: string } }[])
    .filter((e) => e.resource.dispute_id === id)
    .map((e) => e.event_type)
    .reverse();
};

describe('the clock drives the due dates', () => {
  it('an unanswered inquiry becomes a claim at its due date, then is decided for the buyer', async () => {
    const { captureId, orderId } = await capturedOrder(api);
    const start = await balanceMinor(api);
    const { dispute_id: id, seller_response_due_date: due } = await openDispute(api, captureId);
    expect(due).toBe('2026-06-04T12:00:00Z');

    await advance(api, 20 * DAY - 1000);
    expect((await getDispute(api, id)).dispute_life_cycle_stage).toBe('INQUIRY');

    await advance(api, 1000);
    const claim = await getDispute(api, id);
    expect(claim.dispute_life_cycle_stage).toBe('CHARGEBACK');
    expect(claim.status).toBe('WAITING_FOR_SELLER_RESPONSE');
    expect(claim.seller_response_due_date).toBe('2026-06-14T12:00:00Z');

    await advance(api, 10 * DAY);
    const lost = await getDispute(api, id);
    expect(lost.status).toBe('RESOLVED');
    expect(lost.dispute_outcome).toEqual({
      outcome_code: 'RESOLVED_BUYER_FAVOUR',
      amount_refunded: { currency_code: 'USD', value: '100.00' },
    });
    expect(lost.adjudications[0]).toMatchObject({ type: 'PAYOUT_TO_BUYER', reason: 'NO_SELLER_RESPONSE' });
    expect(lost).not.toHaveProperty('seller_response_due_date');
    expect((await getCapture(api, captureId)).status).toBe('REFUNDED');
    const order = await getOrder(api, orderId);
    expect(order.purchase_units[0].payments.refunds).toHaveLength(1);
    expect(await balanceMinor(api)).toBeLessThan(start);
    expect(await eventTypesOf(id)).toEqual([
      'CUSTOMER.DISPUTE.CREATED',
      'CUSTOMER.DISPUTE.UPDATED',
      'CUSTOMER.DISPUTE.RESOLVED',
    ]);
  });

  it('one clock move runs every stage that falls due inside it, each at its own due time', async () => {
    const { captureId } = await capturedOrder(api);
    const { dispute_id: id } = await openDispute(api, captureId);
    await advance(api, 60 * DAY);
    const dispute = await getDispute(api, id);
    expect(dispute.status).toBe('RESOLVED');
    expect(dispute.update_time).toBe('2026-06-14T12:00:00Z');
  });

  it('an answer moves the due date: the old one does nothing', async () => {
    const { captureId } = await capturedOrder(api);
    const { dispute_id: id } = await openDispute(api, captureId);
    await advance(api, 5 * DAY);
    const offered = await act(api, id, 'make-offer', {
      note: 'Full refund',
      offer_type: 'REFUND',
      offer_amount: { currency_code: 'USD', value: '100.00' },
    });
    expect(offered.buyer_response_due_date).toBe('2026-05-30T12:00:00Z');
    expect(offered).not.toHaveProperty('seller_response_due_date');
    await advance(api, 10 * DAY);
    // The buyer never answered: the inquiry closes for the seller, the hold comes back.
    const closed = await getDispute(api, id);
    expect(closed.status).toBe('RESOLVED');
    expect(closed.dispute_outcome).toEqual({ outcome_code: 'RESOLVED_SELLER_FAVOUR' });
    expect((await getCapture(api, captureId)).status).toBe('COMPLETED');
  });

  it('an appealable decision becomes final when the appeal period ends', async () => {
    const { captureId } = await capturedOrder(api);
    const { dispute_id: id } = await openDispute(api, captureId, { reason: 'UNAUTHORISED' });
    await act(api, id, 'provide-evidence', {
      evidences: [{ evidence_type: 'OTHER', notes: 'Known buyer.' }],
    });
    const lost = await act(api, id, 'adjudicate', { adjudication_outcome: 'BUYER_FAVOR' });
    expect(lost.dispute_state).toBe('APPEALABLE');
    await advance(api, 10 * DAY);
    const final = await getDispute(api, id);
    expect(final.dispute_state).toBe('RESOLVED');
    expect(final.dispute_outcome.outcome_code).toBe('RESOLVED_BUYER_FAVOUR');
  });
});
