import { afterEach, describe, expect, it } from 'vitest';
import { RETURN_UNCLAIMED_JOB } from './api/groups/payouts/jobs.js';
import {
  CLOCK,
  batchBody,
  createOk,
  fund,
  getBatch,
  payoutItem,
  settle,
  startPayoutsHarness,
  type Json,
} from './api/groups/payouts/payouts-test-kit.js';
import {
  activeSubscription,
  cycle,
  salesOf,
  startBillingHarness,
} from './api/groups/subscriptions/subscriptions-test-kit.js';
import { isoSeconds } from './clock.js';
import type { ApiHarness } from './test-support/api-harness.js';
import { FIXED_NOW_ISO } from './test-support/fixtures.js';

/**
 * What a scheduled job makes (events, ledger lines, resource times) is dated when the job was due, not
 * when the clock move that ran it ended: a move of months runs many jobs, each at its own time.
 */

let api: ApiHarness | undefined;
afterEach(async () => api?.close());

/** The events about `resourceId`, with their `create_time` as the envelope shows it. */
function eventsOf(harness: ApiHarness, resourceId: string): { type: string; createTime: string }[] {
  const { items } = harness.host.services.webhooks.events.list(
    harness.host.sandboxApp.id,
    { resourceId },
    50,
    0,
  );
  return items.map((e) => ({
    type: e.event_type,
    createTime: (JSON.parse(e.body) as { create_time: string }).create_time,
  }));
}

/** The ledger lines of a transaction: when they were initiated and last updated. */
function ledgerTimes(harness: ApiHarness, transactionId: string): { initiated: string; updated: string }[] {
  const rows = harness.host.deps.store.db
    .prepare('SELECT initiated_ms, updated_ms FROM ledger_entries WHERE transaction_id = ? ORDER BY seq')
    .all(transactionId) as { initiated_ms: number; updated_ms: number }[];
  return rows.map((r) => ({
    initiated: new Date(r.initiated_ms).toISOString(),
    updated: new Date(r.updated_ms).toISOString(),
  }));
}

describe('a job run by a long clock move', () => {
  it('dates a subscription renewal at its billing time: sale, PAYMENT.SALE.COMPLETED and ledger line', async () => {
    const billing = await startBillingHarness();
    api = billing;
    const { id } = await activeSubscription(billing, {
      billing_cycles: [cycle(1, { price: '10.00', total: 12 })],
    });
    const moved = await billing.request('POST', CLOCK, { body: { to: '2027-01-20T09:30:00Z' } });
    expect(moved.status, moved.text).toBe(200);

    const renewal = salesOf(billing, id).find((s) => s.body.time === '2026-06-15T12:00:00Z');
    expect(renewal).toBeDefined();
    const saleId = renewal?.id ?? '';
    expect(renewal?.create_time).toBe('2026-06-15T12:00:00Z');
    expect(eventsOf(billing, saleId)).toEqual([
      { type: 'PAYMENT.SALE.COMPLETED', createTime: '2026-06-15T12:00:00.000Z' },
    ]);
    const lines = ledgerTimes(billing, saleId);
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) expect(line.initiated).toBe('2026-06-15T12:00:00.000Z');
  });

  it('dates the return of an unclaimed payout item 30 days on: the item, PAYMENT.PAYOUTS-ITEM.RETURNED and the T1114 line', async () => {
    const payouts = await startPayoutsHarness();
    api = payouts;
    await fund(payouts, '100.00');
    const batchId = await createOk(
      payouts,
      batchBody([payoutItem('returns.later@example.org', { value: '20.00' })]),
    );
    await settle(payouts);
    const [item] = (await getBatch(payouts, batchId)).items as Json[];
    expect(item?.transaction_status).toBe('UNCLAIMED');
    const itemId = item?.payout_item_id as string;
    const returnJob = payouts.host.deps.store.jobs
      .listPending()
      .find((job) => job.kind === RETURN_UNCLAIMED_JOB);
    const dueMs = returnJob?.due_at ?? Number.NaN;
    expect(dueMs).toBeGreaterThan(Date.parse(FIXED_NOW_ISO));

    const moved = await payouts.request('POST', CLOCK, { body: { to: '2027-02-01T00:00:00Z' } });
    expect(moved.status, moved.text).toBe(200);
    const returned = payouts.host.deps.store.resources.get<Json, unknown>('payout-item', itemId);
    expect(returned?.status).toBe('RETURNED');
    expect(returned?.update_time).toBe(isoSeconds(dueMs));
    const events = eventsOf(payouts, itemId).filter((e) => e.type === 'PAYMENT.PAYOUTS-ITEM.RETURNED');
    expect(events).toEqual([
      { type: 'PAYMENT.PAYOUTS-ITEM.RETURNED', createTime: new Date(dueMs).toISOString() },
    ]);
    const reversal = payouts.host.deps.store.db
      .prepare("SELECT initiated_ms FROM ledger_entries WHERE event_code = 'T1114'")
      .all() as { initiated_ms: number }[];
    // The ledger dates its lines to the second, as the item's times show it.
    expect(reversal.map((r) => r.initiated_ms)).toEqual([Date.parse(isoSeconds(dueMs))]);
  });
});
