import { afterEach, describe, expect, it } from 'vitest';
import { accountIdFor } from '../../../../shared/ids.js';
import { toMinor } from '../../../../shared/money.js';
import { simpleOrder, startHarness, type ApiHarness, type Reply } from '../../../test-support/api-harness.js';
import { expectError } from '../../../test-support/expect-error.js';
import {
  CARD,
  EXPIRED_EXPIRY,
  FIXED_NOW,
  FIXED_NOW_ISO,
  FUTURE_EXPIRY,
  VISA,
} from '../../../test-support/fixtures.js';
import { CHARITY, MERCHANT, ORDERS, approve, createId, getOrder, rels, usd } from './orders-test-kit.js';

const DAY_MS = 24 * 3600 * 1000;
type Action = 'capture' | 'authorize';
const intentOf = (action: Action) => (action === 'capture' ? 'CAPTURE' : 'AUTHORIZE');
const settle = (
  api: ApiHarness,
  id: string,
  action: Action,
  headers: Record<string, string> = {},
  body?: unknown,
): Promise<Reply> =>
  api.request('POST', `${ORDERS}/${id}/${action}`, { headers, ...(body !== undefined ? { body } : {}) });

/** The documented fee: 3.49% of gross (rounded half up) plus the fixed USD fee of 0.49. */
const usdFeeMinor = (grossMinor: bigint) => (grossMinor * 349n * 2n + 10_000n) / 20_000n + 49n;

describe('POST /v2/checkout/orders/{id}/capture and /authorize', () => {
  let api: ApiHarness;
  afterEach(async () => api?.close());

  describe('guards', () => {
    it.each(['capture', 'authorize'] as const)(
      '%s on a CREATED order -> 422 ORDER_NOT_APPROVED, nothing changed',
      async (action) => {
        api = await startHarness();
        const id = await createId(api, simpleOrder(intentOf(action)));
        const before = (await getOrder(api, id)).body;
        const reply = await settle(api, id, action);
        expectError(reply, 'UNPROCESSABLE_ENTITY', { issue: 'ORDER_NOT_APPROVED', location: 'path' });
        expect((await getOrder(api, id)).body).toEqual(before);
      },
    );

    it('capture on a PAYER_ACTION_REQUIRED order -> 422 ORDER_NOT_APPROVED', async () => {
      api = await startHarness();
      const id = await createId(
        api,
        { ...simpleOrder(), payment_source: { svc: {} } },
        { 'svc-request-id': 'par' },
      );
      expectError(await settle(api, id, 'capture'), 'UNPROCESSABLE_ENTITY', {
        issue: 'ORDER_NOT_APPROVED',
        location: 'path',
      });
    });

    it.each([
      ['capture', 'AUTHORIZE'],
      ['authorize', 'CAPTURE'],
    ] as const)(
      '%s on an %s order -> 422 ACTION_DOES_NOT_MATCH_INTENT (before or after approval)',
      async (action, intent) => {
        api = await startHarness();
        const id = await createId(api, simpleOrder(intent));
        expectError(await settle(api, id, action), 'UNPROCESSABLE_ENTITY', {
          issue: 'ACTION_DOES_NOT_MATCH_INTENT',
          location: 'path',
        });
        await approve(api, id);
        const before = (await getOrder(api, id)).body;
        expectError(await settle(api, id, action), 'UNPROCESSABLE_ENTITY', {
          issue: 'ACTION_DOES_NOT_MATCH_INTENT',
          location: 'path',
        });
        expect((await getOrder(api, id)).body).toEqual(before);
      },
    );

    it('answers 404 for an unknown order and 400 for a malformed id', async () => {
      api = await startHarness();
      expectError(await settle(api, 'ABCDEFGHIJKLMNOPQ', 'capture'), 'RESOURCE_NOT_FOUND', {
        issue: 'RESOURCE_NOT_FOUND',
        location: 'path',
      });
      expectError(await settle(api, 'abc', 'capture'), 'INVALID_REQUEST', {
        issue: 'INVALID_PARAMETER_SYNTAX',
        location: 'path',
      });
    });
  });

  describe('capture', () => {
    it.each([
      ['100.00', '3.98'],
      ['10.00', '0.84'],
      ['0.01', '0.01'], // the fee never exceeds the gross amount
      ['1234.56', '43.58'],
    ])(
      'captures %s USD: 201 COMPLETED with a completed capture and its breakdown (fee %s)',
      async (value, fee) => {
        api = await startHarness({ realNow: () => FIXED_NOW });
        const id = await createId(api, simpleOrder('CAPTURE', value));
        await approve(api, id);
        const reply = await settle(api, id, 'capture');
        expect(reply.status, reply.text).toBe(201);
        expect(reply.body).toMatchObject({ id, status: 'COMPLETED', intent: 'CAPTURE' });
        expect(rels(reply.body.links)).toEqual(['self']);
        const captures = reply.body.purchase_units[0].payments.captures;
        expect(captures).toHaveLength(1);
        const capture = captures[0];
        expect(capture).toMatchObject({
          id: expect.stringMatching(/^[A-Z0-9]{17}$/),
          status: 'COMPLETED',
          amount: usd(value),
          final_capture: true,
          payee: { email_address: MERCHANT, merchant_id: accountIdFor(MERCHANT) },
          supplementary_data: { related_ids: { order_id: id } },
          create_time: FIXED_NOW_ISO,
        });
        const { gross_amount, svc_fee, net_amount } = capture.seller_receivable_breakdown;
        expect(gross_amount).toEqual(usd(value));
        expect(svc_fee).toEqual(usd(fee));
        const grossMinor = toMinor(gross_amount.value, 'USD');
        const feeMinor = toMinor(svc_fee.value, 'USD');
        expect(feeMinor).toBe(usdFeeMinor(grossMinor) > grossMinor ? grossMinor : usdFeeMinor(grossMinor));
        expect(toMinor(net_amount.value, 'USD')).toBe(grossMinor - feeMinor);
        expect(net_amount.currency_code).toBe('USD');
        const captureLinks = capture.links as { rel: string; href: string; method: string }[];
        expect(captureLinks.map((l) => [l.rel, l.method])).toEqual([
          ['self', 'GET'],
          ['refund', 'POST'],
          ['up', 'GET'],
        ]);
        expect(new URL(captureLinks[0]!.href).pathname).toBe(`/v2/payments/captures/${capture.id}`);
        expect(new URL(captureLinks[2]!.href).pathname).toBe(`${ORDERS}/${id}`);

        // GET shows the same, and the capture is a payments v2 resource of its own.
        const shown = (await getOrder(api, id)).body;
        expect(shown.status).toBe('COMPLETED');
        expect(shown.purchase_units[0].payments.captures[0].id).toBe(capture.id);
        const direct = await api.request('GET', `/v2/payments/captures/${capture.id}`);
        expect(direct.status).toBe(200);
        expect(direct.body.seller_receivable_breakdown).toEqual(capture.seller_receivable_breakdown);
      },
    );

    it('captures in JPY with whole-unit amounts', async () => {
      api = await startHarness();
      const id = await createId(api, simpleOrder('CAPTURE', '10000', 'JPY'));
      await approve(api, id);
      const reply = await settle(api, id, 'capture');
      expect(reply.status, reply.text).toBe(201);
      const { gross_amount, svc_fee, net_amount } =
        reply.body.purchase_units[0].payments.captures[0].seller_receivable_breakdown;
      expect(gross_amount).toEqual({ currency_code: 'JPY', value: '10000' });
      expect(svc_fee.value).toMatch(/^\d+$/);
      expect(BigInt(net_amount.value)).toBe(10000n - BigInt(svc_fee.value));
    });

    it('captures every purchase unit, each to its own payee', async () => {
      api = await startHarness();
      const id = await createId(api, {
        intent: 'CAPTURE',
        purchase_units: [
          {
            reference_id: 'shop',
            amount: usd('30.00'),
            invoice_id: 'INV-1',
            custom_id: 'C-1',
            soft_descriptor: 'SHOP',
          },
          { reference_id: 'gift', amount: usd('5.00'), payee: { email_address: CHARITY } },
        ],
      });
      await approve(api, id);
      const reply = await settle(api, id, 'capture');
      expect(reply.status, reply.text).toBe(201);
      const [shop, gift] = reply.body.purchase_units;
      expect(shop.payments.captures).toHaveLength(1);
      expect(gift.payments.captures).toHaveLength(1);
      expect(shop.payments.captures[0]).toMatchObject({
        amount: usd('30.00'),
        invoice_id: 'INV-1',
        custom_id: 'C-1',
        soft_descriptor: 'SHOP',
        payee: { email_address: MERCHANT },
      });
      expect(gift.payments.captures[0]).toMatchObject({
        amount: usd('5.00'),
        payee: { email_address: CHARITY, merchant_id: accountIdFor(CHARITY) },
      });
      expect(api.host.deps.store.resources.count('capture')).toBe(2);
    });

    it('a second capture -> 422 ORDER_ALREADY_COMPLETED and no second capture', async () => {
      api = await startHarness();
      const id = await createId(api, simpleOrder());
      await approve(api, id);
      expect((await settle(api, id, 'capture')).status).toBe(201);
      const before = (await getOrder(api, id)).body;
      expectError(await settle(api, id, 'capture'), 'UNPROCESSABLE_ENTITY', {
        issue: 'ORDER_ALREADY_COMPLETED',
        location: 'path',
      });
      expect(api.host.deps.store.resources.count('capture')).toBe(1);
      expect((await getOrder(api, id)).body).toEqual(before);
    });

    it('a card given with the capture approves and captures a CREATED order', async () => {
      api = await startHarness();
      const id = await createId(api, simpleOrder());
      const reply = await settle(
        api,
        id,
        'capture',
        { 'svc-request-id': 'card-at-capture' },
        { payment_source: CARD },
      );
      expect(reply.status, reply.text).toBe(201);
      expect(reply.body.status).toBe('COMPLETED');
      expect(reply.body.payment_source).toEqual({
        card: { last_digits: '1111', brand: 'VISA', type: 'CREDIT', expiry: FUTURE_EXPIRY },
      });
      expect(reply.text).not.toContain(VISA);
    });

    it('an expired card given with the capture -> 422 CARD_EXPIRED, nothing changed', async () => {
      api = await startHarness({ realNow: () => FIXED_NOW });
      const id = await createId(api, simpleOrder());
      const before = (await getOrder(api, id)).body;
      const reply = await settle(
        api,
        id,
        'capture',
        { 'svc-request-id': 'expired-at-capture' },
        { payment_source: { card: { number: VISA, expiry: EXPIRED_EXPIRY } } },
      );
      expectError(reply, 'UNPROCESSABLE_ENTITY', {
        issue: 'CARD_EXPIRED',
        field: '/payment_source/card/expiry',
        location: 'body',
      });
      expect((await getOrder(api, id)).body).toEqual(before);
    });

    it('an order created with a card captures without buyer approval', async () => {
      api = await startHarness();
      const id = await createId(
        api,
        { ...simpleOrder(), payment_source: CARD },
        { 'svc-request-id': 'card-order' },
      );
      const reply = await settle(api, id, 'capture');
      expect(reply.status, reply.text).toBe(201);
      expect(reply.body.purchase_units[0].payments.captures[0].status).toBe('COMPLETED');
    });

    it.each([
      [undefined, 'full'],
      ['return=representation', 'full'],
      ['return=minimal', 'minimal'],
    ] as const)('Prefer %s answers the %s order', async (prefer, shape) => {
      api = await startHarness();
      const id = await createId(api, simpleOrder());
      await approve(api, id);
      const reply = await settle(api, id, 'capture', prefer ? { prefer } : {});
      expect(reply.status).toBe(201);
      if (shape === 'minimal') expect(Object.keys(reply.body).sort()).toEqual(['id', 'links', 'status']);
      else expect(reply.body.purchase_units[0].payments.captures).toHaveLength(1);
    });

    it('accepts an empty JSON body with a JSON content type', async () => {
      api = await startHarness();
      const id = await createId(api, simpleOrder());
      await approve(api, id);
      const reply = await api.request('POST', `${ORDERS}/${id}/capture`, {
        payload: '',
        headers: { 'content-type': 'application/json' },
      });
      expect(reply.status, reply.text).toBe(201);
    });
  });

  describe('authorize', () => {
    it('authorizes: 201 COMPLETED with a CREATED authorization expiring 29 days after create_time', async () => {
      api = await startHarness({ realNow: () => FIXED_NOW });
      const id = await createId(api, simpleOrder('AUTHORIZE', '80.00'));
      await approve(api, id);
      api.host.deps.clock.advance(90_000);
      const reply = await settle(api, id, 'authorize');
      expect(reply.status, reply.text).toBe(201);
      expect(reply.body.status).toBe('COMPLETED');
      const authorizations = reply.body.purchase_units[0].payments.authorizations;
      expect(authorizations).toHaveLength(1);
      const authorization = authorizations[0];
      expect(authorization).toMatchObject({
        id: expect.stringMatching(/^[A-Z0-9]{17}$/),
        status: 'CREATED',
        amount: usd('80.00'),
        payee: { email_address: MERCHANT, merchant_id: accountIdFor(MERCHANT) },
        seller_protection: { status: 'ELIGIBLE' },
      });
      expect(authorization.create_time).toBe('2026-05-15T12:01:30Z');
      expect(Date.parse(authorization.expiration_time) - Date.parse(authorization.create_time)).toBe(
        29 * DAY_MS,
      );
      expect(authorization.links.map((l: { rel: string }) => l.rel)).toEqual(
        expect.arrayContaining(['self', 'capture', 'void', 'reauthorize']),
      );
      expect(reply.body.purchase_units[0].payments).not.toHaveProperty('captures');
      expect(api.host.deps.store.resources.count('capture')).toBe(0);
    });

    it('a second authorize -> 422 ORDER_ALREADY_COMPLETED', async () => {
      api = await startHarness();
      const id = await createId(api, simpleOrder('AUTHORIZE'));
      await approve(api, id);
      expect((await settle(api, id, 'authorize')).status).toBe(201);
      expectError(await settle(api, id, 'authorize'), 'UNPROCESSABLE_ENTITY', {
        issue: 'ORDER_ALREADY_COMPLETED',
        location: 'path',
      });
      expect(api.host.deps.store.resources.count('authorization')).toBe(1);
    });
  });

  describe('idempotency', () => {
    it.each(['capture', 'authorize'] as const)(
      'a repeated %s with the same Svc-Request-Id answers 200 and runs once',
      async (action) => {
        api = await startHarness();
        const id = await createId(api, simpleOrder(intentOf(action)));
        await approve(api, id);
        const first = await settle(api, id, action, { 'svc-request-id': `settle-${action}` });
        expect(first.status).toBe(201);
        const repeat = await settle(api, id, action, { 'svc-request-id': `settle-${action}` });
        expect(repeat.status, repeat.text).toBe(200);
        expect(repeat.body).toEqual(first.body);
        const kind = action === 'capture' ? 'capture' : 'authorization';
        expect(api.host.deps.store.resources.count(kind)).toBe(1);
        // A different key is a new call, which the state machine refuses.
        expectError(
          await settle(api, id, action, { 'svc-request-id': `other-${action}` }),
          'UNPROCESSABLE_ENTITY',
          { issue: 'ORDER_ALREADY_COMPLETED' },
        );
      },
    );

    it('a capture key is not shared with another order', async () => {
      api = await startHarness();
      const a = await createId(api, simpleOrder());
      const b = await createId(api, simpleOrder());
      await approve(api, a);
      await approve(api, b);
      expect((await settle(api, a, 'capture', { 'svc-request-id': 'shared' })).status).toBe(201);
      const other = await settle(api, b, 'capture', { 'svc-request-id': 'shared' });
      expect(other.status).toBe(201);
      expect(other.body.id).toBe(b);
      expect(api.host.deps.store.resources.count('capture')).toBe(2);
    });

    it('concurrent captures with one Svc-Request-Id capture once', async () => {
      api = await startHarness();
      const id = await createId(api, simpleOrder());
      await approve(api, id);
      const replies = await Promise.all(
        Array.from({ length: 10 }, () => settle(api, id, 'capture', { 'svc-request-id': 'race' })),
      );
      expect(replies.filter((r) => r.status === 201)).toHaveLength(1);
      for (const r of replies) expect([200, 201, 409]).toContain(r.status);
      expect(api.host.deps.store.resources.count('capture')).toBe(1);
    });

    it('a Svc-Request-Id over 10000 characters -> 400', async () => {
      api = await startHarness();
      const id = await createId(api, simpleOrder());
      await approve(api, id);
      expectError(
        await settle(api, id, 'capture', { 'svc-request-id': 'k'.repeat(10_001) }),
        'INVALID_REQUEST',
        {
          issue: 'INVALID_STRING_MAX_LENGTH',
          field: 'Svc-Request-Id',
          location: 'header',
        },
      );
      expect(api.host.deps.store.resources.count('capture')).toBe(0);
    });
  });

  describe('negative testing (Svc-Mock-Response)', () => {
    it.each([
      ['INSTRUMENT_DECLINED', 422, 'UNPROCESSABLE_ENTITY'],
      ['TRANSACTION_REFUSED', 422, 'UNPROCESSABLE_ENTITY'],
      ['PAYER_CANNOT_PAY', 422, 'UNPROCESSABLE_ENTITY'],
    ] as const)('%s -> %i with that issue, nothing changed', async (code, status, name) => {
      api = await startHarness();
      const id = await createId(api, simpleOrder());
      await approve(api, id);
      const before = (await getOrder(api, id)).body;
      const reply = await settle(api, id, 'capture', {
        'svc-mock-response': JSON.stringify({ mock_application_codes: code }),
        'svc-request-id': `mock-${code}`,
      });
      expect(reply.status).toBe(status);
      expectError(reply, name, { issue: code });
      expect((await getOrder(api, id)).body).toEqual(before);
      expect(api.host.deps.store.resources.count('capture')).toBe(0);
      // The key was not consumed: the real capture goes through.
      const real = await settle(api, id, 'capture', { 'svc-request-id': `mock-${code}` });
      expect(real.status).toBe(201);
    });

    it('forces an error on create too, creating nothing', async () => {
      api = await startHarness();
      const reply = await api.createOrder(simpleOrder(), {
        'svc-mock-response': '{"mock_application_codes":"INSTRUMENT_DECLINED"}',
      });
      expectError(reply, 'UNPROCESSABLE_ENTITY', { issue: 'INSTRUMENT_DECLINED' });
      expect(api.host.deps.store.resources.count('order')).toBe(0);
    });

    it('rejects an unknown mock code with 400', async () => {
      api = await startHarness();
      const id = await createId(api, simpleOrder());
      await approve(api, id);
      const reply = await settle(api, id, 'capture', {
        'svc-mock-response': '{"mock_application_codes":"NOT_A_CODE"}',
      });
      expectError(reply, 'INVALID_REQUEST', {
        issue: 'INVALID_MOCK_RESPONSE',
        field: 'Svc-Mock-Response',
        location: 'header',
      });
      expect((await getOrder(api, id)).body.status).toBe('APPROVED');
    });
  });
});
