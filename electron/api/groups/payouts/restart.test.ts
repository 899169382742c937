import { describe, expect, it } from 'vitest';
import { hostsPerTest } from '../../../test-support/harness-per-test.js';
import { SEED_BUYER } from '../../../store/seed.js';
import { FIXED_NOW } from '../../../test-support/fixtures.js';
import { CHUNK_ITEMS } from './jobs.js';
import {
  batchBody,
  createOk,
  fund,
  getBatch,
  payoutItem,
  settle,
  startPayoutsHarness,
  storedItems,
  tick,
  totalBalance,
} from './payouts-test-kit.js';

const ITEMS = 15_000;

describe('a restart in the middle of processing a large batch', () => {
  const hosts = hostsPerTest(startPayoutsHarness);

  it('resumes where it stopped and pays each of 15,000 items exactly once', async () => {
    const dataDir = hosts.workspace('payouts-restart-');
    let api = await hosts.start({ dataDir });
    await fund(api, '40000.00');
    const items = Array.from({ length: ITEMS }, (_, i) =>
      payoutItem(i % 3 === 0 ? `unknown-${i}@example.org` : SEED_BUYER.email, {
        value: '1.00',
        sender_item_id: `item-${i}`,
      }),
    );
    const id = await createOk(api, batchBody(items));

    // Three chunks on the real-time path, then the host goes away.
    await tick(api);
    await tick(api);
    await tick(api);
    expect(storedItems(api, id)).toBe(3 * CHUNK_ITEMS);
    expect((await getBatch(api, id, 'page_size=1')).batch_header.batch_status).toBe('PROCESSING');
    await api.close();

    // The reopened host runs what is due as it starts: the next chunk, from the stored cursor.
    api = await hosts.start({ dataDir, realNow: FIXED_NOW + 10_000 });
    expect(storedItems(api, id)).toBe(4 * CHUNK_ITEMS);
    await api.close();

    // Once more, then the rest of the batch in one clock move.
    api = await hosts.start({ dataDir, realNow: FIXED_NOW + 20_000 });
    expect(storedItems(api, id)).toBe(5 * CHUNK_ITEMS);
    await settle(api);

    const page = await getBatch(api, id, 'page=15&page_size=1000&total_required=true');
    expect(page.batch_header.batch_status).toBe('SUCCESS');
    expect(page.total_items).toBe(ITEMS);
    expect(page.items[999]).toMatchObject({ payout_item: { sender_item_id: 'item-14999' } });
    expect(storedItems(api, id)).toBe(ITEMS);

    // Exactly once: one item resource per index, one T0001 entry per item, one item event per item.
    const db = api.host.deps.store.db;
    const itemRows = db
      .prepare(
        "SELECT COUNT(*) AS n, COUNT(DISTINCT id) AS ids FROM resources WHERE kind = 'payout-item' AND root_id = ?",
      )
      .get(id) as { n: number; ids: number };
    expect(itemRows).toEqual({ n: ITEMS, ids: ITEMS });
    const ledger = db
      .prepare(
        "SELECT COUNT(*) AS n, COUNT(DISTINCT transaction_id) AS txns, SUM(CAST(amount AS INTEGER)) AS amount, SUM(CAST(fee AS INTEGER)) AS fee FROM ledger_entries WHERE event_code = 'T0001' AND reference_id = ?",
      )
      .get(id) as { n: number; txns: number; amount: number; fee: number };
    expect(ledger).toEqual({ n: ITEMS, txns: ITEMS, amount: -ITEMS * 100, fee: -ITEMS * 25 });
    const events = db
      .prepare(
        "SELECT COUNT(*) AS n, COUNT(DISTINCT resource_id) AS items FROM webhook_events WHERE event_type LIKE 'PAYMENT.PAYOUTS-ITEM.%' AND resource_id LIKE ?",
      )
      .get(`${id}%`) as { n: number; items: number };
    expect(events).toEqual({ n: ITEMS, items: ITEMS });
    // 40,000.00 - 15,000 x (1.00 + 0.25).
    expect(await totalBalance(api)).toBe('21250.00');
  }, 120_000);
});
