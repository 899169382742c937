import { beforeEach, describe, expect, it } from 'vitest';
import { harnessPerTest } from '../../../test-support/harness-per-test.js';
import { SEED_BUYER } from '../../../store/seed.js';
import { expectError } from '../../../test-support/expect-error.js';
import { CHUNK_ITEMS } from './jobs.js';
import {
  DAY_SECONDS,
  ITEMS,
  PAYOUTS,
  advance,
  batchBody,
  createOk,
  eventTypesOf,
  fund,
  getBatch,
  getItem,
  getJson,
  historyOf,
  otherAppToken,
  pathOf,
  payoutItem,
  rels,
  settle,
  startPayoutsHarness,
  totalBalance,
  type Json,
} from './payouts-test-kit.js';

describe('GET /v1/payments/payouts/{id}', () => {
  const api = harnessPerTest(startPayoutsHarness);
  let id: string;
  beforeEach(async () => {
    await fund(api, '1000.00');
    id = await createOk(
      api,
      batchBody(
        Array.from({ length: 25 }, (_, i) =>
          payoutItem(SEED_BUYER.email, { value: '1.00', sender_item_id: `item-${i}` }),
        ),
      ),
    );
    await settle(api);
  });

  it('shows up to 1,000 items by default, with self and last links and no totals', async () => {
    const body = await getBatch(api, id);
    expect(body.items).toHaveLength(25);
    expect(body.total_items).toBeUndefined();
    expect(rels(body.links)).toEqual(['self', 'last']);
    expect(pathOf(body.links[0].href)).toBe(`${PAYOUTS}/${id}?page=1&page_size=1000`);
    expect(body.items[0]).toMatchObject({
      payout_item_id: `${id}000`,
      payout_batch_id: id,
      payout_item: { sender_item_id: 'item-0' },
      links: [{ rel: 'item', method: 'GET', href: expect.stringMatching(new RegExp(`${ITEMS}/${id}000$`)) }],
    });
  });

  it('pages with page and page_size; total_required adds total_items and total_pages; next and last work', async () => {
    const first = await getBatch(api, id, 'page=1&page_size=10&total_required=true');
    expect(first).toMatchObject({ total_items: 25, total_pages: 3 });
    expect(first.items.map((i: Json) => i.payout_item.sender_item_id)).toEqual(
      Array.from({ length: 10 }, (_, i) => `item-${i}`),
    );
    expect(rels(first.links)).toEqual(['self', 'next', 'last']);
    const next = await getJson(api, pathOf(first.links[1].href));
    expect(next.items[0].payout_item.sender_item_id).toBe('item-10');
    expect(next.total_items).toBe(25);
    const last = await getJson(api, pathOf(first.links[2].href));
    expect(last.items.map((i: Json) => i.payout_item.sender_item_id)).toEqual(
      Array.from({ length: 5 }, (_, i) => `item-${20 + i}`),
    );
    expect(rels(last.links)).toEqual(['self', 'last']);
    // Past the last page: no items.
    expect((await getBatch(api, id, 'page=4&page_size=10')).items).toEqual([]);
  });

  it('page 0 and page_size 0 mean the defaults (page 1, 1,000 items)', async () => {
    const body = await getBatch(api, id, 'page=0&page_size=0');
    expect(body.items).toHaveLength(25);
    expect(pathOf(body.links[0].href)).toBe(`${PAYOUTS}/${id}?page=1&page_size=1000`);
  });

  it('fields selects batch_header or items (links always come)', async () => {
    const header = await getBatch(api, id, 'fields=batch_header');
    expect(Object.keys(header)).toEqual(['batch_header', 'links']);
    const items = await getBatch(api, id, 'fields=items&page_size=2');
    expect(Object.keys(items)).toEqual(['items', 'links']);
    expect(pathOf(items.links[0].href)).toContain('fields=items');
  });

  it.each([
    ['page=1001', 'page'],
    ['page=-1', 'page'],
    ['page=two', 'page'],
    ['page_size=1001', 'page_size'],
    ['total_required=yes', 'total_required'],
    ['fields=amount', 'fields'],
  ])('refuses %s with 400 naming %s', async (query, field) => {
    const reply = await api.request('GET', `${PAYOUTS}/${id}?${query}`);
    expectError(reply, 'INVALID_REQUEST', { issue: reply.body.details[0].issue, field, location: 'query' });
  });

  it('answers 404 for an unknown batch, and to another application for this one and its items', async () => {
    expectError(
      await api.request('GET', `${PAYOUTS}/NOSUCHBATCH00`),
      'RESOURCE_NOT_FOUND',
      'RESOURCE_NOT_FOUND',
    );
    const token = await otherAppToken(api);
    expectError(await api.request('GET', `${PAYOUTS}/${id}`, { token }), 'RESOURCE_NOT_FOUND');
    expectError(await api.request('GET', `${ITEMS}/${id}000`, { token }), 'RESOURCE_NOT_FOUND');
    expectError(await api.request('POST', `${ITEMS}/${id}000/cancel`, { token }), 'RESOURCE_NOT_FOUND');
    expect((await getBatch(api, id)).batch_header.payout_batch_id).toBe(id);
  });
});

describe('GET /v1/payments/payouts-item/{id}', () => {
  const api = harnessPerTest(startPayoutsHarness);

  it('shows an item with its fee, its batch and links self and batch', async () => {
    await fund(api, '100.00');
    const id = await createOk(
      api,
      batchBody(
        [
          payoutItem(SEED_BUYER.email, {
            value: '12.34',
            note: 'Thanks',
            sender_item_id: 'A-1',
            purpose: 'GOODS',
          }),
        ],
        { sender_batch_id: 'Batch-A' },
      ),
    );
    await settle(api);
    const item = await getItem(api, `${id}000`);
    expect(item).toMatchObject({
      payout_item_id: `${id}000`,
      transaction_status: 'SUCCESS',
      payout_item_fee: { currency: 'USD', value: '0.25' },
      payout_batch_id: id,
      sender_batch_id: 'Batch-A',
      payout_item: {
        recipient_type: 'EMAIL',
        amount: { currency: 'USD', value: '12.34' },
        note: 'Thanks',
        receiver: SEED_BUYER.email,
        sender_item_id: 'A-1',
        purpose: 'GOODS',
      },
      time_processed: '2026-05-15T12:00:00Z',
    });
    expect(rels(item.links)).toEqual(['self', 'batch']);
    expect(pathOf(item.links[1].href)).toBe(`${PAYOUTS}/${id}`);
  });

  it('answers 404 for an unknown item, and 400 for an id over 32 characters', async () => {
    expectError(await api.request('GET', `${ITEMS}/NOSUCHITEM`), 'RESOURCE_NOT_FOUND');
    expectError(await api.request('GET', `${ITEMS}/${'A'.repeat(16)}`), 'RESOURCE_NOT_FOUND');
    expectError(await api.request('GET', `${ITEMS}/${'A'.repeat(33)}`), 'INVALID_REQUEST', {
      issue: 'INVALID_STRING_MAX_LENGTH',
      field: 'id',
      location: 'path',
    });
  });
});

describe('POST /v1/payments/payouts-item/{id}/cancel and the 30-day return', () => {
  const api = harnessPerTest(startPayoutsHarness);
  let batchId: string;
  let items: Json[];
  beforeEach(async () => {
    await fund(api, '100.00');
    batchId = await createOk(
      api,
      batchBody([
        payoutItem('first.unknown@example.org', { value: '10.00' }),
        payoutItem('second.unknown@example.org', { value: '20.00' }),
        payoutItem(SEED_BUYER.email, { value: '5.00' }),
      ]),
    );
    await settle(api);
    items = (await getBatch(api, batchId)).items;
  });

  const cancel = (id: string, body?: unknown) =>
    api.request('POST', `${ITEMS}/${id}/cancel`, body === undefined ? {} : { body });

  it('cancels an UNCLAIMED item: RETURNED, amount and fee back, a new transaction id, CANCELED reported', async () => {
    // 100.00 - (10.00 + 20.00 + 5.00) - (0.25 + 0.40 + 0.25): 2%, at least 0.25.
    expect(await totalBalance(api)).toBe('64.10');
    const unclaimed = items[0];
    expect(unclaimed.transaction_status).toBe('UNCLAIMED');
    const reply = await cancel(unclaimed.payout_item_id, {});
    expect(reply.status, reply.text).toBe(200);
    expect(reply.body).toMatchObject({
      payout_item_id: unclaimed.payout_item_id,
      transaction_status: 'RETURNED',
    });
    expect(reply.body.transaction_id).toMatch(/^[A-Z0-9]{17}$/);
    expect(reply.body.transaction_id).not.toBe(unclaimed.transaction_id);
    expect(rels(reply.body.links)).toEqual(['self', 'batch']);
    expect(await totalBalance(api)).toBe('74.35');
    expect(eventTypesOf(api, unclaimed.payout_item_id)).toEqual([
      'PAYMENT.PAYOUTS-ITEM.UNCLAIMED',
      'PAYMENT.PAYOUTS-ITEM.CANCELED',
    ]);
    expect(historyOf(api, 'payout-item', unclaimed.payout_item_id)).toEqual([
      'leave-unclaimed:UNCLAIMED',
      'cancel:RETURNED',
    ]);
  });

  it('takes any body, or none', async () => {
    expect((await cancel(items[0].payout_item_id)).status).toBe(200);
    expect((await cancel(items[1].payout_item_id, { reason: 'anything' })).status).toBe(200);
  });

  it('refuses any other status with a clear 422 naming the machine’s refusal', async () => {
    const succeeded = await cancel(items[2].payout_item_id);
    const body = expectError(succeeded, 'UNPROCESSABLE_ENTITY', {
      issue: 'ITEM_INCORRECT_STATUS',
      field: 'id',
      location: 'path',
    });
    expect(body.details?.[0]?.description).toMatch(/UNCLAIMED/);
    await cancel(items[0].payout_item_id);
    expectError(await cancel(items[0].payout_item_id), 'UNPROCESSABLE_ENTITY', 'ITEM_ALREADY_CANCELLED');
    expectError(await cancel('NOSUCHITEM'), 'RESOURCE_NOT_FOUND');
  });

  it('returns what is still UNCLAIMED 30 days after processing, on the clock, and reports RETURNED', async () => {
    await cancel(items[0].payout_item_id);
    await advance(api, 30 * DAY_SECONDS - 2);
    expect((await getItem(api, items[1].payout_item_id)).transaction_status).toBe('UNCLAIMED');
    // Processing ran at the batch's due time, 12:00:00.050; the return falls due 30 days later.
    await advance(api, 2);
    const returned = await getItem(api, items[1].payout_item_id);
    expect(returned.transaction_status).toBe('RETURNED');
    expect(rels(returned.links)).toEqual(['self', 'batch']);
    expect(eventTypesOf(api, items[1].payout_item_id)).toEqual([
      'PAYMENT.PAYOUTS-ITEM.UNCLAIMED',
      'PAYMENT.PAYOUTS-ITEM.RETURNED',
    ]);
    // The cancelled one stayed as it was; the paid one too; all money back but the paid item's.
    expect(historyOf(api, 'payout-item', items[0].payout_item_id)).toEqual([
      'leave-unclaimed:UNCLAIMED',
      'cancel:RETURNED',
    ]);
    expect((await getItem(api, items[2].payout_item_id)).transaction_status).toBe('SUCCESS');
    expect(await totalBalance(api)).toBe('94.75');
    // The batch itself stays SUCCESS.
    expect((await getBatch(api, batchId)).batch_header.batch_status).toBe('SUCCESS');
  });

  it('a batch created and 31 days of clock in one move: processed, then its unclaimed items returned', async () => {
    const id = await createOk(api, batchBody([payoutItem('late.unknown@example.org', { value: '1.00' })]));
    await advance(api, 31 * DAY_SECONDS);
    const page = await getBatch(api, id);
    expect(page.batch_header.batch_status).toBe('SUCCESS');
    expect(page.items[0].transaction_status).toBe('RETURNED');
  });

  it('returns a large number of unclaimed items in chunks within the move', async () => {
    const count = CHUNK_ITEMS * 2 + 10;
    await fund(api, '200.00');
    const id = await createOk(
      api,
      batchBody(
        Array.from({ length: count }, (_, i) => payoutItem(`nobody-${i}@example.org`, { value: '0.01' })),
      ),
    );
    await settle(api);
    // Each 0.01 and its 0.25 fee.
    expect(await totalBalance(api)).toBe((264.1 - count * 0.26).toFixed(2));
    await advance(api, 31 * DAY_SECONDS);
    const statuses = (await getBatch(api, id)).items.map((i: Json) => i.transaction_status);
    expect(new Set(statuses)).toEqual(new Set(['RETURNED']));
    // Everything back but the first batch's paid item (5.00 + 0.25).
    expect(await totalBalance(api)).toBe('294.75');
  });
});
