import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startHarness, type ApiHarness } from '../../../test-support/api-harness.js';
import { expectError } from '../../../test-support/expect-error.js';
import {
  cardPayment,
  create,
  created,
  PAYMENTS,
  rels,
  related,
  simplePayment,
  VISA_V1,
  walletPayment,
} from './payments-v1-test-kit.js';

describe('POST /v1/payments/payment (spec 2.6, 4.6)', () => {
  let api: ApiHarness;
  beforeEach(async () => {
    api = await startHarness();
  });
  afterEach(async () => api.close());

  it('creates a wallet payment in state created with self, approval_url (REDIRECT) and execute links', async () => {
    const payment = await created(api, walletPayment());
    expect(payment.id).toMatch(/^PAY-[A-Z0-9]{24}$/);
    expect(payment).toMatchObject({ state: 'created', intent: 'sale', payer: { payment_method: 'svc' } });
    expect(payment.cart).toMatch(/^EC-[A-Z0-9]{17}$/);
    expect(payment.links).toEqual([
      {
        href: expect.stringMatching(new RegExp(`/v1/payments/payment/${payment.id}$`)),
        rel: 'self',
        method: 'GET',
      },
      {
        href: expect.stringMatching(
          new RegExp(`/cgi-bin/webscr\\?cmd=_express-checkout&token=${payment.cart}$`),
        ),
        rel: 'approval_url',
        method: 'REDIRECT',
      },
      {
        href: expect.stringMatching(new RegExp(`/v1/payments/payment/${payment.id}/execute$`)),
        rel: 'execute',
        method: 'POST',
      },
    ]);
    expect(payment.transactions[0].related_resources).toEqual([]);
    expect(payment.transactions[0].payee.email).toBe('merchant@example.com');
    const shown = await api.request('GET', `${PAYMENTS}/${payment.id}`);
    expect(shown.status).toBe(200);
    expect(shown.body).toEqual(payment);
  });

  it.each(['sale', 'authorize', 'order'] as const)('accepts intent %s', async (intent) => {
    expect((await created(api, simplePayment(intent, '10.00'))).intent).toBe(intent);
  });

  it('a card payment is executed at once and shows only the last four digits, never the CVV', async () => {
    const reply = await create(api, cardPayment('sale'));
    expect(reply.status, reply.text).toBe(201);
    const card = reply.body.payer.funding_instruments[0].credit_card;
    expect(card.number).toBe('xxxxxxxxxxxx1111');
    expect(card.cvv2).toBeUndefined();
    expect(reply.text).not.toContain(VISA_V1);
    expect(reply.text).not.toContain('874');
    expect(reply.body.state).toBe('approved');
    expect(rels(reply.body.links)).toEqual(['self']);
    expect(related(reply.body, 'sale')).toMatchObject({
      state: 'completed',
      amount: { total: '7.47', currency: 'USD' },
    });
  });

  it('the request log keeps neither the card number nor the CVV', async () => {
    expect((await create(api, cardPayment('sale'))).status).toBe(201);
    // Everything the log keeps of it: the entry and the bodies beside it.
    const entries = api.host.api.requestLogger
      .recent(50)
      .filter((entry) => entry.path === '/v1/payments/payment');
    expect(entries).toHaveLength(1);
    const logged = JSON.stringify(entries);
    expect(logged).toContain('1111');
    expect(logged).not.toContain(VISA_V1);
    expect(logged).not.toMatch(/"cvv2":"874"/);
  });

  it('a card authorization holds the funds', async () => {
    const reply = await create(api, cardPayment('authorize'));
    expect(reply.status, reply.text).toBe(201);
    expect(related(reply.body, 'authorization')).toMatchObject({
      state: 'authorized',
      reason_code: 'AUTHORIZATION',
    });
  });

  describe('refuses what 2.6 forbids, with the error body of part 7', () => {
    const cases: [string, unknown, 'INVALID_REQUEST' | 'UNPROCESSABLE_ENTITY', string, string?][] = [
      [
        'no intent',
        { ...simplePayment('sale', '1.00'), intent: undefined },
        'INVALID_REQUEST',
        'MISSING_REQUIRED_PARAMETER',
        '/intent',
      ],
      [
        'an unknown intent',
        { ...simplePayment('sale', '1.00'), intent: 'capture' },
        'INVALID_REQUEST',
        'INVALID_PARAMETER_VALUE',
        '/intent',
      ],
      [
        'no payer',
        { ...simplePayment('sale', '1.00'), payer: undefined },
        'INVALID_REQUEST',
        'MISSING_REQUIRED_PARAMETER',
        '/payer',
      ],
      [
        'an unknown payment_method',
        { ...simplePayment('sale', '1.00'), payer: { payment_method: 'bank' } },
        'INVALID_REQUEST',
        'INVALID_PARAMETER_VALUE',
        '/payer/payment_method',
      ],
      [
        'no transactions',
        { ...simplePayment('sale', '1.00'), transactions: [] },
        'INVALID_REQUEST',
        'INVALID_ARRAY_MIN_ITEMS',
        '/transactions',
      ],
      [
        'a wallet payment without redirect_urls',
        { ...simplePayment('sale', '1.00'), redirect_urls: undefined },
        'INVALID_REQUEST',
        'REDIRECT_URLS_REQUIRED',
        '/redirect_urls/return_url',
      ],
      [
        'a wallet payment without cancel_url',
        { ...simplePayment('sale', '1.00'), redirect_urls: { return_url: 'https://a.example/r' } },
        'INVALID_REQUEST',
        'REDIRECT_URLS_REQUIRED',
        '/redirect_urls/cancel_url',
      ],
      [
        'a javascript: return_url',
        {
          ...simplePayment('sale', '1.00'),
          redirect_urls: { return_url: 'javascript:alert(1)', cancel_url: 'https://a.example/c' },
        },
        'INVALID_REQUEST',
        'INVALID_PARAMETER_VALUE',
        '/redirect_urls/return_url',
      ],
      [
        'a card payment without a card',
        { ...cardPayment(), payer: { payment_method: 'credit_card' } },
        'INVALID_REQUEST',
        'FUNDING_INSTRUMENT_REQUIRED',
        '/payer/funding_instruments',
      ],
      [
        'a card number failing the Luhn check',
        cardPayment('sale', { number: '4111111111111112' }),
        'INVALID_REQUEST',
        'INVALID_CARD_NUMBER',
        '/payer/funding_instruments/0/credit_card/number',
      ],
      [
        'a CVV of two digits',
        cardPayment('sale', { cvv2: '12' }),
        'INVALID_REQUEST',
        'INVALID_PARAMETER_SYNTAX',
        '/payer/funding_instruments/0/credit_card/cvv2',
      ],
      [
        'an expired card',
        cardPayment('sale', { expire_month: 1, expire_year: 2020 }),
        'UNPROCESSABLE_ENTITY',
        'CARD_EXPIRED',
        '/payer/funding_instruments/0/credit_card/expire_year',
      ],
      [
        'intent order with a card',
        { ...cardPayment(), intent: 'order' },
        'UNPROCESSABLE_ENTITY',
        'CREDIT_CARD_INTENT_NOT_SUPPORTED',
        '/intent',
      ],
      [
        'a note_to_payer of 166 characters',
        { ...simplePayment('sale', '1.00'), note_to_payer: 'n'.repeat(166) },
        'INVALID_REQUEST',
        'INVALID_STRING_MAX_LENGTH',
        '/note_to_payer',
      ],
      [
        'a soft_descriptor of 23 characters',
        {
          ...simplePayment('sale', '1.00'),
          transactions: [{ amount: { total: '1.00', currency: 'USD' }, soft_descriptor: 's'.repeat(23) }],
        },
        'INVALID_REQUEST',
        'INVALID_STRING_MAX_LENGTH',
        '/transactions/0/soft_descriptor',
      ],
      [
        'a zero total',
        simplePayment('sale', '0.00'),
        'UNPROCESSABLE_ENTITY',
        'AMOUNT_NOT_POSITIVE',
        '/transactions/0/amount/total',
      ],
      [
        'three decimals in USD',
        simplePayment('sale', '1.001'),
        'UNPROCESSABLE_ENTITY',
        'DECIMAL_PRECISION',
        '/transactions/0/amount/total',
      ],
      [
        'an unsupported currency',
        { ...simplePayment('sale', '1.00'), transactions: [{ amount: { total: '1.00', currency: 'XYZ' } }] },
        'UNPROCESSABLE_ENTITY',
        'CURRENCY_NOT_SUPPORTED',
        '/transactions/0/amount/currency',
      ],
      [
        'details that do not add up',
        walletPayment('sale', {
          transactions: [
            {
              ...walletPayment().transactions[0],
              amount: { ...walletPayment().transactions[0]!.amount, total: '30.12' },
            },
          ],
        }),
        'UNPROCESSABLE_ENTITY',
        'AMOUNT_MISMATCH',
        '/transactions/0/amount/total',
      ],
      [
        'items that do not add up to the subtotal',
        {
          ...simplePayment('sale', '1.00'),
          transactions: [
            {
              amount: { total: '10.00', currency: 'USD', details: { subtotal: '10.00' } },
              item_list: { items: [{ name: 'a', quantity: '3', price: '3.00', currency: 'USD' }] },
            },
          ],
        },
        'UNPROCESSABLE_ENTITY',
        'ITEM_AMOUNT_MISMATCH',
        '/transactions/0/item_list/items',
      ],
      [
        'items that do not add up to the total (no details)',
        {
          ...simplePayment('sale', '1.00'),
          transactions: [
            {
              amount: { total: '10.00', currency: 'USD' },
              item_list: { items: [{ name: 'a', quantity: '2', price: '4.00', currency: 'USD' }] },
            },
          ],
        },
        'UNPROCESSABLE_ENTITY',
        'ITEM_AMOUNT_MISMATCH',
        '/transactions/0/item_list/items',
      ],
      [
        'item tax that does not add up to details.tax',
        {
          ...simplePayment('sale', '1.00'),
          transactions: [
            {
              amount: { total: '10.50', currency: 'USD', details: { subtotal: '10.00', tax: '0.50' } },
              item_list: {
                items: [{ name: 'a', quantity: '2', price: '5.00', tax: '0.20', currency: 'USD' }],
              },
            },
          ],
        },
        'UNPROCESSABLE_ENTITY',
        'ITEM_TAX_MISMATCH',
        '/transactions/0/amount/details/tax',
      ],
      [
        'an item in another currency',
        {
          ...simplePayment('sale', '1.00'),
          transactions: [
            {
              amount: { total: '1.00', currency: 'USD' },
              item_list: { items: [{ name: 'a', quantity: '1', price: '1.00', currency: 'EUR' }] },
            },
          ],
        },
        'UNPROCESSABLE_ENTITY',
        'CURRENCY_MISMATCH',
        '/transactions/0/item_list/items/0/currency',
      ],
      [
        'a payee that is no business account',
        {
          ...simplePayment('sale', '1.00'),
          transactions: [
            { amount: { total: '1.00', currency: 'USD' }, payee: { email: 'buyer@example.com' } },
          ],
        },
        'UNPROCESSABLE_ENTITY',
        'PAYEE_ACCOUNT_INVALID',
        '/transactions/0/payee/email',
      ],
      [
        'an unknown experience_profile_id',
        { ...simplePayment('sale', '1.00'), experience_profile_id: 'XP-AAAA-BBBB-CCCC-DDDD' },
        'INVALID_REQUEST',
        'INVALID_EXPERIENCE_PROFILE_ID',
        '/experience_profile_id',
      ],
    ];
    it.each(cases)('%s', async (_name, body, errorName, issue, field) => {
      const reply = await create(api, body);
      const error = expectError(reply, errorName, { issue: issue as never, ...(field ? { field } : {}) });
      expect(JSON.stringify(error)).not.toContain(VISA_V1.slice(0, 12));
      // Nothing was stored.
      expect(api.host.deps.store.resources.count('payment-v1')).toBe(0);
    });
  });

  it('takes a note_to_payer of exactly 165 characters and a soft_descriptor of 22', async () => {
    const payment = await created(api, {
      ...simplePayment('sale', '1.00'),
      note_to_payer: 'n'.repeat(165),
      transactions: [{ amount: { total: '1.00', currency: 'USD' }, soft_descriptor: 's'.repeat(22) }],
    });
    expect(payment.note_to_payer).toHaveLength(165);
    expect(payment.transactions[0].soft_descriptor).toHaveLength(22);
  });

  it('takes a negative or positive shipping_discount as a discount', async () => {
    const body = (discount: string) => ({
      ...simplePayment('sale', '1.00'),
      transactions: [
        {
          amount: {
            total: '9.00',
            currency: 'USD',
            details: { subtotal: '10.00', shipping_discount: discount },
          },
        },
      ],
    });
    expect((await create(api, body('-1.00'))).status).toBe(201);
    expect((await create(api, body('1.00'))).status).toBe(201);
  });

  it('Svc-Partner-Attribution-Id: at most 32 characters', async () => {
    const ok = await create(api, simplePayment('sale', '1.00'), {
      'Svc-Partner-Attribution-Id': 'p'.repeat(32),
    });
    expect(ok.status, ok.text).toBe(201);
    const long = await create(api, simplePayment('sale', '1.00'), {
      'Svc-Partner-Attribution-Id': 'p'.repeat(33),
    });
    expectError(long, 'INVALID_REQUEST', {
      issue: 'INVALID_STRING_MAX_LENGTH',
      field: 'Svc-Partner-Attribution-Id',
      location: 'header',
    });
  });

  it('Svc-Mock-Response forces the card restriction of spec 9.4 (403 CARD_PAYMENTS_RESTRICTED)', async () => {
    const reply = await create(api, cardPayment('sale'), {
      'Svc-Mock-Response': JSON.stringify({ mock_application_codes: 'CARD_PAYMENTS_RESTRICTED' }),
    });
    expectError(reply, 'NOT_AUTHORIZED', 'CARD_PAYMENTS_RESTRICTED');
    expect(api.host.deps.store.resources.count('payment-v1')).toBe(0);
  });

  it('a repeated Svc-Request-Id answers 200 with the same payment and creates nothing new', async () => {
    const headers = { 'Svc-Request-Id': 'v1-create-1' };
    const first = await create(api, simplePayment('sale', '1.00'), headers);
    const again = await create(api, simplePayment('sale', '1.00'), headers);
    expect(first.status).toBe(201);
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(first.body.id);
    expect(api.host.deps.store.resources.count('payment-v1')).toBe(1);
  });

  it('names a profile of the merchant', async () => {
    const profile = await api.request('POST', '/v1/payment-experience/web-profiles', {
      body: { name: 'Brand A', presentation: { brand_name: 'Brand A Shop' } },
      headers: { 'Svc-Request-Id': 'profile-1' },
    });
    expect(profile.status, profile.text).toBe(201);
    const payment = await created(api, {
      ...simplePayment('sale', '1.00'),
      experience_profile_id: profile.body.id,
    });
    expect(payment.experience_profile_id).toBe(profile.body.id);
  });

  it('another application cannot see the payment (404)', async () => {
    const payment = await created(api, simplePayment('sale', '1.00'));
    expectError(await api.request('GET', `${PAYMENTS}/PAY-NOSUCHPAYMENT000000000000`), 'RESOURCE_NOT_FOUND');
    expect((await api.request('GET', `${PAYMENTS}/${payment.id}`)).status).toBe(200);
  });

  it('/openapi.json marks every v1 payments operation deprecated with /v2/payments', async () => {
    const doc = (await api.request('GET', '/openapi.json', { token: null })).body;
    const operations = Object.entries(
      doc.paths as Record<string, Record<string, { deprecated?: boolean; description?: string }>>,
    )
      .filter(
        ([path]) =>
          path.startsWith('/v1/payments/payment') ||
          /^\/v1\/payments\/(sale|authorization|capture|refund|orders)\//.test(path),
      )
      .flatMap(([, item]) => Object.values(item));
    expect(operations.length).toBeGreaterThanOrEqual(18);
    for (const operation of operations) {
      expect(operation.deprecated).toBe(true);
      expect(operation.description).toContain('/v2/payments');
    }
  });
});
