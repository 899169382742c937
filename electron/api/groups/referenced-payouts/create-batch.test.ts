import { describe, expect, it } from 'vitest';
import { harnessPerTest } from '../../../test-support/harness-per-test.js';
import { SEED_MERCHANT } from '../../../store/seed.js';
import { expectError } from '../../../test-support/expect-error.js';
import {
  BATCHES,
  DAY,
  ITEMS,
  PROCESSING_DELAY_MS,
  accountIdOf,
  createBatch,
  getBatch,
  getItem,
  idOf,
  item,
  newCapture,
  otherAppToken,
  queuedBatchId,
  requestId,
  startReferencedHarness,
  usd,
} from './referenced-payouts-test-kit.js';

const CHARITY = 'charity@example.com';

describe('POST /v1/payments/referenced-payouts', () => {
  const api = harnessPerTest(startReferencedHarness);

  describe('synchronous: up to 10 items without Prefer: respond-async', () => {
    it('answers 201 with the processed items: payee, amount and transactions from each capture', async () => {
      const first = await newCapture(api, '100.00');
      const second = await newCapture(api, '50.00');
      const reply = await createBatch(api, { referenced_payouts: [item(first), item(second)] });
      expect(reply.status, reply.text).toBe(201);
      expect(Object.keys(reply.body)).toEqual(['referenced_payouts', 'links']);
      const [a, b] = reply.body.referenced_payouts;
      // What remains of each capture after its fee: 100.00 - 3.98 and 50.00 - 2.24.
      expect(a).toEqual({
        item_id: expect.stringMatching(/^[A-Z0-9]{13}$/),
        processing_state: { status: 'SUCCESS' },
        reference_id: first,
        reference_type: 'TRANSACTION_ID',
        payout_amount: usd('96.02'),
        payout_destination: SEED_MERCHANT.id,
        payout_transaction_id: expect.stringMatching(/^[A-Z0-9]{17}$/),
        disbursement_transaction_id: first,
        links: [
          {
            href: `http://localhost:80${ITEMS}/${a.item_id}`,
            rel: 'self',
            method: 'GET',
          },
        ],
      });
      expect(b).toMatchObject({ processing_state: { status: 'SUCCESS' }, payout_amount: usd('47.76') });
      const batchId = idOf(reply.body.links[0].href);
      expect(batchId).toMatch(/^[A-Za-z0-9]{63}=$/);
      expect(reply.body.links).toEqual([
        { href: `http://localhost:80${BATCHES}/${batchId}`, rel: 'self', method: 'GET' },
      ]);
      // The batch reads back the same, and each item on its own.
      expect(await getBatch(api, batchId)).toEqual(reply.body);
      expect(await getItem(api, a.item_id)).toEqual(a);
    });

    it('exactly 10 items are processed synchronously', async () => {
      const captures = await Promise.all(Array.from({ length: 10 }, () => newCapture(api, '10.00')));
      const reply = await createBatch(api, { referenced_payouts: captures.map((id) => item(id)) });
      expect(reply.status, reply.text).toBe(201);
      expect(reply.body.referenced_payouts).toHaveLength(10);
      expect(reply.body.referenced_payouts.map((i: any) => i.processing_state.status)).toEqual(
        Array(10).fill('SUCCESS'),
      );
      expect(reply.body.referenced_payouts.map((i: any) => i.reference_id)).toEqual(captures);
    });

    it('payee_email overrides the payee of the capture; payout_directive names the destination', async () => {
      const own = await newCapture(api, '100.00');
      const other = await newCapture(api, '100.00');
      const reply = await createBatch(api, {
        referenced_payouts: [
          item(own, { payee_email: CHARITY, payout_amount: usd('10.00') }),
          item(other, { payout_amount: usd('5.00') }),
        ],
      });
      expect(reply.status, reply.text).toBe(201);
      const [overridden, plain] = reply.body.referenced_payouts;
      expect(overridden).toMatchObject({
        payee_email: CHARITY,
        payout_destination: accountIdOf(api, CHARITY),
        payout_amount: usd('10.00'),
      });
      expect(plain.payout_destination).toBe(SEED_MERCHANT.id);
      expect(plain).not.toHaveProperty('payee_email');

      const third = await newCapture(api, '20.00');
      const directive = { destination: 'FI-BANK-0001', type: 'FINANCIAL_INSTRUMENT_ID' };
      const directed = await createBatch(api, {
        referenced_payouts: [item(third, { payout_amount: usd('1.00') })],
        payout_directive: directive,
      });
      expect(directed.status, directed.text).toBe(201);
      expect(Object.keys(directed.body)).toEqual(['referenced_payouts', 'payout_directive', 'links']);
      expect(directed.body.payout_directive).toEqual(directive);
      expect(directed.body.referenced_payouts[0].payout_destination).toBe('FI-BANK-0001');
    });

    it('the payee comes from the capture: an order paid to another sandbox account pays out to it', async () => {
      await newCapture(api, '100.00'); // funds the sender (the merchant)
      const capture = await newCapture(api, '40.00', 'USD', { payee: { email_address: CHARITY } });
      const reply = await createBatch(api, { referenced_payouts: [item(capture)] });
      expect(reply.status, reply.text).toBe(201);
      expect(reply.body.referenced_payouts[0]).toMatchObject({
        processing_state: { status: 'SUCCESS' },
        payout_destination: accountIdOf(api, CHARITY),
      });
    });

    it('keeps external ids, invoice_id and custom', async () => {
      const capture = await newCapture(api);
      const extra = {
        external_merchant_id: 'seller-42',
        external_reference_id: 'ext-ref-1',
        invoice_id: 'INV-7',
        custom: 'note for reporting',
      };
      const reply = await createBatch(api, { referenced_payouts: [item(capture, extra)] });
      expect(reply.status, reply.text).toBe(201);
      expect(reply.body.referenced_payouts[0]).toMatchObject(extra);
    });
  });

  describe('asynchronous: Prefer: respond-async, or more than 10 items whatever Prefer says', () => {
    it('11 items are queued even without Prefer: 202 with links only, PROCESSING until the clock passes', async () => {
      const captures = await Promise.all(Array.from({ length: 11 }, () => newCapture(api, '10.00')));
      const reply = await createBatch(api, { referenced_payouts: captures.map((id) => item(id)) });
      const batchId = queuedBatchId(reply);
      const before = await getBatch(api, batchId);
      expect(before.referenced_payouts).toHaveLength(11);
      expect(new Set(before.referenced_payouts.map((i: any) => i.processing_state.status))).toEqual(
        new Set(['PROCESSING']),
      );
      expect(before.referenced_payouts[0]).not.toHaveProperty('payout_transaction_id');

      await api.advance(PROCESSING_DELAY_MS / 1000);
      const after = await getBatch(api, batchId);
      expect(new Set(after.referenced_payouts.map((i: any) => i.processing_state.status))).toEqual(
        new Set(['SUCCESS']),
      );
      expect(after.referenced_payouts[10].payout_transaction_id).toMatch(/^[A-Z0-9]{17}$/);
    });

    it.each([
      ['Prefer: return=representation', { Prefer: 'return=representation' }],
      ['Prefer: respond-async, wait=10', { Prefer: 'respond-async, wait=10' }],
    ])('11 items with %s are queued too', async (_label, headers) => {
      const captures = await Promise.all(Array.from({ length: 11 }, () => newCapture(api, '5.00')));
      queuedBatchId(await createBatch(api, { referenced_payouts: captures.map((id) => item(id)) }, headers));
    });

    it('one item with Prefer: respond-async is queued', async () => {
      const capture = await newCapture(api);
      const batchId = queuedBatchId(
        await createBatch(api, { referenced_payouts: [item(capture)] }, { Prefer: 'respond-async' }),
      );
      expect((await getBatch(api, batchId)).referenced_payouts[0].processing_state.status).toBe('PROCESSING');
    });

    it('the items of a queued batch are processed on the real-time tick as real time passes', async () => {
      const capture = await newCapture(api);
      const batchId = queuedBatchId(
        await createBatch(api, { referenced_payouts: [item(capture)] }, { Prefer: 'respond-async' }),
      );
      api.setRealNow(Date.parse('2026-05-15T12:00:00Z') + PROCESSING_DELAY_MS);
      await expect
        .poll(async () => (await getBatch(api, batchId)).referenced_payouts[0].processing_state.status, {
          timeout: 5_000,
          interval: 100,
        })
        .toBe('SUCCESS');
    });
  });

  describe('Svc-Request-Id: kept 3 days', () => {
    it('a repeat of a queued batch answers 200 with the batch as it is now, without creating another', async () => {
      const capture = await newCapture(api);
      const key = requestId();
      const body = { referenced_payouts: [item(capture)] };
      const batchId = queuedBatchId(
        await createBatch(api, body, { Prefer: 'respond-async', 'Svc-Request-Id': key }),
      );

      const repeat = await createBatch(api, body, { Prefer: 'respond-async', 'Svc-Request-Id': key });
      expect(repeat.status, repeat.text).toBe(200);
      expect(idOf(repeat.body.links[0].href)).toBe(batchId);
      expect(repeat.body.referenced_payouts[0].processing_state.status).toBe('PROCESSING');

      await api.advance(PROCESSING_DELAY_MS / 1000);
      const later = await createBatch(api, body, { Prefer: 'respond-async', 'Svc-Request-Id': key });
      expect(later.status).toBe(200);
      expect(later.body.referenced_payouts[0].processing_state.status).toBe('SUCCESS');
      expect(api.host.deps.store.resources.count('referenced-payout-batch')).toBe(1);
    });

    it('a repeat of a synchronous batch answers 200 with the same batch', async () => {
      const capture = await newCapture(api);
      const key = requestId();
      const first = await createBatch(
        api,
        { referenced_payouts: [item(capture)] },
        { 'Svc-Request-Id': key },
      );
      expect(first.status, first.text).toBe(201);
      const repeat = await createBatch(
        api,
        { referenced_payouts: [item(capture)] },
        { 'Svc-Request-Id': key },
      );
      expect(repeat.status).toBe(200);
      expect(repeat.body).toEqual(first.body);
    });

    it('after 3 days the key is forgotten: the same call creates a new batch', async () => {
      const capture = await newCapture(api, '100.00');
      const key = requestId();
      const body = { referenced_payouts: [item(capture, { payout_amount: usd('1.00') })] };
      const first = await createBatch(api, body, { 'Svc-Request-Id': key });
      expect(first.status, first.text).toBe(201);

      await api.advance(3 * (DAY / 1000) - 60);
      expect((await createBatch(api, body, { 'Svc-Request-Id': key })).status).toBe(200);

      await api.advance(60);
      const again = await createBatch(api, body, { 'Svc-Request-Id': key });
      expect(again.status, again.text).toBe(201);
      expect(idOf(again.body.links[0].href)).not.toBe(idOf(first.body.links[0].href));
      expect(api.host.deps.store.resources.count('referenced-payout-batch')).toBe(2);
    });

    it('keys are per call: the same key on the item call is another request', async () => {
      const capture = await newCapture(api, '100.00');
      const key = requestId();
      const body = item(capture, { payout_amount: usd('1.00') });
      expect((await createBatch(api, { referenced_payouts: [body] }, { 'Svc-Request-Id': key })).status).toBe(
        201,
      );
      const standalone = await api.request('POST', ITEMS, { body, headers: { 'Svc-Request-Id': key } });
      expect(standalone.status, standalone.text).toBe(201);
    });
  });

  describe('GET /v1/payments/referenced-payouts/{payouts_batch_id}', () => {
    it('404 for an unknown batch and for another app’s batch; 400 for a malformed id', async () => {
      const unknown = await api.request('GET', `${BATCHES}/${'A'.repeat(63)}=`);
      expectError(unknown, 'RESOURCE_NOT_FOUND', { issue: 'RESOURCE_NOT_FOUND', field: 'payouts_batch_id' });
      const capture = await newCapture(api);
      const created = await createBatch(api, { referenced_payouts: [item(capture)] });
      const batchId = idOf(created.body.links[0].href);
      const token = await otherAppToken(api);
      expectError(await api.request('GET', `${BATCHES}/${batchId}`, { token }), 'RESOURCE_NOT_FOUND');
      const itemId = created.body.referenced_payouts[0].item_id;
      expectError(await api.request('GET', `${ITEMS}/${itemId}`, { token }), 'RESOURCE_NOT_FOUND');
      const bad = await api.request('GET', `${BATCHES}/not*an*id`);
      expectError(bad, 'INVALID_REQUEST', { issue: 'INVALID_PARAMETER_SYNTAX', location: 'path' });
    });
  });
});
