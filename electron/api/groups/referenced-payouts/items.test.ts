import { describe, expect, it } from 'vitest';
import { harnessPerTest } from '../../../test-support/harness-per-test.js';
import { SEED_MERCHANT } from '../../../store/seed.js';
import { expectError } from '../../../test-support/expect-error.js';
import {
  DAY,
  ITEMS,
  PROCESSING_DELAY_MS,
  accountIdOf,
  createItem,
  getItem,
  item,
  newCapture,
  requestId,
  startReferencedHarness,
  usd,
} from './referenced-payouts-test-kit.js';

const CHARITY = 'charity@example.com';

describe('POST /v1/payments/referenced-payouts-items', () => {
  const api = harnessPerTest(startReferencedHarness);

  it('without Prefer: respond-async it is processed in the call: 201 with the item', async () => {
    const capture = await newCapture(api, '100.00');
    const reply = await createItem(api, item(capture));
    expect(reply.status, reply.text).toBe(201);
    expect(reply.body).toEqual({
      item_id: expect.stringMatching(/^[A-Z0-9]{13}$/),
      processing_state: { status: 'SUCCESS' },
      reference_id: capture,
      reference_type: 'TRANSACTION_ID',
      payout_amount: usd('96.02'),
      payout_destination: SEED_MERCHANT.id,
      payout_transaction_id: expect.stringMatching(/^[A-Z0-9]{17}$/),
      disbursement_transaction_id: capture,
      links: [{ href: `http://localhost:80${ITEMS}/${reply.body.item_id}`, rel: 'self', method: 'GET' }],
    });
    expect(await getItem(api, reply.body.item_id)).toEqual(reply.body);
    // A standalone item is the root of its own lineage.
    const stored = api.host.deps.store.resources.get('referenced-payout-item', reply.body.item_id);
    expect(stored?.root_id).toBe(reply.body.item_id);
  });

  it('with Prefer: respond-async it is queued: 202 with item_id and links, SUCCESS once the clock passes', async () => {
    const capture = await newCapture(api, '100.00');
    const reply = await createItem(api, item(capture, { payout_amount: usd('25.00') }), {
      Prefer: 'respond-async',
    });
    expect(reply.status, reply.text).toBe(202);
    expect(Object.keys(reply.body)).toEqual(['item_id', 'links']);
    const id = reply.body.item_id as string;
    expect(reply.body.links).toEqual([
      { href: `http://localhost:80${ITEMS}/${id}`, rel: 'self', method: 'GET' },
    ]);

    const before = await getItem(api, id);
    expect(before.processing_state).toEqual({ status: 'PROCESSING' });
    expect(before).not.toHaveProperty('payout_transaction_id');
    expect(before.payout_amount).toEqual(usd('25.00'));

    await api.advance(PROCESSING_DELAY_MS / 1000 - 1);
    expect((await getItem(api, id)).processing_state.status).toBe('PROCESSING');
    await api.advance(1);
    const after = await getItem(api, id);
    expect(after.processing_state).toEqual({ status: 'SUCCESS' });
    expect(after.payout_transaction_id).toMatch(/^[A-Z0-9]{17}$/);
  });

  it('payee_email overrides the payee derived from the capture', async () => {
    const capture = await newCapture(api, '100.00');
    const reply = await createItem(api, item(capture, { payee_email: CHARITY, payout_amount: usd('12.34') }));
    expect(reply.status, reply.text).toBe(201);
    expect(reply.body).toMatchObject({
      payee_email: CHARITY,
      payout_destination: accountIdOf(api, CHARITY),
      payout_amount: usd('12.34'),
    });
    const stored = api.host.deps.store.resources.get<any, any>('referenced-payout-item', reply.body.item_id);
    expect(stored?.internal).toMatchObject({
      payee_email: CHARITY,
      payee_account_id: accountIdOf(api, CHARITY),
    });
  });

  it('a payee_email that names no sandbox account is paid to the address itself', async () => {
    const capture = await newCapture(api, '100.00');
    const reply = await createItem(
      api,
      item(capture, { payee_email: 'someone@elsewhere.example', payout_amount: usd('1.00') }),
    );
    expect(reply.status, reply.text).toBe(201);
    expect(reply.body.payout_destination).toBe('someone@elsewhere.example');
  });

  it('reference_type OTHERS: the caller’s own reference, with the amount and the payee it names', async () => {
    await newCapture(api, '100.00'); // funds the sender
    const reply = await createItem(api, {
      reference_id: 'marketplace-order-77',
      reference_type: 'OTHERS',
      payout_amount: usd('20.00'),
      payee_email: CHARITY,
    });
    expect(reply.status, reply.text).toBe(201);
    expect(reply.body).toMatchObject({
      processing_state: { status: 'SUCCESS' },
      reference_id: 'marketplace-order-77',
      reference_type: 'OTHERS',
      payout_amount: usd('20.00'),
      payout_destination: accountIdOf(api, CHARITY),
    });
    expect(reply.body).not.toHaveProperty('disbursement_transaction_id');
  });

  describe('Svc-Request-Id: kept forever', () => {
    it('a repeat answers 200 with the item as it is now, even years later', async () => {
      const capture = await newCapture(api, '100.00');
      const key = requestId();
      const body = item(capture, { payout_amount: usd('5.00') });
      const queued = await createItem(api, body, { Prefer: 'respond-async', 'Svc-Request-Id': key });
      expect(queued.status, queued.text).toBe(202);

      const soon = await createItem(api, body, { Prefer: 'respond-async', 'Svc-Request-Id': key });
      expect(soon.status).toBe(200);
      expect(soon.body).toMatchObject({
        item_id: queued.body.item_id,
        processing_state: { status: 'PROCESSING' },
      });

      // Past any retention the spec gives other calls (30 days, 72 hours...): ten years.
      await api.advance((10 * 365 * DAY) / 1000);
      const later = await createItem(api, body, { Prefer: 'respond-async', 'Svc-Request-Id': key });
      expect(later.status, later.text).toBe(200);
      expect(later.body).toMatchObject({
        item_id: queued.body.item_id,
        processing_state: { status: 'SUCCESS' },
      });
      expect(api.host.deps.store.resources.count('referenced-payout-item')).toBe(1);
    });

    it('a synchronous item is remembered too', async () => {
      const capture = await newCapture(api, '100.00');
      const key = requestId();
      const first = await createItem(api, item(capture, { payout_amount: usd('5.00') }), {
        'Svc-Request-Id': key,
      });
      expect(first.status, first.text).toBe(201);
      await api.advance((400 * DAY) / 1000);
      const repeat = await createItem(api, item(capture, { payout_amount: usd('5.00') }), {
        'Svc-Request-Id': key,
      });
      expect(repeat.status).toBe(200);
      expect(repeat.body).toEqual(first.body);
    });

    it('without the header every call is new', async () => {
      const capture = await newCapture(api, '100.00');
      const body = item(capture, { payout_amount: usd('1.00') });
      const a = await createItem(api, body);
      const b = await createItem(api, body);
      expect([a.status, b.status]).toEqual([201, 201]);
      expect(a.body.item_id).not.toBe(b.body.item_id);
    });
  });

  describe('GET /v1/payments/referenced-payouts-items/{payouts_item_id}', () => {
    it('404 for an unknown item; 400 for a malformed id', async () => {
      expectError(await api.request('GET', `${ITEMS}/ABCDEFGHJKLMN`), 'RESOURCE_NOT_FOUND', {
        issue: 'RESOURCE_NOT_FOUND',
        field: 'payouts_item_id',
        location: 'path',
      });
      expectError(await api.request('GET', `${ITEMS}/lower-case`), 'INVALID_REQUEST', {
        issue: 'INVALID_PARAMETER_SYNTAX',
        field: 'payouts_item_id',
      });
    });

    it('accepts Svc-Partner-Attribution-Id', async () => {
      const capture = await newCapture(api, '100.00');
      const created = await createItem(api, item(capture, { payout_amount: usd('1.00') }));
      const reply = await api.request('GET', `${ITEMS}/${created.body.item_id}`, {
        headers: { 'Svc-Partner-Attribution-Id': 'Example_Marketplace' },
      });
      expect(reply.status, reply.text).toBe(200);
    });
  });
});
