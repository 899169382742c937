import { afterEach, describe, expect, it } from 'vitest';
import { WorkbenchService } from '../../../host/workbench-service.js';
import { MemoryVault } from '../../../host/vault.js';
import type { SupportLookupResult } from '../../../../shared/bridge.js';
import {
  batchBody,
  createOk,
  fund,
  itemsOf,
  payoutItem,
  settle,
  startPayoutsHarness,
  type PayoutsHarness,
} from '../payouts/payouts-test-kit.js';
import {
  activeSubscription,
  advance,
  DAY_SECONDS,
  salesOf,
  startBillingHarness,
  type BillingHarness,
} from '../subscriptions/subscriptions-test-kit.js';
import { SUPPORT_LIMITS } from '../../../ledger/support-lookup.js';

const serviceOf = (api: PayoutsHarness | BillingHarness) =>
  new WorkbenchService(api.host, {
    mode: 'browser',
    version: 'test',
    vault: new MemoryVault(),
    embeddedBaseUrl: 'http://127.0.0.1:1',
  });
const lookup = async (service: WorkbenchService, id: string) =>
  (await service.call('lookupId', { id })) as SupportLookupResult;

describe('the support lookup at volume', () => {
  let api: PayoutsHarness | BillingHarness | undefined;
  afterEach(async () => api?.close());

  it('a payout item of a large batch shows the item, its ledger lines and the batch as a summary; the rest is counted', async () => {
    const payouts = await startPayoutsHarness();
    api = payouts;
    await fund(payouts, '100000.00');
    const size = SUPPORT_LIMITS.lineage * 4;
    const items = Array.from({ length: size }, (_, i) => payoutItem(`r${i}@example.com`, { value: '1.00' }));
    const batchId = await createOk(payouts, batchBody(items));
    await settle(payouts);
    const item = (await itemsOf(payouts, batchId))[7] as Record<string, any>;
    const service = serviceOf(payouts);

    const found = await lookup(service, item.payout_item_id);
    expect(found.matches).toEqual([{ kind: 'payout-item', id: item.payout_item_id }]);
    expect(found.root).toMatchObject({ kind: 'payout-batch', id: batchId });
    expect(found.resources.map((r) => `${r.summary.kind}:${r.summary.id}`)).toEqual([
      `payout-batch:${batchId}`,
      `payout-item:${item.payout_item_id}`,
    ]);
    expect(found.related).toEqual([{ kind: 'payout-item', total: size }]);
    // The item's own money movement (booked under its transaction id), and nothing of the others.
    expect(found.ledger.map((l) => [l.transaction_id, l.event_code])).toEqual([
      [item.transaction_id, 'T0001'],
    ]);
    expect(found.ledger_total).toBe(1);

    const byBatch = await lookup(service, batchId);
    expect(byBatch.resources.map((r) => r.summary.kind)).toEqual(['payout-batch']);
    expect(byBatch.related).toEqual([{ kind: 'payout-item', total: size }]);
  });

  it("a subscription's sales come with their own ledger lines and the net of them all", async () => {
    const billing = await startBillingHarness();
    api = billing;
    const { id } = await activeSubscription(billing);
    await advance(billing, 31 * DAY_SECONDS);
    await advance(billing, 31 * DAY_SECONDS);
    const sales = salesOf(billing, id).filter((s) => s.status === 'COMPLETED');
    expect(sales.length).toBeGreaterThanOrEqual(2);

    const found = await lookup(serviceOf(billing), id);
    expect(found.root).toMatchObject({ kind: 'subscription', id });
    for (const sale of sales) {
      const lines = found.ledger.filter((l) => l.transaction_id === sale.id);
      expect(
        lines.map((l) => l.event_code),
        sale.id,
      ).toEqual(['T0002']);
    }
    const minor = found.ledger
      .filter((l) => l.balance_affecting)
      .reduce((sum, l) => sum + Math.round(Number(l.net.value) * 100), 0);
    expect(found.net).toEqual([{ currency_code: 'USD', value: (minor / 100).toFixed(2) }]);
    expect(minor).toBeGreaterThan(0);
  });
});
