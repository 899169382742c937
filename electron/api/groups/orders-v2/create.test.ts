import { afterEach, describe, expect, it } from 'vitest';
import type { ErrorName } from '../../../../shared/errors.js';
import type { Issue } from '../../../../shared/api/registry.js';
import { accountIdFor } from '../../../../shared/ids.js';
import { simpleOrder, startHarness, type ApiHarness } from '../../../test-support/api-harness.js';
import { expectError } from '../../../test-support/expect-error.js';
import {
  FIXED_NOW,
  FUTURE_EXPIRY,
  LUHN_INVALID_NUMBER,
  MASTERCARD,
  TEST_CARDS,
  VISA,
} from '../../../test-support/fixtures.js';
import { CHARITY, MERCHANT, ORDERS, createId, rels, usd } from './orders-test-kit.js';

const unit = (value: string, currency = 'USD', extra: Record<string, unknown> = {}) => ({
  amount: { currency_code: currency, value },
  ...extra,
});
const order = (...units: unknown[]) => ({ intent: 'CAPTURE', purchase_units: units });
const item = (value: string, quantity = '1', currency = 'USD', extra: Record<string, unknown> = {}) => ({
  name: 'Thing',
  quantity,
  unit_amount: { currency_code: currency, value },
  ...extra,
});
const walletSource = {
  svc: {
    experience_context: {
      payment_method_preference: 'IMMEDIATE_PAYMENT_REQUIRED',
      landing_page: 'LOGIN',
      shipping_preference: 'GET_FROM_FILE',
      user_action: 'PAY_NOW',
      return_url: 'https://shop.example/return',
      cancel_url: 'https://shop.example/cancel',
    },
  },
};
const cardSource = (number = VISA, expiry = FUTURE_EXPIRY) => ({
  card: { number, expiry, name: 'Bailey Buyer' },
});

describe('POST /v2/checkout/orders', () => {
  let api: ApiHarness;
  afterEach(async () => api?.close());

  describe('successful creates', () => {
    it('answers 201 with the minimal representation {id, status, links} by default', async () => {
      api = await startHarness();
      const reply = await api.createOrder(simpleOrder());
      expect(reply.status).toBe(201);
      expect(Object.keys(reply.body).sort()).toEqual(['id', 'links', 'status']);
      expect(reply.body.status).toBe('CREATED');
      expect(reply.body.id).toMatch(/^[A-Z0-9]{17}$/);
    });

    it.each(['return=minimal', 'return=representation'])(
      'Prefer: %s picks the representation',
      async (prefer) => {
        api = await startHarness();
        const reply = await api.createOrder(simpleOrder('AUTHORIZE', '12.34'), { prefer });
        expect(reply.status).toBe(201);
        if (prefer === 'return=minimal') {
          expect(Object.keys(reply.body).sort()).toEqual(['id', 'links', 'status']);
          return;
        }
        expect(reply.body).toMatchObject({
          id: expect.stringMatching(/^[A-Z0-9]{17}$/),
          intent: 'AUTHORIZE',
          status: 'CREATED',
          create_time: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/),
          purchase_units: [
            {
              reference_id: 'default',
              amount: { currency_code: 'USD', value: '12.34' },
              payee: { email_address: MERCHANT, merchant_id: accountIdFor(MERCHANT) },
            },
          ],
        });
        expect(rels(reply.body.links)).toEqual(['self', 'approve', 'edit', 'authorize']);
      },
    );

    it('gives every order a distinct id of 17 capital letters and digits', async () => {
      api = await startHarness();
      const ids = new Set<string>();
      for (let i = 0; i < 25; i++) ids.add(await createId(api, simpleOrder()));
      expect(ids.size).toBe(25);
      for (const id of ids) expect(id).toMatch(/^[A-Z0-9]{17}$/);
    });

    it.each([
      [
        'CAPTURE, no payment source',
        simpleOrder('CAPTURE'),
        {},
        'CREATED',
        ['self', 'approve', 'edit', 'capture'],
        ['GET', 'GET', 'PATCH', 'POST'],
      ],
      [
        'AUTHORIZE, no payment source',
        simpleOrder('AUTHORIZE'),
        {},
        'CREATED',
        ['self', 'approve', 'edit', 'authorize'],
        ['GET', 'GET', 'PATCH', 'POST'],
      ],
      [
        'wallet source with experience_context',
        { ...simpleOrder('CAPTURE'), payment_source: walletSource },
        { 'svc-request-id': 'wallet-1' },
        'PAYER_ACTION_REQUIRED',
        ['self', 'payer-action'],
        ['GET', 'GET'],
      ],
      [
        'card source',
        { ...simpleOrder('CAPTURE'), payment_source: cardSource() },
        { 'svc-request-id': 'card-1' },
        'APPROVED',
        ['self', 'approve', 'edit', 'capture'],
        ['GET', 'GET', 'PATCH', 'POST'],
      ],
    ] as const)('%s: status and link rels', async (_name, body, headers, status, expectedRels, methods) => {
      api = await startHarness();
      const reply = await api.createOrder(body, { ...headers });
      expect(reply.status, reply.text).toBe(201);
      expect(reply.body.status).toBe(status);
      expect(rels(reply.body.links)).toEqual(expectedRels);
      expect(reply.body.links.map((l: { method: string }) => l.method)).toEqual(methods);
      const id = reply.body.id as string;
      for (const l of reply.body.links as { rel: string; href: string }[]) {
        expect(l.href).toMatch(/^http:\/\/[^/]+\//);
        if (l.rel === 'self' || l.rel === 'edit') expect(new URL(l.href).pathname).toBe(`${ORDERS}/${id}`);
        if (l.rel === 'capture' || l.rel === 'authorize')
          expect(new URL(l.href).pathname).toBe(`${ORDERS}/${id}/${l.rel}`);
        if (l.rel === 'approve' || l.rel === 'payer-action') {
          expect(new URL(l.href).pathname).toBe('/checkoutnow');
          expect(new URL(l.href).searchParams.get('token')).toBe(id);
        }
      }
      // GET agrees with the create answer.
      const shown = await api.request('GET', `${ORDERS}/${id}`);
      expect(shown.body.status).toBe(status);
      expect(rels(shown.body.links)).toEqual(expectedRels);
    });

    it.each([
      ['JPY whole amount', order(unit('1000', 'JPY'))],
      ['JPY with a trailing zero fraction', order(unit('1000.0', 'JPY'))],
      ['KWD with 3 decimals', order(unit('10.125', 'KWD'))],
      [
        'USD items with breakdown',
        order(
          unit('25.00', 'USD', {
            amount: {
              currency_code: 'USD',
              value: '25.00',
              breakdown: { item_total: usd('20.00'), shipping: usd('5.00') },
            },
            items: [item('10.00', '2')],
          }),
        ),
      ],
      [
        'breakdown with every member',
        order({
          amount: {
            currency_code: 'USD',
            value: '23.00',
            breakdown: {
              item_total: usd('20.00'),
              tax_total: usd('2.00'),
              shipping: usd('3.00'),
              handling: usd('1.00'),
              insurance: usd('0.50'),
              shipping_discount: usd('1.50'),
              discount: usd('2.00'),
            },
          },
          items: [item('10.00', '2', 'USD', { tax: usd('1.00') })],
        }),
      ],
      [
        'ten purchase units with reference ids',
        order(...Array.from({ length: 10 }, (_, i) => unit('1.00', 'USD', { reference_id: `unit-${i}` }))),
      ],
      [
        'DONATION item with the charity as payee',
        order(
          unit('5.00', 'USD', {
            payee: { email_address: CHARITY },
            amount: { currency_code: 'USD', value: '5.00', breakdown: { item_total: usd('5.00') } },
            items: [item('5.00', '1', 'USD', { category: 'DONATION' })],
          }),
        ),
      ],
      ['payee by merchant_id', order(unit('5.00', 'USD', { payee: { merchant_id: accountIdFor(CHARITY) } }))],
      [
        'payee e-mail in another letter case',
        order(unit('5.00', 'USD', { payee: { email_address: 'Charity@Example.COM' } })),
      ],
    ])('accepts %s', async (_name, body) => {
      api = await startHarness();
      const reply = await api.createOrder(body, { prefer: 'return=representation' });
      expect(reply.status, reply.text).toBe(201);
      expect(reply.body.purchase_units).toHaveLength(body.purchase_units.length);
    });

    it('sets the payee named in the request (charity) and the merchant by default', async () => {
      api = await startHarness();
      const reply = await api.createOrder(
        order(
          unit('5.00', 'USD', { reference_id: 'a', payee: { email_address: CHARITY } }),
          unit('6.00', 'USD', { reference_id: 'b' }),
        ),
        { prefer: 'return=representation' },
      );
      expect(reply.status).toBe(201);
      expect(reply.body.purchase_units.map((u: { payee: unknown }) => u.payee)).toEqual([
        { email_address: CHARITY, merchant_id: accountIdFor(CHARITY) },
        { email_address: MERCHANT, merchant_id: accountIdFor(MERCHANT) },
      ]);
    });
  });

  describe('validation', () => {
    type Case = [
      name: string,
      body: unknown,
      status: 400 | 403 | 422,
      errorName: ErrorName,
      issue: Issue,
      field: string,
    ];
    const cases: Case[] = [
      ['no purchase units', order(), 400, 'INVALID_REQUEST', 'INVALID_ARRAY_MIN_ITEMS', '/purchase_units'],
      [
        '11 purchase units',
        order(...Array.from({ length: 11 }, (_, i) => unit('1.00', 'USD', { reference_id: `u${i}` }))),
        400,
        'INVALID_REQUEST',
        'INVALID_ARRAY_MAX_ITEMS',
        '/purchase_units',
      ],
      [
        'missing intent',
        { purchase_units: [unit('1.00')] },
        400,
        'INVALID_REQUEST',
        'MISSING_REQUIRED_PARAMETER',
        '/intent',
      ],
      [
        'bad intent',
        { intent: 'SALE', purchase_units: [unit('1.00')] },
        400,
        'INVALID_REQUEST',
        'INVALID_PARAMETER_VALUE',
        '/intent',
      ],
      [
        'lowercase intent',
        { intent: 'capture', purchase_units: [unit('1.00')] },
        400,
        'INVALID_REQUEST',
        'INVALID_PARAMETER_VALUE',
        '/intent',
      ],
      [
        'missing purchase_units',
        { intent: 'CAPTURE' },
        400,
        'INVALID_REQUEST',
        'MISSING_REQUIRED_PARAMETER',
        '/purchase_units',
      ],
      [
        'missing amount',
        order({ description: 'x' }),
        400,
        'INVALID_REQUEST',
        'MISSING_REQUIRED_PARAMETER',
        '/purchase_units/0/amount',
      ],
      [
        'lowercase currency code',
        order(unit('1.00', 'usd')),
        400,
        'INVALID_REQUEST',
        'INVALID_PARAMETER_SYNTAX',
        '/purchase_units/0/amount/currency_code',
      ],
      [
        'four-letter currency code',
        order(unit('1.00', 'USDT')),
        400,
        'INVALID_REQUEST',
        'INVALID_PARAMETER_SYNTAX',
        '/purchase_units/0/amount/currency_code',
      ],
      [
        'amount value that is not a number',
        order(unit('ten')),
        400,
        'INVALID_REQUEST',
        'INVALID_PARAMETER_SYNTAX',
        '/purchase_units/0/amount/value',
      ],
      [
        'amount value as a JSON number',
        order({ amount: { currency_code: 'USD', value: 10 } }),
        400,
        'INVALID_REQUEST',
        'INVALID_PARAMETER_VALUE',
        '/purchase_units/0/amount/value',
      ],
      [
        'item quantity 0',
        order({
          amount: { currency_code: 'USD', value: '1.00', breakdown: { item_total: usd('1.00') } },
          items: [item('1.00', '0')],
        }),
        400,
        'INVALID_REQUEST',
        'INVALID_PARAMETER_SYNTAX',
        '/purchase_units/0/items/0/quantity',
      ],
      [
        'unsupported currency',
        order(unit('1.00', 'XYZ')),
        422,
        'UNPROCESSABLE_ENTITY',
        'CURRENCY_NOT_SUPPORTED',
        '/purchase_units/0/amount/currency_code',
      ],
      [
        'three decimals in USD',
        order(unit('10.001')),
        422,
        'UNPROCESSABLE_ENTITY',
        'DECIMAL_PRECISION',
        '/purchase_units/0/amount/value',
      ],
      [
        'decimals in JPY',
        order(unit('100.5', 'JPY')),
        422,
        'UNPROCESSABLE_ENTITY',
        'DECIMAL_PRECISION',
        '/purchase_units/0/amount/value',
      ],
      [
        'four decimals in KWD',
        order(unit('1.0001', 'KWD')),
        422,
        'UNPROCESSABLE_ENTITY',
        'DECIMAL_PRECISION',
        '/purchase_units/0/amount/value',
      ],
      [
        'too many decimals in an item',
        order({
          amount: { currency_code: 'USD', value: '1.00', breakdown: { item_total: usd('1.00') } },
          items: [item('1.001')],
        }),
        422,
        'UNPROCESSABLE_ENTITY',
        'DECIMAL_PRECISION',
        '/purchase_units/0/items/0/unit_amount/value',
      ],
      [
        'zero amount',
        order(unit('0.00')),
        422,
        'UNPROCESSABLE_ENTITY',
        'AMOUNT_NOT_POSITIVE',
        '/purchase_units/0/amount/value',
      ],
      [
        'negative amount',
        order(unit('-5.00')),
        422,
        'UNPROCESSABLE_ENTITY',
        'AMOUNT_NOT_POSITIVE',
        '/purchase_units/0/amount/value',
      ],
      [
        'negative item price',
        order({
          amount: { currency_code: 'USD', value: '1.00', breakdown: { item_total: usd('-1.00') } },
          items: [item('-1.00')],
        }),
        422,
        'UNPROCESSABLE_ENTITY',
        'INVALID_PARAMETER_VALUE',
        '/purchase_units/0/items/0/unit_amount/value',
      ],
      [
        'item_total different from the sum of the items',
        order({
          amount: { currency_code: 'USD', value: '25.00', breakdown: { item_total: usd('25.00') } },
          items: [item('10.00', '2')],
        }),
        422,
        'UNPROCESSABLE_ENTITY',
        'ITEM_TOTAL_MISMATCH',
        '/purchase_units/0/amount/breakdown/item_total',
      ],
      [
        'amount different from the breakdown total',
        order({
          amount: {
            currency_code: 'USD',
            value: '30.00',
            breakdown: { item_total: usd('20.00'), shipping: usd('5.00') },
          },
          items: [item('10.00', '2')],
        }),
        422,
        'UNPROCESSABLE_ENTITY',
        'AMOUNT_MISMATCH',
        '/purchase_units/0/amount/value',
      ],
      [
        'amount different from a breakdown with discounts',
        order({
          amount: {
            currency_code: 'USD',
            value: '20.00',
            breakdown: { item_total: usd('20.00'), discount: usd('1.00') },
          },
        }),
        422,
        'UNPROCESSABLE_ENTITY',
        'AMOUNT_MISMATCH',
        '/purchase_units/0/amount/value',
      ],
      [
        'items without item_total',
        order({ amount: { currency_code: 'USD', value: '20.00' }, items: [item('10.00', '2')] }),
        422,
        'UNPROCESSABLE_ENTITY',
        'ITEM_TOTAL_REQUIRED',
        '/purchase_units/0/amount/breakdown/item_total',
      ],
      [
        'item tax without tax_total',
        order({
          amount: { currency_code: 'USD', value: '11.00', breakdown: { item_total: usd('10.00') } },
          items: [item('10.00', '1', 'USD', { tax: usd('1.00') })],
        }),
        422,
        'UNPROCESSABLE_ENTITY',
        'TAX_TOTAL_REQUIRED',
        '/purchase_units/0/amount/breakdown/tax_total',
      ],
      [
        'breakdown in another currency',
        order({
          amount: {
            currency_code: 'USD',
            value: '20.00',
            breakdown: { item_total: { currency_code: 'EUR', value: '20.00' } },
          },
        }),
        422,
        'UNPROCESSABLE_ENTITY',
        'CURRENCY_MISMATCH',
        '/purchase_units/0/amount/breakdown/item_total/currency_code',
      ],
      [
        'item in another currency',
        order({
          amount: { currency_code: 'USD', value: '20.00', breakdown: { item_total: usd('20.00') } },
          items: [item('20.00', '1', 'EUR')],
        }),
        422,
        'UNPROCESSABLE_ENTITY',
        'CURRENCY_MISMATCH',
        '/purchase_units/0/items/0/unit_amount/currency_code',
      ],
      [
        'two units without reference_id',
        order(unit('1.00'), unit('2.00')),
        422,
        'UNPROCESSABLE_ENTITY',
        'REFERENCE_ID_REQUIRED',
        '/purchase_units/1/reference_id',
      ],
      [
        'duplicate reference ids',
        order(unit('1.00', 'USD', { reference_id: 'same' }), unit('2.00', 'USD', { reference_id: 'same' })),
        422,
        'UNPROCESSABLE_ENTITY',
        'DUPLICATE_REFERENCE_ID',
        '/purchase_units/1/reference_id',
      ],
      [
        'unknown payee',
        order(unit('1.00', 'USD', { payee: { email_address: 'nobody@example.com' } })),
        422,
        'UNPROCESSABLE_ENTITY',
        'PAYEE_ACCOUNT_INVALID',
        '/purchase_units/0/payee/email_address',
      ],
      [
        'a personal account as payee',
        order(unit('1.00', 'USD', { payee: { email_address: 'buyer@example.com' } })),
        422,
        'UNPROCESSABLE_ENTITY',
        'PAYEE_ACCOUNT_INVALID',
        '/purchase_units/0/payee/email_address',
      ],
      [
        'DONATION item paid to the merchant',
        order({
          amount: { currency_code: 'USD', value: '5.00', breakdown: { item_total: usd('5.00') } },
          items: [item('5.00', '1', 'USD', { category: 'DONATION' })],
        }),
        403,
        'NOT_AUTHORIZED',
        'PERMISSION_DENIED_FOR_DONATION_ITEMS',
        '/purchase_units/0/items/0/category',
      ],
      [
        'unknown item category',
        order({
          amount: { currency_code: 'USD', value: '5.00', breakdown: { item_total: usd('5.00') } },
          items: [item('5.00', '1', 'USD', { category: 'GIFT' })],
        }),
        400,
        'INVALID_REQUEST',
        'INVALID_PARAMETER_VALUE',
        '/purchase_units/0/items/0/category',
      ],
    ];

    const rows = cases.map(([name, body, status, errorName, issue, field]) => ({
      name,
      body,
      status,
      errorName,
      issue,
      field,
    }));
    it.each(rows)('$name -> $status $issue', async ({ body, status, errorName, issue, field }) => {
      api = await startHarness();
      const reply = await api.createOrder(body);
      expect(reply.status, reply.text).toBe(status);
      expectError(reply, errorName, { issue, field, location: 'body' });
      expect(api.host.deps.store.resources.count('order')).toBe(0);
    });

    it('reports both units of a two-unit order without reference ids', async () => {
      api = await startHarness();
      const reply = await api.createOrder(order(unit('1.00'), unit('2.00')));
      expectError(reply, 'UNPROCESSABLE_ENTITY', {
        issue: 'REFERENCE_ID_REQUIRED',
        field: '/purchase_units/0/reference_id',
        location: 'body',
      });
      expectError(reply, 'UNPROCESSABLE_ENTITY', {
        issue: 'REFERENCE_ID_REQUIRED',
        field: '/purchase_units/1/reference_id',
        location: 'body',
      });
    });

    it('describes an ITEM_TOTAL_MISMATCH with both sums', async () => {
      api = await startHarness();
      const reply = await api.createOrder(
        order({
          amount: { currency_code: 'USD', value: '25.00', breakdown: { item_total: usd('25.00') } },
          items: [item('10.00', '2')],
        }),
      );
      expect(reply.body.details[0]).toMatchObject({
        issue: 'ITEM_TOTAL_MISMATCH',
        field: '/purchase_units/0/amount/breakdown/item_total',
        location: 'body',
      });
      expect(reply.body.details[0].description).toContain('20.00');
    });

    it.each([
      ['non-JSON body', '{"intent":', 'INVALID_REQUEST', 'MALFORMED_REQUEST_JSON'],
      ['a JSON array', '[]', 'INVALID_REQUEST', 'INVALID_PARAMETER_VALUE'],
    ] as const)('%s -> 400', async (_name, payload, name, issue) => {
      api = await startHarness();
      const reply = await api.request('POST', ORDERS, {
        payload,
        headers: { 'content-type': 'application/json' },
      });
      expectError(reply, name, { issue, location: 'body' });
    });

    it('rejects a body that is not JSON with 415', async () => {
      api = await startHarness();
      const reply = await api.request('POST', ORDERS, {
        payload: 'intent=CAPTURE',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expectError(reply, 'UNSUPPORTED_MEDIA_TYPE', {
        issue: 'UNSUPPORTED_CONTENT_TYPE',
        field: 'Content-Type',
        location: 'header',
      });
    });
  });

  describe('headers', () => {
    it('requires Svc-Request-Id for a single-step create (a card source completes the order)', async () => {
      api = await startHarness();
      const reply = await api.createOrder({ ...simpleOrder(), payment_source: cardSource() });
      expectError(reply, 'INVALID_REQUEST', {
        issue: 'MISSING_REQUIRED_PARAMETER',
        field: 'Svc-Request-Id',
        location: 'header',
      });
      expect(api.host.deps.store.resources.count('order')).toBe(0);
    });

    it('takes a wallet source without Svc-Request-Id: the order waits for the payer (two steps)', async () => {
      api = await startHarness();
      const reply = await api.createOrder({ ...simpleOrder(), payment_source: walletSource });
      expect(reply.status, reply.text).toBe(201);
      expect(reply.body.status).toBe('PAYER_ACTION_REQUIRED');
    });

    it.each([
      ['svc-request-id', 'Svc-Request-Id', 108],
      ['svc-partner-attribution-id', 'Svc-Partner-Attribution-Id', 36],
      ['svc-client-metadata-id', 'Svc-Client-Metadata-Id', 68],
    ])('%s (%s): accepted up to %i characters, rejected above', async (header, field, max) => {
      api = await startHarness();
      const ok = await api.createOrder(simpleOrder(), { [header]: 'a'.repeat(max) });
      expect(ok.status, ok.text).toBe(201);
      const tooLong = await api.createOrder(simpleOrder(), { [header]: 'b'.repeat(max + 1) });
      expectError(tooLong, 'INVALID_REQUEST', {
        issue: 'INVALID_STRING_MAX_LENGTH',
        field,
        location: 'header',
      });
      expect(api.host.deps.store.resources.count('order')).toBe(1);
    });

    it('Prefer: 25 characters pass, 26 are rejected', async () => {
      api = await startHarness();
      const ok = await api.createOrder(simpleOrder(), { prefer: 'return=representation    '.slice(0, 25) });
      expect(ok.status, ok.text).toBe(201);
      const tooLong = await api.createOrder(simpleOrder(), {
        prefer: 'return=representation'.padEnd(26, ';'),
      });
      expectError(tooLong, 'INVALID_REQUEST', {
        issue: 'INVALID_STRING_MAX_LENGTH',
        field: 'Prefer',
        location: 'header',
      });
    });

    it('rejects an Authorization header longer than 16000 characters', async () => {
      api = await startHarness();
      const reply = await api.createOrder(simpleOrder(), { authorization: `Bearer ${'x'.repeat(16_001)}` });
      expect(reply.status).toBe(400);
      expectError(reply, 'INVALID_REQUEST', {
        issue: 'INVALID_STRING_MAX_LENGTH',
        field: 'Authorization',
        location: 'header',
      });
    });
  });

  describe('payment sources', () => {
    it.each(['SOMETIMES', 'immediate', ''])(
      'rejects usage_pattern %j with 400 INVALID_PARAMETER_VALUE',
      async (pattern) => {
        api = await startHarness();
        const reply = await api.createOrder(
          {
            ...simpleOrder(),
            payment_source: {
              svc: { attributes: { vault: { usage_type: 'MERCHANT', usage_pattern: pattern } } },
            },
          },
          { 'svc-request-id': 'usage-1' },
        );
        expectError(reply, 'INVALID_REQUEST', {
          issue: 'INVALID_PARAMETER_VALUE',
          field: '/payment_source/svc/attributes/vault/usage_pattern',
          location: 'body',
        });
      },
    );

    it('accepts the known vault attributes', async () => {
      api = await startHarness();
      const reply = await api.createOrder(
        {
          ...simpleOrder(),
          payment_source: {
            svc: {
              attributes: {
                customer: { id: 'CUST-0001' },
                vault: {
                  confirm_payment_token: 'ON_ORDER_COMPLETION',
                  usage_type: 'MERCHANT',
                  usage_pattern: 'IMMEDIATE',
                },
              },
            },
          },
        },
        { 'svc-request-id': 'usage-2' },
      );
      expect(reply.status, reply.text).toBe(201);
      expect(reply.body.status).toBe('PAYER_ACTION_REQUIRED');
    });

    it('rejects both a wallet and a card in one payment source', async () => {
      api = await startHarness();
      const reply = await api.createOrder(
        { ...simpleOrder(), payment_source: { ...walletSource, ...cardSource() } },
        { 'svc-request-id': 'both-1' },
      );
      expectError(reply, 'INVALID_REQUEST', { issue: 'PAYMENT_SOURCE_CONFLICT', location: 'body' });
    });

    it.each([
      ['last month', '2026-04', 422],
      ['last year', '2025-12', 422],
      ['the current month', '2026-05', 201],
      ['next month', '2026-06', 201],
    ] as const)('a card expiring %s (%s) -> %i', async (_name, expiry, status) => {
      api = await startHarness({ realNow: () => FIXED_NOW });
      const reply = await api.createOrder(
        { ...simpleOrder(), payment_source: cardSource(VISA, expiry) },
        { 'svc-request-id': `exp-${expiry}` },
      );
      expect(reply.status, reply.text).toBe(status);
      if (status === 422) {
        expectError(reply, 'UNPROCESSABLE_ENTITY', {
          issue: 'CARD_EXPIRED',
          field: '/payment_source/card/expiry',
          location: 'body',
        });
        expect(api.host.deps.store.resources.count('order')).toBe(0);
      } else expect(reply.body.status).toBe('APPROVED');
    });

    it('follows the simulated clock for card expiry', async () => {
      api = await startHarness({ realNow: () => FIXED_NOW });
      api.host.deps.clock.advance(40 * 24 * 3600 * 1000); // now in June 2026
      api.token = await api.newToken(); // the first token expired with the move
      const reply = await api.createOrder(
        { ...simpleOrder(), payment_source: cardSource(VISA, '2026-05') },
        { 'svc-request-id': 'exp-clock' },
      );
      expectError(reply, 'UNPROCESSABLE_ENTITY', {
        issue: 'CARD_EXPIRED',
        field: '/payment_source/card/expiry',
        location: 'body',
      });
    });

    it.each([
      ['fails the Luhn check', LUHN_INVALID_NUMBER, 'INVALID_CARD_NUMBER'],
      ['has letters', '4111abcd11111111', 'INVALID_PARAMETER_SYNTAX'],
      ['is too short', '411111111111', 'INVALID_PARAMETER_SYNTAX'],
    ] as const)('rejects a card number that %s with 400', async (_name, number, issue) => {
      api = await startHarness();
      const reply = await api.createOrder(
        { ...simpleOrder(), payment_source: cardSource(number) },
        { 'svc-request-id': `bad-${number}` },
      );
      expectError(reply, 'INVALID_REQUEST', {
        issue,
        field: '/payment_source/card/number',
        location: 'body',
      });
      expect(api.host.deps.store.resources.count('order')).toBe(0);
    });

    it('does not echo a rejected card number in the error body or keep it in the request log', async () => {
      api = await startHarness();
      // A Luhn failure is usually a one-digit typo of a real card number: it is as sensitive as a valid one.
      const number = LUHN_INVALID_NUMBER;
      const reply = await api.createOrder(
        { ...simpleOrder(), payment_source: cardSource(number) },
        { 'svc-request-id': 'echo-1' },
      );
      expectError(reply, 'INVALID_REQUEST', {
        issue: 'INVALID_CARD_NUMBER',
        field: '/payment_source/card/number',
        location: 'body',
      });
      expect(reply.text).not.toContain(number);
      const logged = api.host.api.requestLogger.recent(100);
      expect(logged.length).toBeGreaterThan(0);
      expect(JSON.stringify(logged)).not.toContain(number);
    });

    it.each(['2026-13', '26-05', '2026/05'])('rejects card expiry %s with 400', async (expiry) => {
      api = await startHarness();
      const reply = await api.createOrder(
        { ...simpleOrder(), payment_source: cardSource(VISA, expiry) },
        { 'svc-request-id': `x-${expiry}` },
      );
      expectError(reply, 'INVALID_REQUEST', {
        issue: 'INVALID_PARAMETER_SYNTAX',
        field: '/payment_source/card/expiry',
        location: 'body',
      });
    });

    it('never stores or returns the full card number', async () => {
      api = await startHarness();
      const number = MASTERCARD;
      const created = await api.createOrder(
        { ...simpleOrder(), payment_source: cardSource(number, '2031-01') },
        { 'svc-request-id': 'card-store', prefer: 'return=representation' },
      );
      expect(created.status, created.text).toBe(201);
      expect(created.text).not.toContain(number);
      const id = created.body.id as string;

      const filtered = await api.request('GET', `${ORDERS}/${id}?fields=payment_source`);
      expect(filtered.status).toBe(200);
      expect(filtered.body.payment_source.card).toMatchObject({
        last_digits: TEST_CARDS.mastercard.lastDigits,
        brand: TEST_CARDS.mastercard.brand,
        expiry: '2031-01',
        name: 'Bailey Buyer',
      });
      expect(filtered.body.payment_source.card).not.toHaveProperty('number');
      expect(filtered.text).not.toContain(number);
      expect((await api.request('GET', `${ORDERS}/${id}`)).text).not.toContain(number);

      // Nowhere in the database either (resources, history, idempotency keys), nor in the request log.
      const db = api.host.deps.store.db.db;
      const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as {
        name: string;
      }[];
      expect(tables.map((t) => t.name)).toEqual(expect.arrayContaining(['resources', 'idempotency_keys']));
      for (const { name } of tables) {
        const rows = db.prepare(`SELECT * FROM "${name}"`).all();
        expect(JSON.stringify(rows), `table ${name}`).not.toContain(number);
      }
      const logged = api.host.api.requestLogger.recent(100);
      expect(logged.some((entry) => entry.path === ORDERS && entry.status === 201)).toBe(true);
      expect(JSON.stringify(logged)).not.toContain(number);
    });
  });

  describe('idempotency', () => {
    it('a repeat with the same Svc-Request-Id answers 200 with the same order', async () => {
      api = await startHarness();
      const first = await api.createOrder(simpleOrder(), { 'svc-request-id': 'same-key' });
      expect(first.status).toBe(201);
      const repeat = await api.createOrder(simpleOrder('CAPTURE', '999.00'), {
        'svc-request-id': 'same-key',
      });
      expect(repeat.status).toBe(200);
      expect(repeat.body.id).toBe(first.body.id);
      expect(repeat.body.status).toBe('CREATED');
      expect(api.host.deps.store.resources.count('order')).toBe(1);
      // The stored order is the first one, not the repeat's body.
      const shown = await api.request('GET', `${ORDERS}/${first.body.id}`);
      expect(shown.body.purchase_units[0].amount.value).toBe('100.00');
    });

    it('a repeat shows the latest status of the earlier order', async () => {
      api = await startHarness();
      const first = await api.createOrder(
        { ...simpleOrder(), payment_source: walletSource },
        { 'svc-request-id': 'latest' },
      );
      expect(first.body.status).toBe('PAYER_ACTION_REQUIRED');
      const approved = await api.request(
        'POST',
        `/v1/test-helpers/checkout/orders/${first.body.id}/approve`,
        { body: {} },
      );
      expect(approved.status).toBe(200);
      const repeat = await api.createOrder(
        { ...simpleOrder(), payment_source: walletSource },
        { 'svc-request-id': 'latest', prefer: 'return=representation' },
      );
      expect(repeat.status).toBe(200);
      expect(repeat.body).toMatchObject({ id: first.body.id, status: 'APPROVED', intent: 'CAPTURE' });
    });

    it('different Svc-Request-Ids create different orders; no header creates every time', async () => {
      api = await startHarness();
      const a = await api.createOrder(simpleOrder(), { 'svc-request-id': 'k1' });
      const b = await api.createOrder(simpleOrder(), { 'svc-request-id': 'k2' });
      const c = await api.createOrder(simpleOrder());
      const d = await api.createOrder(simpleOrder());
      expect(new Set([a.body.id, b.body.id, c.body.id, d.body.id]).size).toBe(4);
      expect([a, b, c, d].map((r) => r.status)).toEqual([201, 201, 201, 201]);
    });

    it('keeps a create key for 6 hours (spec part 8)', async () => {
      api = await startHarness({ realNow: () => FIXED_NOW });
      const first = await api.createOrder(simpleOrder(), { 'svc-request-id': 'six-hours' });
      expect(first.status).toBe(201);
      api.host.deps.clock.advance(6 * 3600 * 1000 - 60_000);
      api.token = await api.newToken();
      const within = await api.createOrder(simpleOrder(), { 'svc-request-id': 'six-hours' });
      expect(within.status).toBe(200);
      expect(within.body.id).toBe(first.body.id);
      api.host.deps.clock.advance(2 * 60_000);
      api.token = await api.newToken();
      const after = await api.createOrder(simpleOrder(), { 'svc-request-id': 'six-hours' });
      expect(after.status).toBe(201);
      expect(after.body.id).not.toBe(first.body.id);
      expect(api.host.deps.store.resources.count('order')).toBe(2);
    });

    it('a failed create does not consume its Svc-Request-Id', async () => {
      api = await startHarness();
      const failed = await api.createOrder(order(unit('1.001')), { 'svc-request-id': 'retry-me' });
      expect(failed.status).toBe(422);
      const retried = await api.createOrder(simpleOrder(), { 'svc-request-id': 'retry-me' });
      expect(retried.status).toBe(201);
    });

    it('20 concurrent creates with one Svc-Request-Id create exactly one order', async () => {
      api = await startHarness();
      const replies = await Promise.all(
        Array.from({ length: 20 }, () =>
          api.createOrder(simpleOrder(), { 'svc-request-id': 'concurrent-key' }),
        ),
      );
      const ok = replies.filter((r) => r.status === 200 || r.status === 201);
      expect(ok.length).toBeGreaterThan(0);
      expect(ok.filter((r) => r.status === 201)).toHaveLength(1);
      expect(new Set(ok.map((r) => r.body.id)).size).toBe(1);
      for (const r of replies.filter((x) => x.status !== 200 && x.status !== 201)) {
        expectError(r, 'RESOURCE_CONFLICT', {
          issue: 'REQUEST_IN_PROGRESS',
          field: 'Svc-Request-Id',
          location: 'header',
        });
      }
      expect(api.host.deps.store.resources.count('order')).toBe(1);
    });
  });

  describe('authentication', () => {
    it('answers 401 without a token and 403 without the orders scope', async () => {
      api = await startHarness();
      expectError(
        await api.request('POST', ORDERS, { body: simpleOrder(), token: null }),
        'AUTHENTICATION_FAILURE',
        {
          issue: 'MISSING_AUTHORIZATION_HEADER',
          field: 'Authorization',
          location: 'header',
        },
      );
      const token = await api.newToken('https://uri.svc.example/services/payments/payment');
      expectError(await api.request('POST', ORDERS, { body: simpleOrder(), token }), 'NOT_AUTHORIZED', {
        issue: 'INSUFFICIENT_SCOPE',
        location: 'header',
      });
      expect(api.host.deps.store.resources.count('order')).toBe(0);
    });
  });
});
