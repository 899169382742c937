import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WorkbenchService } from '../../../host/workbench-service.js';
import { MemoryVault } from '../../../host/vault.js';
import {
  authorizedOrder,
  captureAuthorization,
  refund,
  startReportingHarness,
  type ReportingHarness,
} from './reporting-test-kit.js';

describe('the support lookup and the chart series (bridge methods lookupId, reportingSummary)', () => {
  let api: ReportingHarness;
  let service: WorkbenchService;
  beforeEach(async () => {
    api = await startReportingHarness();
    service = new WorkbenchService(api.host, {
      mode: 'browser',
      version: 'test',
      vault: new MemoryVault(),
      embeddedBaseUrl: 'http://127.0.0.1:1',
    });
  });
  afterEach(async () => api.close());

  it('any id of a flow leads to the same order, its payments and every ledger line of them', async () => {
    const { orderId, authorizationId } = await authorizedOrder(api, { value: '60.00' });
    const capture = await captureAuthorization(api, authorizationId, {
      amount: { currency_code: 'USD', value: '60.00' },
    });
    const back = await refund(api, capture.id, '15.00');
    for (const id of [
      orderId,
      `O-${orderId}`,
      authorizationId,
      capture.id,
      back.id,
      ` ${back.id.toLowerCase()} `,
    ]) {
      const found = (await service.call('lookupId', { id })) as Awaited<
        ReturnType<WorkbenchService['call']>
      > &
        Record<string, any>;
      expect(found.root_id, id).toBe(orderId);
      expect(found.resources.map((r: any) => `${r.summary.kind}:${r.summary.status}`)).toEqual([
        'order:COMPLETED',
        'authorization:CAPTURED',
        'capture:PARTIALLY_REFUNDED',
        'refund:COMPLETED',
      ]);
      expect(found.resources[1].history.map((h: any) => h.trigger)).toEqual(['create', 'final-capture']);
      expect(
        found.ledger.map((l: any) => [l.event_code, l.status, l.amount.value, l.fee.value, l.net.value]),
      ).toEqual([
        ['T1300', 'S', '60.00', '0.00', '60.00'],
        ['T0006', 'S', '60.00', '-2.58', '57.42'],
        ['T1107', 'S', '-15.00', '0.52', '-14.48'],
      ]);
    }
    const byCapture = (await service.call('lookupId', { id: capture.id })) as any;
    expect(byCapture.matches).toEqual([
      { kind: 'capture', id: capture.id },
      { kind: 'transaction', id: capture.id },
    ]);
    const nothing = (await service.call('lookupId', { id: 'NOPE' })) as any;
    expect(nothing).toMatchObject({ matches: [], root_id: null, resources: [], ledger: [] });
  });

  it('finds generated history by transaction id or order id (ledger only)', async () => {
    await api.request('POST', '/v1/test-helpers/reporting/generate', {
      body: { entries: 200, days: 5, seed: 1 },
    });
    const row = api.host.deps.store.db.db
      .prepare("SELECT transaction_id, order_id FROM ledger_entries WHERE event_code = 'T1107' LIMIT 1")
      .get() as {
      transaction_id: string;
      order_id: string;
    };
    const found = (await service.call('lookupId', { id: row.order_id })) as any;
    expect(found.matches).toEqual([{ kind: 'order', id: row.order_id }]);
    expect(found.ledger.map((l: any) => l.event_code)).toEqual(['T0006', 'T1107']);
    expect(found.ledger.every((l: any) => l.source === 'generated')).toBe(true);
    const byTransaction = (await service.call('lookupId', { id: row.transaction_id })) as any;
    expect(byTransaction.root_id).toBe(row.order_id);
    expect(byTransaction.ledger).toHaveLength(2);
  });

  it('reportingSummary gives daily volume, fees and an end-of-day balance that ends at the balance', async () => {
    await api.request('POST', '/v1/test-helpers/reporting/generate', {
      body: { entries: 2000, days: 20, seed: 5, currencies: ['USD', 'EUR'] },
    });
    const summary = (await service.call('reportingSummary', { days: 31 })) as any;
    expect(summary.currencies.map((c: any) => [c.currency, c.primary])).toEqual([
      ['USD', true],
      ['EUR', false],
    ]);
    const usd = summary.currencies[0];
    expect(usd.days).toHaveLength(31);
    const balance = (await api.request('GET', '/v1/reporting/balances?currency_code=USD')).body.balances[0]
      .total_balance.value;
    expect(usd.days.at(-1).balance).toBe(balance);
    const cents = (v: string) => Math.round(Number(v) * 100);
    let running = 0;
    for (const day of usd.days) {
      running += cents(day.net);
      expect(cents(day.balance)).toBe(running);
      expect(cents(day.net)).toBe(cents(day.volume) - cents(day.refunds) - cents(day.fees));
    }
    expect(usd.days.some((d: any) => d.count > 0 && cents(d.fees) > 0)).toBe(true);
  });
});
