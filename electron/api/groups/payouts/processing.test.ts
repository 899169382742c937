import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WORK_DRAINED_CHANNEL, type WorkDrained } from '../../../host/idle-heap-release.js';
import { harnessPerTest } from '../../../test-support/harness-per-test.js';
import { SEED_BUYER, SEED_MERCHANT } from '../../../store/seed.js';
import { startHarness, type ApiHarness } from '../../../test-support/api-harness.js';
import { CHUNK_ITEMS, PROCESS_BATCH_JOB } from './jobs.js';
import {
  ITEMS,
  batchBody,
  createOk,
  eventTypesOf,
  fund,
  getBatch,
  getItem,
  historyOf,
  payoutItem,
  settle,
  startPayoutsHarness,
  storedItems,
  tick,
  totalBalance,
  type Json,
} from './payouts-test-kit.js';

/** The sandbox receiver table (shared/api/payouts/sandbox-receivers.ts), one row per case. */
const OUTCOMES: [string, Record<string, unknown>, string, string | undefined, boolean][] = [
  ['the e-mail of a sandbox account', payoutItem(SEED_BUYER.email), 'SUCCESS', undefined, true],
  [
    'the account id of a sandbox account',
    payoutItem(SEED_BUYER.id, { recipient_type: 'SVC_ID' }),
    'SUCCESS',
    undefined,
    true,
  ],
  [
    'an e-mail without account',
    payoutItem('new.person@example.org'),
    'UNCLAIMED',
    'RECEIVER_UNREGISTERED',
    true,
  ],
  [
    'a phone number',
    payoutItem('+1 408-555-0100', { recipient_type: 'PHONE' }),
    'UNCLAIMED',
    'RECEIVER_UNREGISTERED',
    true,
  ],
  [
    'a phone "number" that is none',
    payoutItem('call me', { recipient_type: 'PHONE' }),
    'FAILED',
    'RECEIVER_PHONE_INVALID',
    false,
  ],
  [
    'an account id of no account',
    payoutItem('G83JXTJ5EHCQ2', { recipient_type: 'SVC_ID' }),
    'FAILED',
    'RECEIVER_UNREGISTERED',
    false,
  ],
  ['failed@', payoutItem('failed@example.org'), 'FAILED', 'RECEIVER_ACCOUNT_LOCKED', false],
  ['failed+tag@ (any tag)', payoutItem('Failed+7@example.com'), 'FAILED', 'RECEIVER_ACCOUNT_LOCKED', false],
  ['blocked@', payoutItem('blocked@example.org'), 'BLOCKED', 'REGULATORY_BLOCKED', false],
  ['denied@', payoutItem('denied@example.org'), 'DENIED', 'RISK_DECLINE', false],
  ['held@', payoutItem('held@example.org'), 'ONHOLD', 'REGULATORY_PENDING', true],
  ['onhold@', payoutItem('onhold@example.org'), 'ONHOLD', 'REGULATORY_PENDING', true],
  ['refunded@', payoutItem('refunded@example.org'), 'REFUNDED', undefined, true],
  ['unclaimed@', payoutItem('unclaimed@example.org'), 'UNCLAIMED', 'RECEIVER_UNREGISTERED', true],
];

const ITEM_EVENT: Record<string, string[]> = {
  SUCCESS: ['PAYMENT.PAYOUTS-ITEM.SUCCEEDED'],
  UNCLAIMED: ['PAYMENT.PAYOUTS-ITEM.UNCLAIMED'],
  FAILED: ['PAYMENT.PAYOUTS-ITEM.FAILED'],
  BLOCKED: ['PAYMENT.PAYOUTS-ITEM.BLOCKED'],
  DENIED: ['PAYMENT.PAYOUTS-ITEM.DENIED'],
  ONHOLD: ['PAYMENT.PAYOUTS-ITEM.HELD'],
  REFUNDED: ['PAYMENT.PAYOUTS-ITEM.SUCCEEDED', 'PAYMENT.PAYOUTS-ITEM.REFUNDED'],
};

describe('payout processing', () => {
  const api = harnessPerTest(startPayoutsHarness);

  describe('each item ends in the status its receiver gives (the sandbox receiver table)', () => {
    let items: Json[];
    let batchId: string;
    beforeEach(async () => {
      await fund(api, '1000.00');
      batchId = await createOk(api, batchBody(OUTCOMES.map(([, item]) => item)));
      await settle(api);
      items = (await getBatch(api, batchId)).items;
    });

    it.each(OUTCOMES.map((row, index) => [...row, index] as const))(
      '%s: %s',
      async (_label, _item, status, error, paid, index) => {
        const item = items[index];
        expect(item.transaction_status).toBe(status);
        expect(item.errors?.name).toBe(error);
        if (error) expect(item.errors.information_link).toMatch(new RegExp(`/docs/errors#${error}$`));
        // Items that took the sender's money have a transaction; the others none, and no fee.
        if (paid) {
          expect(item.transaction_id).toMatch(/^[A-Z0-9]{17}$/);
          expect(item.activity_id).toMatch(/^[A-Z0-9]{17}$/);
          expect(item.payout_item_fee).toEqual({ currency: 'USD', value: '0.25' });
        } else {
          expect(item.transaction_id).toBeUndefined();
          expect(item.payout_item_fee).toEqual({ currency: 'USD', value: '0.00' });
        }
        expect(item.time_processed).toBe('2026-05-15T12:00:00Z');
        expect(eventTypesOf(api, item.payout_item_id)).toEqual(ITEM_EVENT[status] ?? []);
        // The item's own read agrees with the batch's list.
        const read = await getItem(api, item.payout_item_id);
        expect(read.transaction_status).toBe(status);
        expect(read.links.map((l: { rel: string }) => l.rel)).toEqual(
          status === 'UNCLAIMED' ? ['self', 'batch', 'cancel'] : ['self', 'batch'],
        );
      },
    );

    it('the batch goes PENDING -> PROCESSING -> SUCCESS, with its times, and reports both moves', async () => {
      const batch = (await getBatch(api, batchId)).batch_header;
      expect(batch).toMatchObject({
        batch_status: 'SUCCESS',
        time_created: '2026-05-15T12:00:00Z',
        time_completed: '2026-05-15T12:00:00Z',
        time_closed: '2026-05-15T12:00:00Z',
      });
      expect(historyOf(api, 'payout-batch', batchId)).toEqual([
        'create:PENDING',
        'process:PROCESSING',
        'complete:SUCCESS',
      ]);
      expect(eventTypesOf(api, batchId)).toEqual([
        'PAYMENT.PAYOUTSBATCH.PROCESSING',
        'PAYMENT.PAYOUTSBATCH.SUCCESS',
      ]);
    });

    it('a batch event carries the header and links, no items', async () => {
      const { items: events } = api.host.services.webhooks.events.list(
        api.host.sandboxApp.id,
        { resourceId: batchId, eventType: 'PAYMENT.PAYOUTSBATCH.SUCCESS' },
        1,
        0,
      );
      const envelope = JSON.parse(events[0]?.body ?? '{}');
      expect(envelope).toMatchObject({
        resource_type: 'payouts',
        event_type: 'PAYMENT.PAYOUTSBATCH.SUCCESS',
      });
      expect(envelope.resource.batch_header.payout_batch_id).toBe(batchId);
      expect(envelope.resource.items).toBeUndefined();
      expect(envelope.resource.links[0].rel).toBe('self');
    });
  });

  it('pays only from the balance: the paid items and their fees leave it, the others do not', async () => {
    await fund(api, '100.00');
    await createOk(
      api,
      batchBody([
        payoutItem(SEED_BUYER.email, { value: '30.00' }),
        payoutItem('failed@example.org', { value: '40.00' }),
      ]),
    );
    await settle(api);
    // 100.00 - 30.00 - 0.60 (2% of 30.00).
    expect(await totalBalance(api)).toBe('69.40');
  });

  describe('DENIED when the balance cannot fund the batch plus its fees: nothing paid', () => {
    it('denies a batch short by a cent, with nothing stored, paid or reported per item', async () => {
      await fund(api, '20.49');
      // 2 x 10.00 + 2 x 0.25 = 20.50.
      const id = await createOk(
        api,
        batchBody([payoutItem(SEED_BUYER.email), payoutItem('new@example.org')]),
      );
      await settle(api);
      const page = await getBatch(api, id);
      expect(page.batch_header).toMatchObject({
        batch_status: 'DENIED',
        time_closed: '2026-05-15T12:00:00Z',
        errors: { name: 'INSUFFICIENT_FUNDS' },
      });
      expect(page.batch_header.time_completed).toBeUndefined();
      expect(page.items.map((i: Json) => i.transaction_status)).toEqual(['DENIED', 'DENIED']);
      expect(page.items[0].transaction_id).toBeUndefined();
      expect(storedItems(api, id)).toBe(0);
      expect(await totalBalance(api)).toBe('20.49');
      expect(historyOf(api, 'payout-batch', id)).toEqual(['create:PENDING', 'deny:DENIED']);
      expect(eventTypesOf(api, id)).toEqual(['PAYMENT.PAYOUTSBATCH.DENIED']);
      expect(eventTypesOf(api, page.items[0].payout_item_id)).toEqual([]);
      // An item of a denied batch reads as DENIED and cannot be cancelled.
      expect((await getItem(api, page.items[1].payout_item_id)).transaction_status).toBe('DENIED');
    });

    it('pays a batch the balance covers exactly', async () => {
      await fund(api, '20.50');
      const id = await createOk(
        api,
        batchBody([payoutItem(SEED_BUYER.email), payoutItem('new@example.org')]),
      );
      await settle(api);
      expect((await getBatch(api, id)).batch_header.batch_status).toBe('SUCCESS');
      expect(await totalBalance(api)).toBe('0.00');
    });

    it('denies a batch whose second currency has no balance, although the first has plenty', async () => {
      await fund(api, '1000.00');
      const id = await createOk(
        api,
        batchBody([
          payoutItem(SEED_BUYER.email),
          payoutItem(SEED_BUYER.email, { currency: 'EUR', value: '1.00' }),
        ]),
      );
      await settle(api);
      expect((await getBatch(api, id)).batch_header.batch_status).toBe('DENIED');
      expect(await totalBalance(api)).toBe('1000.00');
    });

    it('counts what earlier batches paid: batches of one sender are processed one after the other', async () => {
      await fund(api, '30.00');
      const first = await createOk(api, batchBody([payoutItem(SEED_BUYER.email, { value: '20.00' })]));
      const second = await createOk(api, batchBody([payoutItem(SEED_BUYER.email, { value: '20.00' })]));
      await settle(api);
      expect((await getBatch(api, first)).batch_header.batch_status).toBe('SUCCESS');
      expect((await getBatch(api, second)).batch_header.batch_status).toBe('DENIED');
      expect(await totalBalance(api)).toBe('9.60');
    });
  });

  describe('chunks', () => {
    const big = (n: number) =>
      batchBody(
        Array.from({ length: n }, (_, i) =>
          payoutItem(i % 2 ? SEED_BUYER.email : `p${i}@example.org`, { value: '1.00' }),
        ),
      );

    it(`on the real-time path, processes ${CHUNK_ITEMS} items per run and serves reads in between`, async () => {
      await fund(api, '5000.00');
      const id = await createOk(api, big(CHUNK_ITEMS * 2 + 200));
      expect(storedItems(api, id)).toBe(0);

      await tick(api);
      let page = await getBatch(api, id, `page=2&page_size=${CHUNK_ITEMS}`);
      expect(page.batch_header.batch_status).toBe('PROCESSING');
      expect(storedItems(api, id)).toBe(CHUNK_ITEMS);
      expect(page.items.every((i: Json) => i.transaction_status === 'PENDING')).toBe(true);
      // A PENDING item reads on its own, without a transaction, and cannot be cancelled yet.
      const pending = page.items[0].payout_item_id as string;
      expect(await getItem(api, pending)).toMatchObject({
        transaction_status: 'PENDING',
        payout_batch_id: id,
      });
      const cancel = await api.request('POST', `${ITEMS}/${pending}/cancel`);
      expect(cancel.status).toBe(422);
      expect(cancel.body.details[0].issue).toBe('ITEM_INCORRECT_STATUS');

      await tick(api);
      expect(storedItems(api, id)).toBe(CHUNK_ITEMS * 2);
      await tick(api);
      page = await getBatch(api, id, 'page_size=1');
      expect(page.batch_header.batch_status).toBe('SUCCESS');
      expect(storedItems(api, id)).toBe(CHUNK_ITEMS * 2 + 200);
      // Items of 1.00 and their 0.25 fees.
      const count = CHUNK_ITEMS * 2 + 200;
      expect(await totalBalance(api)).toBe(((500_000 - count * 125) / 100).toFixed(2));
    });

    it('takes 50 items a chunk while the API is busy, so callers wait less between two chunks', async () => {
      await fund(api, '5000.00');
      const id = await createOk(api, big(CHUNK_ITEMS));
      // One load sample of 100 answered requests (250 ms): 400 a second, a busy API.
      const gauge = api.host.services.webhooks.load;
      for (let i = 0; i < 100; i++) gauge.requestDone();
      gauge['sample']();
      await tick(api);
      expect(storedItems(api, id)).toBe(50);
      await tick(api);
      expect(storedItems(api, id)).toBe(100);
    });

    it('takes full chunks again as soon as a load sample shows the load has ended', async () => {
      await fund(api, '5000.00');
      const id = await createOk(api, big(CHUNK_ITEMS * 2));
      const gauge = api.host.services.webhooks.load;
      // A busy sample (400 requests a second), then one with a poller's two requests: the second's
      // average is still 204 a second, but the load is over.
      for (let i = 0; i < 100; i++) gauge.requestDone();
      gauge['sample']();
      for (let i = 0; i < 2; i++) gauge.requestDone();
      gauge['sample']();
      await tick(api);
      expect(storedItems(api, id)).toBe(CHUNK_ITEMS);
    });

    it("tells the host's heap release whether the API is busy when the queue drains", async () => {
      const heard: WorkDrained[] = [];
      const listener = (moment: unknown) => heard.push(moment as WorkDrained);
      subscribe(WORK_DRAINED_CHANNEL, listener);
      try {
        await fund(api, '5000.00');
        const gauge = api.host.services.webhooks.load;
        // Under a load: one load sample of 100 answered requests (400 a second).
        await createOk(api, big(20));
        for (let i = 0; i < 100; i++) gauge.requestDone();
        gauge['sample']();
        await tick(api);
        await new Promise((resolve) => setImmediate(resolve));
        expect(heard).toEqual([{ apiBusy: true }]);
        // Once a sample with a poller's two requests has ended the load.
        await createOk(api, big(20));
        for (let i = 0; i < 2; i++) gauge.requestDone();
        gauge['sample']();
        await tick(api);
        await new Promise((resolve) => setImmediate(resolve));
        expect(heard).toEqual([{ apiBusy: true }, { apiBusy: false }]);
      } finally {
        unsubscribe(WORK_DRAINED_CHANNEL, listener);
      }
    });

    it('counts callers answered between two chunks as a busy API, whatever their rate', async () => {
      await fund(api, '5000.00');
      const id = await createOk(api, big(CHUNK_ITEMS * 3));
      const gauge = api.host.services.webhooks.load;
      await tick(api);
      expect(storedItems(api, id)).toBe(CHUNK_ITEMS);
      // A poller's request between two chunks: the next chunk is a full one.
      gauge.requestDone();
      await tick(api);
      expect(storedItems(api, id)).toBe(CHUNK_ITEMS * 2);
      // Five callers answered in the pause: they were queued behind the chunk.
      for (let i = 0; i < 5; i++) gauge.requestDone();
      await tick(api);
      expect(storedItems(api, id)).toBe(CHUNK_ITEMS * 2 + 50);
    });

    it('pays no item the balance can no longer cover when it is drained while the batch is PROCESSING', async () => {
      // Items of 1.00 and their 0.25 fees (125 minor units each): the balance covers every item and 50
      // more at the start (the funding check passes).
      const count = CHUNK_ITEMS * 3;
      const cents = (minor: number) => (minor / 100).toFixed(2);
      await fund(api, cents(count * 125 + 50 * 125));
      const id = await createOk(api, big(count));
      await tick(api);
      expect((await getBatch(api, id, 'page_size=1')).batch_header.batch_status).toBe('PROCESSING');
      // The first chunk took its items' 1.25 each. Now all but 70 items' worth of what is left goes
      // elsewhere (201: the balance covers it at this moment).
      const left = (count - CHUNK_ITEMS + 50) * 125;
      const drain = await api.request(
        'POST',
        `/v1/test-helpers/accounts/${SEED_MERCHANT.id}/balance-adjustments`,
        { body: { amount: { currency_code: 'USD', value: cents(left - 70 * 125) }, direction: 'DEBIT' } },
      );
      expect(drain.status, drain.text).toBe(201);
      await tick(api);
      await tick(api);
      const done = await getBatch(api, id, 'page_size=1');
      expect(done.batch_header.batch_status).toBe('SUCCESS');
      // 87.50 was left: 70 more items of 1.25, the rest fail.
      expect(await totalBalance(api)).toBe('0.00');
      // Every page of the batch's items (a page holds at most 1,000).
      const items: Json[] = [];
      for (let page = 1; items.length < count; page++)
        items.push(...(await getBatch(api, id, `page=${page}&page_size=1000`)).items);
      const failed = items.filter((i: Json) => i.transaction_status === 'FAILED');
      expect(failed.length).toBe(count - CHUNK_ITEMS - 70);
      expect(failed[0]?.errors?.name).toBe('INSUFFICIENT_FUNDS');
    });

    it('within a clock move, every chunk of a batch runs in the move', async () => {
      await fund(api, '5000.00');
      const id = await createOk(api, big(CHUNK_ITEMS * 3 + 1));
      await settle(api);
      expect((await getBatch(api, id, 'page_size=1')).batch_header.batch_status).toBe('SUCCESS');
      expect(storedItems(api, id)).toBe(CHUNK_ITEMS * 3 + 1);
    });

    it('a later batch waits while an earlier one is PROCESSING', async () => {
      await fund(api, '5000.00');
      const first = await createOk(api, big(CHUNK_ITEMS + 10));
      const second = await createOk(api, big(10));
      await tick(api);
      expect((await getBatch(api, first, 'page_size=1')).batch_header.batch_status).toBe('PROCESSING');
      expect((await getBatch(api, second, 'page_size=1')).batch_header.batch_status).toBe('PENDING');
      await tick(api);
      await tick(api);
      expect((await getBatch(api, first, 'page_size=1')).batch_header.batch_status).toBe('SUCCESS');
      expect((await getBatch(api, second, 'page_size=1')).batch_header.batch_status).toBe('SUCCESS');
    });

    it('waiting batches start in creation order, whichever looks first, as soon as the one before is done', async () => {
      await fund(api, '5000.00');
      const first = await createOk(api, big(CHUNK_ITEMS + 10));
      const second = await createOk(api, big(10));
      const third = await createOk(api, big(10));
      await tick(api);
      const status = async (id: string) =>
        (await getBatch(api, id, 'page_size=1')).batch_header.batch_status as string;
      expect([await status(first), await status(second), await status(third)]).toEqual([
        'PROCESSING',
        'PENDING',
        'PENDING',
      ]);
      // The second batch's next look comes after the third's (as it may on the real-time path).
      const { scheduler, clock } = api.host.deps;
      api.host.deps.store.transaction(() =>
        scheduler.schedule(
          PROCESS_BATCH_JOB,
          clock.now() + 60_000,
          { id: second, next: 0 },
          `payouts.process:${second}`,
        ),
      );
      // However the looks fall, the third never starts before the second.
      const seen: string[][] = [];
      for (let i = 0; i < 6 && (await status(third)) !== 'SUCCESS'; i++) {
        await tick(api, 150);
        seen.push([await status(first), await status(second), await status(third)]);
      }
      expect(seen.at(-1)).toEqual(['SUCCESS', 'SUCCESS', 'SUCCESS']);
      for (const [, b, c] of seen) if (b === 'PENDING') expect(c).toBe('PENDING');
      // And it does not wait for its next look (a minute away) once the first is done.
      expect(seen.length).toBeLessThanOrEqual(4);
    });
  });
});

describe('payout processing in real time', () => {
  let api: ApiHarness | undefined;
  afterEach(async () => api?.close());

  it('completes a batch on its own, a chunk at a time, with no clock move', async () => {
    api = await startHarness();
    expect(SEED_MERCHANT.email).toBe('merchant@example.com');
    await fund(api, '5000.00');
    const id = await createOk(
      api,
      batchBody(
        Array.from({ length: CHUNK_ITEMS * 2 + 1 }, () => payoutItem(SEED_BUYER.email, { value: '1.00' })),
      ),
    );
    const deadline = Date.now() + 20_000;
    let status = 'PENDING';
    while (status !== 'SUCCESS' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      status = (await getBatch(api, id, 'page_size=1')).batch_header.batch_status;
    }
    expect(status).toBe('SUCCESS');
    expect(storedItems(api, id)).toBe(CHUNK_ITEMS * 2 + 1);
  }, 30_000);

  it("tells the host's heap release once the queue has drained, not between two batches", async () => {
    api = await startHarness();
    const harness = api;
    await fund(harness, '5000.00');
    // What each announcement saw: the batches' stored status then, and the API's state.
    const heard: { statuses: (string | undefined)[]; moment: WorkDrained }[] = [];
    let ids: string[] = [];
    const listener = (moment: unknown) => {
      const statuses = ids.map((id) => harness.host.deps.store.resources.get('payout-batch', id)?.status);
      heard.push({ statuses, moment: moment as WorkDrained });
    };
    subscribe(WORK_DRAINED_CHANNEL, listener);
    try {
      const body = () =>
        batchBody(
          Array.from({ length: CHUNK_ITEMS + 1 }, () => payoutItem(SEED_BUYER.email, { value: '1.00' })),
        );
      ids = [await createOk(harness, body()), await createOk(harness, body())];
      const deadline = Date.now() + 20_000;
      while (heard.length === 0 && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 20));
      // A moment more: a second announcement (there must be none) would come within it.
      await new Promise((resolve) => setTimeout(resolve, 100));
    } finally {
      unsubscribe(WORK_DRAINED_CHANNEL, listener);
    }
    expect(heard).toEqual([{ statuses: ['SUCCESS', 'SUCCESS'], moment: { apiBusy: false } }]);
  }, 30_000);
});
