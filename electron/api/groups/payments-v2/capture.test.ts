import { describe, expect, it } from 'vitest';
import { harnessPerTest } from '../../../test-support/harness-per-test.js';
import { CAPTURE_LIMITS } from '../../../../shared/api/payments-v2/schemas.js';
import { SEED_MERCHANT } from '../../../store/seed.js';
import { expectError } from '../../../test-support/expect-error.js';
import { otherAppToken } from '../../../test-support/test-kit.js';
import { FIXED_NOW_ISO } from '../../../test-support/fixtures.js';
import {
  AUTHORIZATIONS,
  CAPTURES,
  ORDERS,
  advance,
  capture,
  captureOk,
  createCardOrder,
  getAuthorization,
  getCapture,
  getOrder,
  linkOf,
  money,
  newAuthorization,
  pathOf,
  refundOk,
  rels,
  requestId,
  sentTwice,
  usd,
  startPaymentsHarness,
  voidAuthorization,
} from './payments-test-kit.js';

describe('POST /v2/payments/authorizations/{id}/capture', () => {
  const api = harnessPerTest(startPaymentsHarness);

  describe('partial, multiple and final captures', () => {
    it('partial, then more partial, then final_capture closes the authorization', async () => {
      const { authorizationId } = await newAuthorization(api, '100.00');

      const first = await captureOk(api, authorizationId, { amount: usd('30.00') });
      expect(first).toMatchObject({ status: 'COMPLETED', amount: usd('30.00'), final_capture: false });
      expect((await getAuthorization(api, authorizationId)).status).toBe('PARTIALLY_CAPTURED');

      const second = await captureOk(api, authorizationId, { amount: usd('20.00') });
      expect(second).toMatchObject({ status: 'COMPLETED', amount: usd('20.00'), final_capture: false });
      expect((await getAuthorization(api, authorizationId)).status).toBe('PARTIALLY_CAPTURED');

      const last = await captureOk(api, authorizationId, { amount: usd('10.00'), final_capture: true });
      expect(last).toMatchObject({ status: 'COMPLETED', amount: usd('10.00'), final_capture: true });
      const authorization = await getAuthorization(api, authorizationId);
      expect(authorization.status).toBe('CAPTURED');
      // The authorization keeps its amount; the 40.00 left over is released, not captured.
      expect(authorization.amount).toEqual(usd('100.00'));

      expect(new Set([first.id, second.id, last.id]).size).toBe(3);
      const after = await capture(api, authorizationId, { amount: usd('1.00') });
      expectError(after, 'UNPROCESSABLE_ENTITY', {
        issue: 'AUTHORIZATION_ALREADY_CAPTURED',
        location: 'path',
      });
    });

    it('a capture without an amount takes what remains', async () => {
      const { authorizationId } = await newAuthorization(api, '100.00');
      await captureOk(api, authorizationId, { amount: usd('30.25') });
      const rest = await captureOk(api, authorizationId);
      expect(rest.amount).toEqual(usd('69.75'));
      expect(rest.final_capture).toBe(true);
      expect((await getAuthorization(api, authorizationId)).status).toBe('CAPTURED');
    });

    it.each([
      ['no body at all', undefined],
      ['an empty object', {}],
      ['only a note', { note_to_payer: 'Thanks' }],
    ])('a first capture with %s takes the whole amount', async (_label, body) => {
      const { authorizationId } = await newAuthorization(api, '250.50');
      const captured = await captureOk(api, authorizationId, body);
      expect(captured.amount).toEqual(usd('250.50'));
      expect(captured.final_capture).toBe(true);
      expect((await getAuthorization(api, authorizationId)).status).toBe('CAPTURED');
    });

    it('accepts an empty body sent with a JSON content type (SDKs do that)', async () => {
      const { authorizationId } = await newAuthorization(api, '10.00');
      const reply = await api.request('POST', `${AUTHORIZATIONS}/${authorizationId}/capture`, {
        headers: { 'content-type': 'application/json' },
        payload: '',
      });
      expect(reply.status, reply.text).toBe(201);
    });

    it('partial captures that reach the whole amount close the authorization without final_capture', async () => {
      const { authorizationId } = await newAuthorization(api, '100.00');
      const a = await captureOk(api, authorizationId, { amount: usd('60.00') });
      const b = await captureOk(api, authorizationId, { amount: usd('40.00') });
      expect(a.final_capture).toBe(false);
      expect(b.final_capture).toBe(true);
      expect((await getAuthorization(api, authorizationId)).status).toBe('CAPTURED');
    });

    it('final_capture on the first capture of a part closes it at once', async () => {
      const { authorizationId } = await newAuthorization(api, '100.00');
      await captureOk(api, authorizationId, { amount: usd('5.00'), final_capture: true });
      expect((await getAuthorization(api, authorizationId)).status).toBe('CAPTURED');
      expectError(await capture(api, authorizationId), 'UNPROCESSABLE_ENTITY', {
        issue: 'AUTHORIZATION_ALREADY_CAPTURED',
      });
    });

    it('final_capture: false with the whole amount still closes the authorization (nothing remains)', async () => {
      const { authorizationId } = await newAuthorization(api, '100.00');
      const captured = await captureOk(api, authorizationId, { amount: usd('100.00'), final_capture: false });
      expect(captured.final_capture).toBe(true);
      expect((await getAuthorization(api, authorizationId)).status).toBe('CAPTURED');
    });

    it('the order lists every capture of its authorization', async () => {
      const { orderId, authorizationId } = await newAuthorization(api, '100.00');
      const a = await captureOk(api, authorizationId, { amount: usd('30.00') });
      const b = await captureOk(api, authorizationId, { amount: usd('70.00') });
      const order = await getOrder(api, orderId);
      expect(order.status).toBe('COMPLETED');
      const payments = order.purchase_units[0].payments;
      expect(payments.captures.map((c: { id: string }) => c.id)).toEqual([a.id, b.id]);
      expect(payments.authorizations[0].status).toBe('CAPTURED');
    });
  });

  describe('amount rules', () => {
    it.each([
      ['more than the authorization', [], '100.01'],
      ['more than what remains after a partial capture', ['60.00'], '40.01'],
      ['more than what remains after two partial captures', ['60.00', '39.99'], '0.02'],
    ])('422 MAX_CAPTURE_AMOUNT_EXCEEDED: %s', async (_label, before, value) => {
      const { authorizationId } = await newAuthorization(api, '100.00');
      for (const v of before) await captureOk(api, authorizationId, { amount: usd(v) });
      const reply = await capture(api, authorizationId, { amount: usd(value) });
      expectError(reply, 'UNPROCESSABLE_ENTITY', {
        issue: 'MAX_CAPTURE_AMOUNT_EXCEEDED',
        field: '/amount/value',
        location: 'body',
      });
      // Nothing was captured by the refused call.
      const captures =
        (
          await getOrder(
            api,
            (await getAuthorization(api, authorizationId)).supplementary_data.related_ids.order_id,
          )
        ).purchase_units[0].payments.captures ?? [];
      expect(captures).toHaveLength(before.length);
    });

    it('exactly what remains is accepted', async () => {
      const { authorizationId } = await newAuthorization(api, '100.00');
      await captureOk(api, authorizationId, { amount: usd('60.00') });
      const rest = await captureOk(api, authorizationId, { amount: usd('40.00') });
      expect(rest.amount).toEqual(usd('40.00'));
    });

    it('422 CURRENCY_MISMATCH when the capture is in another currency than the authorization', async () => {
      const { authorizationId } = await newAuthorization(api, '100.00', 'USD');
      const reply = await capture(api, authorizationId, { amount: money('10.00', 'EUR') });
      expectError(reply, 'UNPROCESSABLE_ENTITY', {
        issue: 'CURRENCY_MISMATCH',
        field: '/amount/currency_code',
        location: 'body',
      });
      expect((await getAuthorization(api, authorizationId)).status).toBe('CREATED');
    });

    it('422 CURRENCY_MISMATCH when a breakdown member is in another currency than the amount', async () => {
      const { authorizationId } = await newAuthorization(api, '100.00', 'USD');
      const reply = await capture(api, authorizationId, {
        amount: { ...usd('10.00'), breakdown: { item_total: money('10.00', 'EUR') } },
      });
      expectError(reply, 'UNPROCESSABLE_ENTITY', {
        issue: 'CURRENCY_MISMATCH',
        field: '/amount/breakdown/item_total/currency_code',
      });
    });

    it.each([
      ['zero', '0.00', 'UNPROCESSABLE_ENTITY', 'AMOUNT_NOT_POSITIVE'],
      ['negative', '-1.00', 'UNPROCESSABLE_ENTITY', 'AMOUNT_NOT_POSITIVE'],
      ['three decimals in USD', '10.001', 'UNPROCESSABLE_ENTITY', 'DECIMAL_PRECISION'],
      ['not a number', 'ten', 'INVALID_REQUEST', 'INVALID_PARAMETER_SYNTAX'],
    ] as const)('rejects a %s amount', async (_label, value, name, issue) => {
      const { authorizationId } = await newAuthorization(api, '100.00');
      expectError(await capture(api, authorizationId, { amount: usd(value) }), name, {
        issue,
        field: '/amount/value',
        location: 'body',
      });
    });

    it('JPY has no minor unit: 1000 is fine, 1000.5 is DECIMAL_PRECISION', async () => {
      const { authorizationId } = await newAuthorization(api, '5000', 'JPY');
      expectError(
        await capture(api, authorizationId, { amount: money('1000.5', 'JPY') }),
        'UNPROCESSABLE_ENTITY',
        { issue: 'DECIMAL_PRECISION' },
      );
      const captured = await captureOk(api, authorizationId, { amount: money('1000', 'JPY') });
      expect(captured.amount).toEqual(money('1000', 'JPY'));
    });

    const breakdownOk: [string, Record<string, string>, string][] = [
      ['item_total only', { item_total: '50.00' }, '50.00'],
      [
        'every adding member',
        { item_total: '40.00', tax_total: '5.00', shipping: '3.00', handling: '1.00', insurance: '1.00' },
        '50.00',
      ],
      [
        'with both discounts',
        {
          item_total: '40.00',
          tax_total: '5.00',
          shipping: '6.00',
          handling: '1.00',
          insurance: '2.00',
          shipping_discount: '3.00',
          discount: '1.00',
        },
        '50.00',
      ],
      ['discount down to one cent', { item_total: '10.00', discount: '9.99' }, '0.01'],
    ];
    it.each(breakdownOk)(
      'amount = item_total + tax_total + shipping + handling + insurance - shipping_discount - discount (%s)',
      async (_label, parts, value) => {
        const { authorizationId } = await newAuthorization(api, '100.00');
        const breakdown = Object.fromEntries(Object.entries(parts).map(([k, v]) => [k, usd(v)]));
        const captured = await captureOk(api, authorizationId, { amount: { ...usd(value), breakdown } });
        expect(captured.amount).toEqual(usd(value));
      },
    );

    const breakdownBad: [string, Record<string, string>, string][] = [
      ['one cent too much', { item_total: '40.00', tax_total: '5.00', shipping: '5.00' }, '50.01'],
      ['one cent too little', { item_total: '40.00', tax_total: '5.00', shipping: '5.00' }, '49.99'],
      ['discount added instead of subtracted', { item_total: '40.00', discount: '5.00' }, '45.00'],
      [
        'shipping_discount ignored',
        { item_total: '40.00', shipping: '10.00', shipping_discount: '10.00' },
        '50.00',
      ],
      ['insurance left out', { item_total: '40.00', insurance: '2.00' }, '40.00'],
      ['handling left out', { item_total: '40.00', handling: '2.00' }, '40.00'],
    ];
    it.each(breakdownBad)(
      '422 AMOUNT_MISMATCH when the breakdown does not add up (%s)',
      async (_label, parts, value) => {
        const { authorizationId } = await newAuthorization(api, '100.00');
        const breakdown = Object.fromEntries(Object.entries(parts).map(([k, v]) => [k, usd(v)]));
        const reply = await capture(api, authorizationId, { amount: { ...usd(value), breakdown } });
        expectError(reply, 'UNPROCESSABLE_ENTITY', {
          issue: 'AMOUNT_MISMATCH',
          field: '/amount/value',
          location: 'body',
        });
        expect((await getAuthorization(api, authorizationId)).status).toBe('CREATED');
      },
    );
  });

  describe('field limits (spec 2.5 and part 8)', () => {
    const limits: [keyof typeof CAPTURE_LIMITS, number][] = [
      ['invoice_id', 127],
      ['note_to_payer', 255],
      ['soft_descriptor', 22],
    ];

    it('the schema limits are the ones of the spec', () => {
      expect(CAPTURE_LIMITS).toEqual(Object.fromEntries(limits));
    });

    it.each(limits)('%s: %i characters are accepted and shown on the capture', async (field, max) => {
      const { authorizationId } = await newAuthorization(api);
      const value = 'x'.repeat(max);
      const captured = await captureOk(api, authorizationId, { [field]: value });
      expect(captured[field]).toBe(value);
      expect((await getCapture(api, captured.id))[field]).toBe(value);
    });

    it.each(limits)('%s: one character more than %i is 400 INVALID_STRING_MAX_LENGTH', async (field, max) => {
      const { authorizationId } = await newAuthorization(api);
      const reply = await capture(api, authorizationId, { [field]: 'x'.repeat(max + 1) });
      expectError(reply, 'INVALID_REQUEST', {
        issue: 'INVALID_STRING_MAX_LENGTH',
        field: `/${field}`,
        location: 'body',
      });
      expect((await getAuthorization(api, authorizationId)).status).toBe('CREATED');
    });

    it.each([
      ['final_capture as a string', { final_capture: 'true' }, '/final_capture'],
      ['invoice_id as a number', { invoice_id: 42 }, '/invoice_id'],
      ['amount without a value', { amount: { currency_code: 'USD' } }, '/amount/value'],
      ['payment_instruction as an array', { payment_instruction: [] }, '/payment_instruction'],
    ])('400 INVALID_REQUEST for %s', async (_label, body, field) => {
      const { authorizationId } = await newAuthorization(api);
      expectError(await capture(api, authorizationId, body), 'INVALID_REQUEST', {
        issue: expect.any(String) as never,
        field,
        location: 'body',
      });
    });

    it('400 MALFORMED_REQUEST_JSON for a body that is not JSON', async () => {
      const { authorizationId } = await newAuthorization(api);
      const reply = await api.request('POST', `${AUTHORIZATIONS}/${authorizationId}/capture`, {
        headers: { 'content-type': 'application/json' },
        payload: '{"amount": {',
      });
      expectError(reply, 'INVALID_REQUEST', { issue: 'MALFORMED_REQUEST_JSON', location: 'body' });
    });

    it('invoice_id of the capture defaults to the authorization’s', async () => {
      const { authorizationId } = await newAuthorization(api, '100.00', 'USD', { invoice_id: 'INV-UNIT' });
      const first = await captureOk(api, authorizationId, { amount: usd('10.00') });
      expect(first.invoice_id).toBe('INV-UNIT');
      const second = await captureOk(api, authorizationId, {
        amount: usd('10.00'),
        invoice_id: 'INV-CAPTURE',
      });
      expect(second.invoice_id).toBe('INV-CAPTURE');
    });

    it('Svc-Request-Id of 10000 characters is accepted, 10001 is 400', async () => {
      const { authorizationId } = await newAuthorization(api);
      expectError(
        await capture(api, authorizationId, undefined, { 'Svc-Request-Id': 'k'.repeat(10_001) }),
        'INVALID_REQUEST',
        {
          issue: 'INVALID_STRING_MAX_LENGTH',
          field: 'Svc-Request-Id',
          location: 'header',
        },
      );
      const reply = await capture(api, authorizationId, undefined, { 'Svc-Request-Id': 'k'.repeat(10_000) });
      expect(reply.status, reply.text).toBe(201);
    });
  });

  describe('idempotency (spec 4.1)', () => {
    it('201 then 200 with the same capture for a repeat with the same Svc-Request-Id; one capture only', async () => {
      const { orderId, authorizationId } = await newAuthorization(api, '100.00');
      const key = requestId('capture');
      const first = await capture(api, authorizationId, { amount: usd('25.00') }, { 'Svc-Request-Id': key });
      expect(first.status, first.text).toBe(201);
      const repeat = await capture(api, authorizationId, { amount: usd('25.00') }, { 'Svc-Request-Id': key });
      expect(repeat.status, repeat.text).toBe(200);
      expect(repeat.body).toEqual(first.body);

      const order = await getOrder(api, orderId);
      expect(order.purchase_units[0].payments.captures).toHaveLength(1);
      // The authorization still has 75.00 left: the repeat did not capture again.
      const rest = await captureOk(api, authorizationId);
      expect(rest.amount).toEqual(usd('75.00'));
    });

    it('a repeat answers the latest state of what the first call created', async () => {
      const { authorizationId } = await newAuthorization(api, '100.00');
      const key = requestId('capture');
      const first = await capture(api, authorizationId, undefined, {
        'Svc-Request-Id': key,
        Prefer: 'return=representation',
      });
      expect(first.status).toBe(201);
      expect(first.body.status).toBe('COMPLETED');
      await refundOk(api, first.body.id, { amount: usd('10.00') });
      const repeat = await capture(api, authorizationId, undefined, {
        'Svc-Request-Id': key,
        Prefer: 'return=representation',
      });
      expect(repeat.status).toBe(200);
      expect(repeat.body.id).toBe(first.body.id);
      expect(repeat.body.status).toBe('PARTIALLY_REFUNDED');
    });

    it('a repeat of a capture that closed the authorization still answers 200, not 422', async () => {
      const { authorizationId } = await newAuthorization(api, '100.00');
      await sentTwice((headers) => capture(api, authorizationId, undefined, headers), 'capture');
    });

    it('another Svc-Request-Id, or none, is a new capture', async () => {
      const { orderId, authorizationId } = await newAuthorization(api, '100.00');
      expect(
        (await capture(api, authorizationId, { amount: usd('1.00') }, { 'Svc-Request-Id': requestId() }))
          .status,
      ).toBe(201);
      expect(
        (await capture(api, authorizationId, { amount: usd('1.00') }, { 'Svc-Request-Id': requestId() }))
          .status,
      ).toBe(201);
      expect((await capture(api, authorizationId, { amount: usd('1.00') })).status).toBe(201);
      expect((await capture(api, authorizationId, { amount: usd('1.00') })).status).toBe(201);
      expect((await getOrder(api, orderId)).purchase_units[0].payments.captures).toHaveLength(4);
    });

    it('the same Svc-Request-Id on another authorization is another call (keys are per call)', async () => {
      const a = await newAuthorization(api, '10.00');
      const b = await newAuthorization(api, '20.00');
      const key = requestId('shared');
      const first = await capture(api, a.authorizationId, undefined, {
        'Svc-Request-Id': key,
        Prefer: 'return=representation',
      });
      const second = await capture(api, b.authorizationId, undefined, {
        'Svc-Request-Id': key,
        Prefer: 'return=representation',
      });
      expect(first.status).toBe(201);
      expect(second.status).toBe(201);
      expect(second.body.id).not.toBe(first.body.id);
      expect(second.body.amount).toEqual(usd('20.00'));
    });

    it('a refused call is not remembered: the same key may succeed later', async () => {
      const { authorizationId } = await newAuthorization(api, '100.00');
      const key = requestId('capture');
      expectError(
        await capture(api, authorizationId, { amount: usd('500.00') }, { 'Svc-Request-Id': key }),
        'UNPROCESSABLE_ENTITY',
        {
          issue: 'MAX_CAPTURE_AMOUNT_EXCEEDED',
        },
      );
      const retry = await capture(api, authorizationId, { amount: usd('50.00') }, { 'Svc-Request-Id': key });
      expect(retry.status, retry.text).toBe(201);
    });
  });

  describe('idempotency edges', () => {
    it('two simultaneous calls with one Svc-Request-Id capture once (the second answers 200 or 409)', async () => {
      const { orderId, authorizationId } = await newAuthorization(api, '100.00');
      const key = requestId('race');
      const replies = await Promise.all([
        capture(api, authorizationId, { amount: usd('10.00') }, { 'Svc-Request-Id': key }),
        capture(api, authorizationId, { amount: usd('10.00') }, { 'Svc-Request-Id': key }),
      ]);
      const statuses = replies.map((r) => r.status).sort();
      expect([
        [200, 201],
        [201, 409],
      ]).toContainEqual(statuses);
      expect((await getOrder(api, orderId)).purchase_units[0].payments.captures).toHaveLength(1);
    });

    it('a capture key is kept 72 hours of simulated time; after that the call runs again', async () => {
      const { orderId, authorizationId } = await newAuthorization(api, '100.00');
      const key = requestId('retained');
      expect(
        (await capture(api, authorizationId, { amount: usd('10.00') }, { 'Svc-Request-Id': key })).status,
      ).toBe(201);
      await advance(api, 72 * 3600 * 1000 - 1000);
      expect(
        (await capture(api, authorizationId, { amount: usd('10.00') }, { 'Svc-Request-Id': key })).status,
      ).toBe(200);
      await advance(api, 1000);
      expect(
        (await capture(api, authorizationId, { amount: usd('10.00') }, { 'Svc-Request-Id': key })).status,
      ).toBe(201);
      expect((await getOrder(api, orderId)).purchase_units[0].payments.captures).toHaveLength(2);
    });
  });

  describe('negative testing and isolation', () => {
    it.each([
      ['INSTRUMENT_DECLINED', 422],
      ['INTERNAL_SERVER_ERROR', 500],
    ])('Svc-Mock-Response %s forces the error and captures nothing', async (code, status) => {
      const { authorizationId } = await newAuthorization(api, '100.00');
      const reply = await capture(api, authorizationId, undefined, {
        'Svc-Mock-Response': JSON.stringify({ mock_application_codes: code }),
      });
      expect(reply.status, reply.text).toBe(status);
      expect((await getAuthorization(api, authorizationId)).status).toBe('CREATED');
    });

    it("another app's token sees none of these payments (404)", async () => {
      const { authorizationId } = await newAuthorization(api, '100.00');
      const captured = await captureOk(api, authorizationId, { amount: usd('10.00') });
      const refunded = await refundOk(api, captured.id, { amount: usd('1.00') });
      const other = await otherAppToken(api);
      for (const [method, url] of [
        ['GET', `${AUTHORIZATIONS}/${authorizationId}`],
        ['POST', `${AUTHORIZATIONS}/${authorizationId}/capture`],
        ['POST', `${AUTHORIZATIONS}/${authorizationId}/void`],
        ['POST', `${AUTHORIZATIONS}/${authorizationId}/reauthorize`],
        ['GET', `${CAPTURES}/${captured.id}`],
        ['POST', `${CAPTURES}/${captured.id}/refund`],
        ['GET', `/v2/payments/refunds/${refunded.id}`],
      ] as const) {
        expectError(await api.request(method, url, { token: other }), 'RESOURCE_NOT_FOUND');
      }
      expect((await getAuthorization(api, authorizationId)).status).toBe('PARTIALLY_CAPTURED');
    });
  });

  describe('Prefer (minimal by default, representation on request)', () => {
    it.each([
      ['no Prefer header', {}],
      ['Prefer: return=minimal', { Prefer: 'return=minimal' }],
    ])('%s answers {id, status, links}', async (_label, headers) => {
      const { authorizationId } = await newAuthorization(api);
      const reply = await capture(api, authorizationId, undefined, headers);
      expect(reply.status).toBe(201);
      expect(Object.keys(reply.body).sort()).toEqual(['id', 'links', 'status']);
      expect(reply.body.id).toMatch(/^[A-Z0-9]{17}$/);
      expect(reply.body.status).toBe('COMPLETED');
      expect(rels(reply.body.links)).toEqual(['self', 'refund', 'up']);
      const id = reply.body.id as string;
      expect(pathOf(linkOf(reply.body.links, 'self').href)).toBe(`${CAPTURES}/${id}`);
      expect(linkOf(reply.body.links, 'self').method ?? 'GET').toBe('GET');
      expect(pathOf(linkOf(reply.body.links, 'refund').href)).toBe(`${CAPTURES}/${id}/refund`);
      expect(linkOf(reply.body.links, 'refund').method).toBe('POST');
      expect(pathOf(linkOf(reply.body.links, 'up').href)).toBe(`${AUTHORIZATIONS}/${authorizationId}`);
      expect(linkOf(reply.body.links, 'up').method ?? 'GET').toBe('GET');
    });

    it('Prefer: return=representation answers the whole capture, equal to GET', async () => {
      const { orderId, authorizationId } = await newAuthorization(api, '100.00', 'USD', {
        custom_id: 'CUST-9',
      });
      const reply = await capture(
        api,
        authorizationId,
        { note_to_payer: 'Thank you', soft_descriptor: 'EXAMPLE*SHOP' },
        { Prefer: 'return=representation' },
      );
      expect(reply.status).toBe(201);
      const body = reply.body;
      expect(body).toMatchObject({
        status: 'COMPLETED',
        amount: usd('100.00'),
        final_capture: true,
        note_to_payer: 'Thank you',
        soft_descriptor: 'EXAMPLE*SHOP',
        custom_id: 'CUST-9',
        seller_protection: {
          status: 'ELIGIBLE',
          dispute_categories: ['ITEM_NOT_RECEIVED', 'UNAUTHORIZED_TRANSACTION'],
        },
        seller_receivable_breakdown: {
          gross_amount: usd('100.00'),
          svc_fee: usd('3.98'),
          net_amount: usd('96.02'),
        },
        payee: { email_address: SEED_MERCHANT.email, merchant_id: SEED_MERCHANT.id },
        supplementary_data: { related_ids: { order_id: orderId, authorization_id: authorizationId } },
        create_time: FIXED_NOW_ISO,
        update_time: FIXED_NOW_ISO,
      });
      expect(await getCapture(api, body.id)).toEqual(body);
    });

    it.each([
      ['100.00', '3.98', '96.02'],
      ['10.00', '0.84', '9.16'],
      ['0.49', '0.49', '0.00'],
      ['1234.56', '43.58', '1190.98'],
    ])(
      'seller_receivable_breakdown of a USD %s capture: fee %s, net %s (3.49%% + 0.49)',
      async (value, fee, net) => {
        const { authorizationId } = await newAuthorization(api, value);
        const captured = await captureOk(api, authorizationId);
        expect(captured.seller_receivable_breakdown).toEqual({
          gross_amount: usd(value),
          svc_fee: usd(fee),
          net_amount: usd(net),
        });
      },
    );
  });

  describe('state guards', () => {
    it('422 AUTHORIZATION_VOIDED after a void', async () => {
      const { authorizationId } = await newAuthorization(api);
      expect((await voidAuthorization(api, authorizationId)).status).toBe(204);
      expectError(await capture(api, authorizationId), 'UNPROCESSABLE_ENTITY', {
        issue: 'AUTHORIZATION_VOIDED',
        field: 'id',
        location: 'path',
      });
    });

    it('422 AUTHORIZATION_VOIDED after the rest of a partial capture was voided', async () => {
      const { authorizationId } = await newAuthorization(api);
      await captureOk(api, authorizationId, { amount: usd('10.00') });
      expect((await voidAuthorization(api, authorizationId)).status).toBe(204);
      expectError(await capture(api, authorizationId, { amount: usd('10.00') }), 'UNPROCESSABLE_ENTITY', {
        issue: 'AUTHORIZATION_VOIDED',
      });
    });

    it('422 AUTHORIZATION_ALREADY_CAPTURED after a full capture', async () => {
      const { authorizationId } = await newAuthorization(api);
      await captureOk(api, authorizationId);
      expectError(await capture(api, authorizationId), 'UNPROCESSABLE_ENTITY', {
        issue: 'AUTHORIZATION_ALREADY_CAPTURED',
        field: 'id',
        location: 'path',
      });
    });

    it('a CAPTURE-intent order has no authorization to capture: its capture links up to the order', async () => {
      const orderId = await createCardOrder(api, 'CAPTURE', '42.00');
      const reply = await api.request('POST', `${ORDERS}/${orderId}/capture`, {
        headers: { 'Svc-Request-Id': requestId() },
      });
      expect(reply.status, reply.text).toBe(201);
      const captured = reply.body.purchase_units[0].payments.captures[0];
      expect(captured).toMatchObject({ status: 'COMPLETED', amount: usd('42.00'), final_capture: true });
      expect(pathOf(linkOf(captured.links, 'up').href)).toBe(`${ORDERS}/${orderId}`);
      expect(captured.seller_receivable_breakdown.svc_fee).toEqual(usd('1.96'));
    });
  });
});
