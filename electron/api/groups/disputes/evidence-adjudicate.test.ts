import { describe, expect, it } from 'vitest';
import { harnessPerTest } from '../../../test-support/harness-per-test.js';
import {
  act,
  balanceMinor,
  capturedOrder,
  DISPUTES,
  getCapture,
  getDispute,
  multipart,
  openDispute,
  rels,
  startDisputesHarness,
  TRANSACTIONS,
} from './disputes-test-kit.js';

const api = harnessPerTest(startDisputesHarness);

const PDF = Buffer.from('%PDF-1.4\n% proof of delivery\n%%EOF\n');

/** An inquiry escalated to a claim, then evidence uploaded as multipart: the claim is under review. */
async function claimUnderReview(): Promise<{ id: string; captureId: string }> {
  const { captureId } = await capturedOrder(api);
  const { dispute_id: id } = await openDispute(api, captureId);
  await act(api, id, 'escalate', { note: 'We could not agree.' });
  const { payload, contentType } = multipart(
    {
      evidences: [
        {
          evidence_type: 'PROOF_OF_FULFILLMENT',
          evidence_info: { tracking_info: [{ carrier_name: 'UPS', tracking_number: '1Z999' }] },
        },
      ],
    },
    [{ field: 'evidence-file', name: 'delivery.pdf', type: 'application/pdf', data: PDF }],
  );
  const reply = await api.request('POST', `${DISPUTES}/${id}/provide-evidence`, {
    payload: payload as unknown as string,
    headers: { 'content-type': contentType },
  });
  expect(reply.status, reply.text).toBe(200);
  return { id, captureId };
}

/** The event codes of every ledger line of the report (each test's sandbox holds one capture). */
async function ledgerCodes(): Promise<string[]> {
  const reply = await api.request(
    'GET',
    `${TRANSACTIONS}?start_date=2026-05-01T00:00:00Z&end_date=2026-05-31T00:00:00Z&fields=all&page_size=100`,
  );
  expect(reply.status, reply.text).toBe(200);
  return (reply.body.transaction_details as { transaction_info: { transaction_event_code: string } }[])
    .map((t) => t.transaction_info.transaction_event_code)
    .sort();
}

describe('evidence, then the platform decides', () => {
  it('keeps the uploaded document on the evidence and moves the claim to review', async () => {
    const { id } = await claimUnderReview();
    const dispute = await getDispute(api, id);
    expect(dispute.status).toBe('UNDER_REVIEW');
    expect(dispute.dispute_state).toBe('UNDER_PAYPAL_REVIEW');
    expect(dispute.dispute_life_cycle_stage).toBe('CHARGEBACK');
    expect(dispute.evidences[0]).toMatchObject({
      evidence_type: 'PROOF_OF_FULFILLMENT',
      documents: [{ name: 'delivery.pdf' }],
      source: 'SUBMITTED_BY_SELLER',
      dispute_life_cycle_stage: 'CHARGEBACK',
    });
    expect(rels(dispute.links)).toEqual([
      'self',
      'accept_claim',
      'provide_supporting_info',
      'require_evidence',
      'adjudicate',
    ]);
  });

  it('refuses a document that is not JPG, GIF, PNG or PDF', async () => {
    const { captureId } = await capturedOrder(api);
    const { dispute_id: id } = await openDispute(api, captureId);
    const { payload, contentType } = multipart(undefined, [
      { field: 'evidence-file', name: 'run.exe', type: 'application/x-msdownload', data: Buffer.from('MZ') },
    ]);
    const reply = await api.request('POST', `${DISPUTES}/${id}/provide-evidence`, {
      payload: payload as unknown as string,
      headers: { 'content-type': contentType },
    });
    expect(reply.status).toBe(422);
    expect(reply.body.details[0].issue).toBe('DOCUMENT_TYPE_NOT_SUPPORTED');
    expect((await getDispute(api, id)).status).toBe('WAITING_FOR_SELLER_RESPONSE');
  });

  it('decided for the seller: the hold is released, nothing refunded', async () => {
    const { captureId } = await capturedOrder(api);
    const start = await balanceMinor(api);
    const { dispute_id: id } = await openDispute(api, captureId);
    await act(api, id, 'escalate', { note: 'claim' });
    await act(api, id, 'provide-evidence', {
      evidences: [{ evidence_type: 'PROOF_OF_FULFILLMENT', notes: 'Shipped.' }],
    });
    const done = await act(api, id, 'adjudicate', { adjudication_outcome: 'SELLER_FAVOR' });
    expect(done.status).toBe('RESOLVED');
    expect(done.dispute_outcome).toEqual({ outcome_code: 'RESOLVED_SELLER_FAVOUR' });
    expect(done.adjudications[0]).toMatchObject({
      type: 'DENY_BUYER',
      dispute_life_cycle_stage: 'CHARGEBACK',
    });
    expect(await balanceMinor(api)).toBe(start);
    expect((await getCapture(api, captureId)).status).toBe('COMPLETED');
    expect(await ledgerCodes()).toEqual(['T0006', 'T1110', 'T1111']);
  });

  it('decided for the buyer: refunded, appealable; the appeal won pays the seller back', async () => {
    const { id, captureId } = await claimUnderReview();
    const start = await balanceMinor(api);
    const lost = await act(api, id, 'adjudicate', { adjudication_outcome: 'BUYER_FAVOR' });
    expect(lost.status).toBe('RESOLVED');
    expect(lost.dispute_state).toBe('APPEALABLE');
    expect(lost.dispute_outcome.amount_refunded).toEqual({ currency_code: 'USD', value: '100.00' });
    expect(rels(lost.links)).toEqual(['self', 'appeal']);
    expect((await getCapture(api, captureId)).status).toBe('REFUNDED');
    const afterRefund = await balanceMinor(api);
    // The hold (100.00) came back and the refund took 100.00 less the returned percentage fee.
    expect(afterRefund - start).toBeGreaterThanOrEqual(0n);

    const appealed = await act(api, id, 'appeal', {
      evidences: [{ evidence_type: 'OTHER', notes: 'Signed for.' }],
    });
    expect(appealed.dispute_life_cycle_stage).toBe('PRE_ARBITRATION');
    expect(appealed.status).toBe('UNDER_REVIEW');
    const won = await act(api, id, 'adjudicate', { adjudication_outcome: 'SELLER_FAVOR' });
    expect(won.status).toBe('RESOLVED');
    expect(won.dispute_state).toBe('RESOLVED');
    expect(won.dispute_outcome.outcome_code).toBe('RESOLVED_SELLER_FAVOUR');
    expect(await balanceMinor(api)).toBe(afterRefund + 10000n);
    expect(await ledgerCodes()).toEqual(['T0006', 'T1106', 'T1110', 'T1111', 'T1202']);
  });

  it('require-evidence hands the claim back to the seller; only from review', async () => {
    const { id } = await claimUnderReview();
    const back = await act(api, id, 'require-evidence', { action: 'SELLER_EVIDENCE' });
    expect(back.status).toBe('WAITING_FOR_SELLER_RESPONSE');
    expect(back.seller_response_due_date).toBeDefined();
    const again = await api.request('POST', `${DISPUTES}/${id}/require-evidence`, {
      body: { action: 'SELLER_EVIDENCE' },
    });
    expect(again.status).toBe(422);
    expect(again.body.details[0].issue).toBe('ACTION_NOT_ALLOWED_IN_CURRENT_DISPUTE_STATE');
  });
});
