import { describe, expect, it } from 'vitest';
import { hostsPerTest } from '../../../test-support/harness-per-test.js';
import { DAY } from '../../../clock.js';
import { FIXED_NOW } from '../../../test-support/fixtures.js';
import {
  balanceMinor,
  capturedOrder,
  getCapture,
  getDispute,
  openDispute,
  startDisputesHarness,
} from './disputes-test-kit.js';

const DISPUTES = 4;
const HOLD_CODES =
  "SELECT event_code AS code, COUNT(*) AS n FROM ledger_entries WHERE event_code IN ('T1110', 'T1111', 'T1106') GROUP BY event_code ORDER BY event_code";

describe('a clock move cut off in the middle', () => {
  const hosts = hostsPerTest(startDisputesHarness);

  it('leaves nothing of its escalations and refunds; moved again, each dispute is decided once', async () => {
    const dataDir = hosts.workspace('disputes-restart-');
    let api = await hosts.start({ dataDir });
    const cases: { id: string; captureId: string }[] = [];
    for (let i = 0; i < DISPUTES; i++) {
      const { captureId } = await capturedOrder(api, '30.00');
      cases.push({ id: (await openDispute(api, captureId)).dispute_id as string, captureId });
    }
    const before = await balanceMinor(api);

    // The process dies during a 40-day advance: after the jobs escalated and decided every dispute
    // (refunds written), before the move commits (a listener after the scheduler's throws, as a kill would).
    let refundsInMove = 0;
    const die = api.host.deps.clock.duringMove(() => {
      refundsInMove = Number(
        (
          api.host.deps.store.db
            .prepare("SELECT COUNT(*) AS n FROM ledger_entries WHERE event_code = 'T1106'")
            .get() as { n: number }
        ).n,
      );
      throw new Error('killed');
    });
    const cut = await api.request('POST', '/v1/test-helpers/clock', {
      body: { advance_seconds: (40 * DAY) / 1000 },
    });
    expect(cut.status).toBe(500);
    die();
    expect(refundsInMove).toBe(DISPUTES);
    await api.close();

    api = await hosts.start({ dataDir });
    expect(api.host.deps.clock.now()).toBe(FIXED_NOW);
    for (const { id, captureId } of cases) {
      const dispute = await getDispute(api, id);
      expect(dispute.dispute_life_cycle_stage).toBe('INQUIRY');
      expect(dispute.status).toBe('WAITING_FOR_SELLER_RESPONSE');
      expect((await getCapture(api, captureId)).status).toBe('COMPLETED');
    }
    expect(await balanceMinor(api)).toBe(before);

    const again = await api.request('POST', '/v1/test-helpers/clock', {
      body: { advance_seconds: (40 * DAY) / 1000 },
    });
    expect(again.status, again.text).toBe(200);
    for (const { id, captureId } of cases) {
      const dispute = await getDispute(api, id);
      expect(dispute.status).toBe('RESOLVED');
      expect(dispute.dispute_outcome.outcome_code).toBe('RESOLVED_BUYER_FAVOUR');
      expect((await getCapture(api, captureId)).status).toBe('REFUNDED');
    }
    expect(api.host.deps.store.db.prepare(HOLD_CODES).all()).toEqual([
      { code: 'T1106', n: DISPUTES },
      { code: 'T1110', n: DISPUTES },
      { code: 'T1111', n: DISPUTES },
    ]);
  }, 60_000);
});
