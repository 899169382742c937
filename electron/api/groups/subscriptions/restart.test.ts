import { SEED_MERCHANT } from '../../../store/seed.js';
import { describe, expect, it } from 'vitest';
import { hostsPerTest } from '../../../test-support/harness-per-test.js';
import { FIXED_NOW } from '../../../test-support/fixtures.js';
import {
  activeSubscription,
  cycle,
  DAY_SECONDS,
  expectStatus,
  getSubscription,
  ledgerOf,
  salesOf,
  setPayer,
  startBillingHarness,
  type BillingHarness,
} from './subscriptions-test-kit.js';

/** The merchant's cycle sales (the buyer's wallet lines carry the same code, on the buyer's account). */
const MERCHANT_SALES =
  "SELECT COUNT(*) AS n FROM ledger_entries WHERE event_code = 'T0002' AND account_id = ?";

const SUBSCRIPTIONS = 8;
const PLAN = { billing_cycles: [cycle(1, { price: '10.00', total: 0 })] };

/** Cycle sales of each subscription: their billing times, oldest first. */
const cycleTimes = (api: BillingHarness, ids: string[]) =>
  ids.map((id) =>
    salesOf(api, id)
      .filter((s) => s.internal.purpose === 'CYCLE')
      .map((s) => s.body.time as string),
  );

const monthly = (months: number) =>
  Array.from({ length: months }, (_, i) =>
    new Date(Date.UTC(2026, 4 + i, 15, 12)).toISOString().replace('.000Z', 'Z'),
  );

describe('billing across restarts', () => {
  const hosts = hostsPerTest(startBillingHarness);

  /** A host on a workspace on disk where a payer with money enough holds SUBSCRIPTIONS active subscriptions. */
  async function subscribedWorkspace() {
    const dataDir = hosts.workspace('billing-restart-');
    const api = await hosts.start({ dataDir });
    await setPayer(api, {
      email_address: 'buyer@example.com',
      wallet_balance: { currency_code: 'USD', value: '100000.00' },
    });
    const ids: string[] = [];
    for (let i = 0; i < SUBSCRIPTIONS; i++) ids.push((await activeSubscription(api, PLAN)).id);
    return { dataDir, api, ids };
  }

  it('a clock advance cut off in the middle bills nothing; advanced again, each cycle runs once, in order', async () => {
    const { dataDir, ids, ...first } = await subscribedWorkspace();
    let api = first.api;

    // The process dies while a six-month advance is under way: after its jobs billed every cycle, before
    // the move commits (a listener of the move that runs after the scheduler's throws, as a kill would).
    let billedInMove = 0;
    const die = api.host.deps.clock.duringMove(() => {
      billedInMove = api.host.deps.store.db.prepare(MERCHANT_SALES).get(SEED_MERCHANT.id)?.n as number;
      throw new Error('killed');
    });
    const cut = await api.request('POST', '/v1/test-helpers/clock', {
      body: { advance_seconds: 183 * DAY_SECONDS },
    });
    expect(cut.status).toBe(500);
    die();
    // Through 14 November: the cycles of June to October (the first was billed at approval).
    expect(billedInMove).toBe(SUBSCRIPTIONS * 6);
    await api.close();

    // Nothing of the cut-off move stayed: the clock, the cycles, the ledger are as before it.
    api = await hosts.start({ dataDir });
    expect(api.host.deps.clock.now()).toBe(FIXED_NOW);
    expect(cycleTimes(api, ids)).toEqual(ids.map(() => monthly(1)));
    await expectStatus(
      await api.request('POST', '/v1/test-helpers/clock', { body: { advance_seconds: 183 * DAY_SECONDS } }),
      200,
    );
    expect(cycleTimes(api, ids)).toEqual(ids.map(() => monthly(6)));
    for (const id of ids) {
      expect(ledgerOf(api, id).map((e) => `${e.code}:${e.amount}`)).toEqual(
        monthly(6).map(() => 'T0002:1000'),
      );
      expect((await getSubscription(api, id)).billing_info.cycle_executions[0].cycles_completed).toBe(6);
    }
  }, 60_000);

  it('on the real-time path, a restart between cycles resumes where billing stopped', async () => {
    const { dataDir, ids, ...first } = await subscribedWorkspace();
    let api = first.api;
    // Real time passes 2.5 months; the scheduler's tick bills what fell due (each job its own transaction).
    api.setRealNow(FIXED_NOW + 76 * DAY_SECONDS * 1000);
    api.host.deps.scheduler.runDue();
    expect(cycleTimes(api, ids)).toEqual(ids.map(() => monthly(3)));
    await api.close();
    // The host is down for four months; as it starts again it bills the missed cycles, once each, in order.
    api = await hosts.start({ dataDir, realNow: FIXED_NOW + 200 * DAY_SECONDS * 1000 });
    api.host.deps.scheduler.runDue();
    expect(cycleTimes(api, ids)).toEqual(ids.map(() => monthly(7)));
    const sales = api.host.deps.store.db.prepare(MERCHANT_SALES).get(SEED_MERCHANT.id) as { n: number };
    expect(Number(sales.n)).toBe(SUBSCRIPTIONS * 7);
  }, 60_000);
});
