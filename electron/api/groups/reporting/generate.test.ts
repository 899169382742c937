import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DAY_MS } from '../../../../shared/api/reporting/schemas.js';
import { toMinor } from '../../../../shared/money.js';
import type { LedgerFilter } from '../../../ledger/ledger-types.js';
import { expectError } from '../../../test-support/expect-error.js';
import {
  balances,
  GENERATE,
  iso,
  search,
  startReportingHarness,
  type Json,
  type ReportingHarness,
} from './reporting-test-kit.js';

/**
 * The entries of the account as plain rows, read straight from the table (the reference to check
 * against). Only the merchant's: the seeded buyer's opening balance is a ledger line of its own.
 */
function rows(api: ReportingHarness) {
  return api.host.deps.store.db.db
    .prepare(
      'SELECT initiated_ms, currency, status, event_code, balance_affecting, amount, fee, amount_key FROM ledger_entries WHERE account_id = ?',
    )
    .all(api.host.sandboxApp.merchant_id) as {
    initiated_ms: number;
    currency: string;
    status: string;
    event_code: string;
    balance_affecting: number;
    amount: string;
    fee: string;
    amount_key: number;
  }[];
}

describe('bulk history (POST /v1/test-helpers/reporting/generate)', () => {
  let api: ReportingHarness;
  beforeEach(async () => {
    api = await startReportingHarness();
  });
  afterEach(async () => api.close());

  it('a synchronous generation yields between batches: a request sent meanwhile is answered before it ends', async () => {
    let generationAnswered = false;
    const generation = api
      .request('POST', GENERATE, { body: { entries: 20_000, days: 40, seed: 11 } })
      .then((reply) => {
        generationAnswered = true;
        return reply;
      });
    // Let the generation start writing, then ask something else.
    await new Promise((resolve) => setImmediate(resolve));
    const other = await api.request('GET', '/v1/reporting/balances?currency_code=USD');
    expect(other.status).toBe(200);
    expect(generationAnswered).toBe(false);
    // Part of the history is written, not all of it: the other request came between batches.
    const written = rows(api).length;
    expect(written).toBeLessThan(20_000);
    const reply = await generation;
    expect(reply.status, reply.text).toBe(201);
    expect(reply.body).toMatchObject({ status: 'COMPLETED', entries_written: 20_000 });
    expect(rows(api)).toHaveLength(20_000);
  });

  it('writes exactly N realistic entries over M days, across currencies, statuses and refunds', async () => {
    const reply = await api.request('POST', GENERATE, { body: { entries: 3000, days: 40, seed: 7 } });
    expect(reply.status, reply.text).toBe(201);
    expect(reply.body).toMatchObject({
      status: 'COMPLETED',
      entries_requested: 3000,
      entries_written: 3000,
      days: 40,
    });
    expect(reply.body.entries_per_second).toBeGreaterThan(0);
    const all = rows(api);
    expect(all).toHaveLength(3000);
    const now = api.now();
    expect(Math.min(...all.map((r) => r.initiated_ms))).toBeGreaterThanOrEqual(now - 40 * DAY_MS);
    expect(Math.max(...all.map((r) => r.initiated_ms))).toBeLessThanOrEqual(now);
    expect(new Set(all.map((r) => r.currency))).toEqual(new Set(['USD', 'EUR', 'GBP', 'JPY', 'CAD', 'AUD']));
    expect(new Set(all.map((r) => r.status))).toEqual(new Set(['D', 'P', 'S', 'V']));
    expect(new Set(all.map((r) => r.event_code))).toEqual(
      new Set(['T0006', 'T0013', 'T1107', 'T1300', 'T1303']),
    );
    // Ids look like the API's: 17 capital letters and digits.
    const detail = (
      await search(api, {
        start_date: iso(now - 30 * DAY_MS),
        end_date: iso(now),
        fields: 'all',
        page_size: '5',
      })
    ).transaction_details[0];
    expect(detail.transaction_info.transaction_id).toMatch(/^[A-Z0-9]{17}$/);
    expect(detail.payer_info.email_address).toMatch(/@example\.net$/);
  });

  it('counts, pages and balances agree with the entries for any window and filter', async () => {
    await api.request('POST', GENERATE, { body: { entries: 4000, days: 60, seed: 11 } });
    const all = rows(api);
    const now = api.now();
    const reads = api.host.services.ledger.reads;
    const account = api.host.sandboxApp.merchant_id;
    await fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 61 * 24 * 3600 }),
        fc.integer({ min: 0, max: 31 * 24 * 3600 }),
        fc.option(fc.constantFrom('USD', 'EUR', 'JPY'), { nil: undefined }),
        fc.option(fc.constantFrom('S', 'V', 'P', 'D'), { nil: undefined }),
        fc.option(fc.constantFrom('T0006', 'T1107', 'T1300'), { nil: undefined }),
        fc.boolean(),
        fc.option(fc.tuple(fc.integer({ min: -50_000, max: 50_000 }), fc.integer({ min: 0, max: 200_000 })), {
          nil: undefined,
        }),
        (back, length, currency, status, code, affectingOnly, amount) => {
          const fromMs = now - back * 1000 - 123;
          const toMs = fromMs + length * 1000 + 456;
          const filter: LedgerFilter = {
            accountId: account,
            fromMs,
            toMs,
            balanceAffectingOnly: affectingOnly,
          };
          if (currency) filter.currency = currency;
          if (status) filter.status = status as LedgerFilter['status'];
          if (code) filter.eventCode = code;
          if (amount) {
            filter.amountLow = BigInt(amount[0]);
            filter.amountHigh = BigInt(amount[0] + amount[1]);
          }
          const expected = all.filter(
            (r) =>
              r.initiated_ms >= fromMs &&
              r.initiated_ms <= toMs &&
              (!affectingOnly || r.balance_affecting === 1) &&
              (!currency || r.currency === currency) &&
              (!status || r.status === status) &&
              (!code || r.event_code === code) &&
              (!amount || (r.amount_key >= amount[0] && r.amount_key <= amount[0] + amount[1])),
          ).length;
          expect(reads.count(filter)).toBe(expected);
        },
      ),
      { numRuns: 200 },
    );
    // Balances as of any time equal the sum of the entries up to then.
    for (const at of [now - 45 * DAY_MS, now - 10 * DAY_MS + 12_345, now]) {
      for (const currency of ['USD', 'JPY']) {
        const sum = all
          .filter((r) => r.balance_affecting === 1 && r.currency === currency && r.initiated_ms <= at)
          .reduce((t, r) => t + BigInt(r.amount) + BigInt(r.fee), 0n);
        expect(reads.balance(account, currency, at)).toBe(sum);
      }
    }
    const body = await balances(api, { currency_code: 'USD' });
    const usd = all
      .filter((r) => r.balance_affecting === 1 && r.currency === 'USD')
      .reduce((t, r) => t + BigInt(r.amount) + BigInt(r.fee), 0n);
    expect(toMinor(body.balances[0].total_balance.value, 'USD')).toBe(usd);
  });

  it('pending entries are withheld until a scheduled job on the simulated clock completes them (P to S)', async () => {
    await api.request('POST', GENERATE, { body: { entries: 3000, days: 5, seed: 3 } });
    const pending = () => rows(api).filter((r) => r.status === 'P').length;
    expect(pending()).toBeGreaterThan(0);
    const before = (await balances(api)).balances as Json[];
    const withheld = before.filter(
      (b) => b.withheld_balance.value !== '0.00' && b.withheld_balance.value !== '0',
    );
    expect(withheld.length).toBeGreaterThan(0);
    for (const b of before) {
      const c = b.currency as string;
      expect(toMinor(b.available_balance.value, c) + toMinor(b.withheld_balance.value, c)).toBe(
        toMinor(b.total_balance.value, c),
      );
    }
    await api.advance(3 * 24 * 3600 + 60);
    expect(pending()).toBe(0);
    const after = (await balances(api)).balances as Json[];
    for (const b of after) {
      expect(toMinor(b.withheld_balance.value, b.currency)).toBe(0n);
      expect(b.total_balance).toEqual(before.find((x) => x.currency === b.currency)?.total_balance);
    }
  });

  it('Prefer: respond-async answers 202 and the job shows progress until it completes; one at a time', async () => {
    const reply = await api.request('POST', GENERATE, {
      body: { entries: 60_000, days: 90 },
      headers: { Prefer: 'respond-async' },
    });
    expect(reply.status, reply.text).toBe(202);
    expect(reply.body.status).toBe('RUNNING');
    const self = reply.body.links[0].href.replace(/^https?:\/\/[^/]+/, '');
    const busy = await api.request('POST', GENERATE, { body: { entries: 10 } });
    expect(busy.status).toBe(409);
    expect(busy.body.name).toBe('RESOURCE_CONFLICT');
    expect(busy.body.details).toEqual([
      expect.objectContaining({ issue: 'GENERATION_IN_PROGRESS', location: 'body' }),
    ]);
    let job: Json = reply.body;
    const seen = new Set<number>();
    while (job.status === 'RUNNING') {
      await new Promise((resolve) => setTimeout(resolve, 20));
      job = (await api.request('GET', self)).body;
      seen.add(job.entries_written);
    }
    expect(job).toMatchObject({ status: 'COMPLETED', entries_written: 60_000 });
    expect(seen.size).toBeGreaterThan(1);
    expect(rows(api)).toHaveLength(60_000);
    expect((await api.request('GET', `${GENERATE}/AAAAAAAAAAAAAAAAA`)).status).toBe(404);
  });

  it('rejects a bad request with 400 naming the member, and a reset empties the ledger', async () => {
    expectError(await api.request('POST', GENERATE, { body: { entries: 0 } }), 'INVALID_REQUEST', {
      issue: 'INVALID_INTEGER_MIN_VALUE',
      field: '/entries',
      location: 'body',
    });
    expectError(
      await api.request('POST', GENERATE, { body: { entries: 10, days: 2000 } }),
      'INVALID_REQUEST',
      { issue: 'INVALID_INTEGER_MAX_VALUE', field: '/days', location: 'body' },
    );
    expectError(
      await api.request('POST', GENERATE, { body: { entries: 10, currencies: ['XYZ'] } }),
      'INVALID_REQUEST',
      { issue: 'CURRENCY_NOT_SUPPORTED', field: '/currencies/0', location: 'body' },
    );
    expectError(
      await api.request('POST', GENERATE, { body: { entries: 10, end_time: iso(api.now() + 86_400_000) } }),
      'INVALID_REQUEST',
      { issue: 'INVALID_PARAMETER_VALUE', field: '/end_time', location: 'body' },
    );
    await api.request('POST', GENERATE, { body: { entries: 500, days: 3 } });
    expect(rows(api)).toHaveLength(500);
    expect((await api.request('POST', '/v1/test-helpers/reset')).status).toBe(204);
    expect(rows(api)).toHaveLength(0);
    expect((await balances(api)).balances).toEqual([
      expect.objectContaining({ currency: 'USD', total_balance: { currency_code: 'USD', value: '0.00' } }),
    ]);
  });
});
