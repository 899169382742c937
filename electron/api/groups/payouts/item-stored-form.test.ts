import { describe, expect, it } from 'vitest';
import type { ResourceTransition } from '../../transition-bus.js';
import { harnessPerTest } from '../../../test-support/harness-per-test.js';
import { SEED_BUYER } from '../../../store/seed.js';
import { payoutItemStoredForm } from './item-stored-form.js';
import {
  DAY_SECONDS,
  ITEMS,
  advance,
  batchBody,
  createOk,
  fund,
  getItem,
  payoutItem,
  settle,
  startPayoutsHarness,
  type PayoutsHarness,
} from './payouts-test-kit.js';
import type { StoredPayoutItem } from './types.js';

/** Receivers of every outcome processing has, and items with every optional member and none. */
const ITEMS_OF_EVERY_SHAPE = [
  payoutItem(SEED_BUYER.email, { note: 'Thanks', sender_item_id: 'paid-1' }),
  payoutItem('nobody.yet@example.org', { value: '3.50', sender_item_id: 'unclaimed-1' }),
  payoutItem('failed@x.example', { note: 'will fail' }),
  payoutItem('blocked@x.example'),
  payoutItem('denied@x.example'),
  payoutItem('held@x.example', { value: '2.00' }),
  payoutItem('refunded@x.example', { value: '4.00', note: 'refund me' }),
  payoutItem('+14155550100', { recipient_type: 'PHONE', value: '1.00' }),
  payoutItem('nobody.else@example.org', {
    value: '700',
    currency: 'JPY',
    purpose: 'GOODS',
    notification_language: 'de-DE',
  }),
];

/** A deep copy of every item as it was last moved (created, refunded, returned), by id. */
function recordItems(api: PayoutsHarness): Map<string, StoredPayoutItem> {
  const moved = new Map<string, StoredPayoutItem>();
  api.host.deps.transitions.subscribe(({ resource }: ResourceTransition) => {
    if (resource.kind === 'payout-item')
      moved.set(resource.id, structuredClone(resource) as StoredPayoutItem);
  });
  return moved;
}

const rowOf = (api: PayoutsHarness, id: string) =>
  api.host.deps.store.db.db
    .prepare("SELECT body, internal FROM resources WHERE kind = 'payout-item' AND id = ?")
    .get(id) as { body: string; internal: string };

const read = (api: PayoutsHarness, id: string) =>
  api.host.deps.store.resources.get<StoredPayoutItem['body'], StoredPayoutItem['internal']>(
    'payout-item',
    id,
  );

/** The same members in the same order: what a caller that prints the stored item would see. */
const expectSame = (actual: unknown, expected: unknown) =>
  expect(JSON.stringify(actual)).toBe(JSON.stringify(expected));

describe('the payout item as its row keeps it', () => {
  const api = harnessPerTest(startPayoutsHarness);

  it('keeps every outcome in the compact form and reads each back exactly as processing made it', async () => {
    const moved = recordItems(api);
    await fund(api, '100.00');
    await fund(api, '10000', 'JPY');
    await createOk(api, batchBody(ITEMS_OF_EVERY_SHAPE, { sender_batch_id: 'shapes-1' }));
    await settle(api);
    expect(moved.size).toBe(ITEMS_OF_EVERY_SHAPE.length);
    for (const [id, made] of moved) {
      const row = rowOf(api, id);
      expect(row.internal, id).toBe('');
      // Nothing that the row's columns say again: not its id, its batch, its time.
      expect(row.body).not.toContain(id);
      expect(row.body).not.toContain('payout_item_id');
      expectSame(read(api, id), made);
    }
    const statuses = [...moved.values()].map((item) => item.status).sort();
    expect(statuses).toEqual(
      [
        'BLOCKED',
        'DENIED',
        'FAILED',
        'ONHOLD',
        'REFUNDED',
        'SUCCESS',
        'UNCLAIMED',
        'UNCLAIMED',
        'UNCLAIMED',
      ].sort(),
    );
  });

  it('keeps the compact form through a cancel and a 30-day return', async () => {
    const moved = recordItems(api);
    await fund(api, '100.00');
    const batchId = await createOk(
      api,
      batchBody([payoutItem('first.unclaimed@example.org'), payoutItem('second.unclaimed@example.org')]),
    );
    await settle(api);
    const cancelled = await api.request('POST', `${ITEMS}/${batchId}000/cancel`);
    expect(cancelled.status, cancelled.text).toBe(200);
    await advance(api, 31 * DAY_SECONDS);
    for (const [id, made] of moved) {
      expect(rowOf(api, id).internal).toBe('');
      expectSame(read(api, id), made);
    }
    expect(read(api, `${batchId}000`)?.status).toBe('RETURNED');
    expect(read(api, `${batchId}001`)?.status).toBe('RETURNED');
    expect(read(api, `${batchId}000`)?.internal.reversal_transaction_id).toBeDefined();
  });

  it('reads an item stored as plain JSON (before the compact form) as it was, and answers it the same', async () => {
    await fund(api, '100.00');
    const batchId = await createOk(api, batchBody([payoutItem('still.unclaimed@example.org')]));
    await settle(api);
    const id = `${batchId}000`;
    const item = read(api, id);
    const answered = await getItem(api, id);
    // The row as the host wrote it until now: body and internal as plain JSON.
    api.host.deps.store.db.db
      .prepare("UPDATE resources SET body = ?, internal = ? WHERE kind = 'payout-item' AND id = ?")
      .run(JSON.stringify(item?.body), JSON.stringify(item?.internal), id);
    expect(rowOf(api, id).internal).not.toBe('');
    expectSame(read(api, id), item);
    expect(await getItem(api, id)).toEqual(answered);
    // Its next write keeps it in the compact form.
    const cancelled = await api.request('POST', `${ITEMS}/${id}/cancel`);
    expect(cancelled.status, cancelled.text).toBe(200);
    expect(rowOf(api, id).internal).toBe('');
    const returned = read(api, id);
    expect(returned?.status).toBe('RETURNED');
    expect(returned?.body).toEqual({
      ...item?.body,
      transaction_id: returned?.internal.reversal_transaction_id,
    });
  });

  it('declines an item the compact form would not give back the same: it stays plain JSON', async () => {
    await fund(api, '100.00');
    const batchId = await createOk(api, batchBody([payoutItem(SEED_BUYER.email)]));
    await settle(api);
    const item = read(api, `${batchId}000`) as StoredPayoutItem;
    const variants: StoredPayoutItem[] = [
      { ...item, body: { ...item.body, time_processed: '2020-01-01T00:00:00Z' } },
      { ...item, body: { ...item.body, payout_batch_id: 'ANOTHERBATCH1' } },
      { ...item, internal: { ...item.internal, index: 7 } },
      { ...item, body: { ...item.body, payout_item_fee: { currency: 'EUR', value: '0.25' } } },
      { ...item, body: { ...item.body, transaction_id: 'SOMETHINGELSE0000' } },
      { ...item, body: { ...item.body, extra: 'a member it does not know' } as StoredPayoutItem['body'] },
    ];
    for (const variant of variants) expect(payoutItemStoredForm.encode(variant)).toBeUndefined();
    const odd = variants[0] as StoredPayoutItem;
    const store = api.host.deps.store;
    store.transaction(() => store.resources.insert({ ...odd, id: `${batchId}0ZZ` }, 'pay'));
    expect(rowOf(api, `${batchId}0ZZ`).internal).not.toBe('');
    expect(read(api, `${batchId}0ZZ`)?.body.time_processed).toBe('2020-01-01T00:00:00Z');
  });
});
