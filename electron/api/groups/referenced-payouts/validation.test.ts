import { beforeEach, describe, expect, it } from 'vitest';
import { harnessPerTest } from '../../../test-support/harness-per-test.js';
import { REFERENCED_PAYOUT_LIMITS } from '../../../../shared/api/referenced-payouts/index.js';
import { newAuthorization } from '../payments-v2/payments-test-kit.js';
import { expectError, type ExpectedDetail } from '../../../test-support/expect-error.js';
import {
  BATCHES,
  ITEMS,
  createBatch,
  createItem,
  item,
  newCapture,
  otherAppToken,
  startReferencedHarness,
  usd,
} from './referenced-payouts-test-kit.js';

/** An unsigned JWT naming a business account: the call acts for it, as a partner's would. */
const assertionFor = (email: string): string =>
  `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from(JSON.stringify({ email })).toString('base64url')}.`;

const CHARITY = 'charity@example.com';

describe('referenced payouts: validation', () => {
  const api = harnessPerTest(startReferencedHarness);
  let capture: string;
  beforeEach(async () => {
    capture = await newCapture(api, '100.00');
  });

  /** 400 INVALID_REQUEST cases of the item schema, checked on both calls (field relative to the item). */
  const itemCases: [string, (c: string) => Record<string, unknown>, ExpectedDetail][] = [
    [
      'reference_id missing',
      () => ({ reference_type: 'TRANSACTION_ID' }),
      { issue: 'MISSING_REQUIRED_PARAMETER', field: '/reference_id' },
    ],
    [
      'reference_id empty',
      () => ({ reference_id: '', reference_type: 'TRANSACTION_ID' }),
      { issue: 'INVALID_STRING_LENGTH', field: '/reference_id' },
    ],
    [
      'reference_id too long',
      () => ({
        reference_id: 'X'.repeat(256),
        reference_type: 'OTHERS',
        payout_amount: usd('1.00'),
        payee_email: 'a@b.co',
      }),
      { issue: 'INVALID_STRING_MAX_LENGTH', field: '/reference_id' },
    ],
    [
      'reference_type missing',
      (c) => ({ reference_id: c }),
      { issue: 'MISSING_REQUIRED_PARAMETER', field: '/reference_type' },
    ],
    [
      'reference_type unknown',
      (c) => ({ reference_id: c, reference_type: 'ORDER_ID' }),
      { issue: 'INVALID_PARAMETER_VALUE', field: '/reference_type' },
    ],
    [
      'payee_email shorter than 3',
      (c) => item(c, { payee_email: 'a@' }),
      { issue: 'INVALID_STRING_LENGTH', field: '/payee_email' },
    ],
    [
      'payee_email longer than 254',
      (c) => item(c, { payee_email: `${'a'.repeat(250)}@b.co` }),
      { issue: 'INVALID_STRING_MAX_LENGTH', field: '/payee_email' },
    ],
    [
      'payee_email not an address',
      (c) => item(c, { payee_email: 'not-an-email' }),
      { issue: 'INVALID_PARAMETER_SYNTAX', field: '/payee_email' },
    ],
    [
      'payout_amount without currency',
      (c) => item(c, { payout_amount: { value: '1.00' } }),
      { issue: 'MISSING_REQUIRED_PARAMETER', field: '/payout_amount/currency_code' },
    ],
    [
      'payout_amount value not decimal',
      (c) => item(c, { payout_amount: usd('1,00') }),
      { issue: 'INVALID_PARAMETER_SYNTAX', field: '/payout_amount/value' },
    ],
    [
      'payout_amount currency malformed',
      (c) => item(c, { payout_amount: { currency_code: 'usd', value: '1.00' } }),
      { issue: 'INVALID_PARAMETER_SYNTAX', field: '/payout_amount/currency_code' },
    ],
    [
      'OTHERS without payout_amount',
      () => ({ reference_id: 'r-1', reference_type: 'OTHERS', payee_email: 'a@b.co' }),
      { issue: 'MISSING_REQUIRED_PARAMETER', field: '/payout_amount' },
    ],
    [
      'OTHERS without payee_email',
      () => ({ reference_id: 'r-1', reference_type: 'OTHERS', payout_amount: usd('1.00') }),
      { issue: 'MISSING_REQUIRED_PARAMETER', field: '/payee_email' },
    ],
    [
      'invoice_id longer than 127',
      (c) => item(c, { invoice_id: 'I'.repeat(128) }),
      { issue: 'INVALID_STRING_MAX_LENGTH', field: '/invoice_id' },
    ],
    [
      'custom longer than 127',
      (c) => item(c, { custom: 'C'.repeat(128) }),
      { issue: 'INVALID_STRING_MAX_LENGTH', field: '/custom' },
    ],
    [
      'external_merchant_id longer than 255',
      (c) => item(c, { external_merchant_id: 'E'.repeat(256) }),
      { issue: 'INVALID_STRING_MAX_LENGTH', field: '/external_merchant_id' },
    ],
  ];

  describe.each(itemCases)('400 when %s', (_label, build, expected) => {
    it('on an item call', async () => {
      const reply = await createItem(api, build(capture));
      expectError(reply, 'INVALID_REQUEST', { ...expected, location: 'body' });
    });
    it('on a batch call, with the item index in the field', async () => {
      const reply = await createBatch(api, { referenced_payouts: [item(capture), build(capture)] });
      expectError(reply, 'INVALID_REQUEST', {
        ...expected,
        field: `/referenced_payouts/1${expected.field ?? ''}`,
        location: 'body',
      });
    });
  });

  it.each([
    ['no body', undefined, { issue: 'MISSING_REQUIRED_PARAMETER', field: '/' }],
    ['referenced_payouts missing', {}, { issue: 'MISSING_REQUIRED_PARAMETER', field: '/referenced_payouts' }],
    [
      'no items',
      { referenced_payouts: [] },
      { issue: 'INVALID_ARRAY_MIN_ITEMS', field: '/referenced_payouts' },
    ],
    [
      'payout_directive without destination',
      {
        referenced_payouts: [
          { reference_id: 'x', reference_type: 'OTHERS', payout_amount: usd('1.00'), payee_email: 'a@b.co' },
        ],
        payout_directive: { type: 'FINANCIAL_INSTRUMENT_ID' },
      },
      { issue: 'MISSING_REQUIRED_PARAMETER', field: '/payout_directive/destination' },
    ],
    [
      'payout_directive of an unknown type',
      {
        referenced_payouts: [
          { reference_id: 'x', reference_type: 'OTHERS', payout_amount: usd('1.00'), payee_email: 'a@b.co' },
        ],
        payout_directive: { destination: 'FI-1', type: 'IBAN' },
      },
      { issue: 'INVALID_PARAMETER_VALUE', field: '/payout_directive/type' },
    ],
    [
      'payout_directive EMAIL that is no address',
      {
        referenced_payouts: [
          { reference_id: 'x', reference_type: 'OTHERS', payout_amount: usd('1.00'), payee_email: 'a@b.co' },
        ],
        payout_directive: { destination: 'nobody', type: 'EMAIL' },
      },
      { issue: 'INVALID_PARAMETER_SYNTAX', field: '/payout_directive/destination' },
    ],
  ] as [string, unknown, ExpectedDetail][])('batch: 400 when %s', async (_label, body, expected) => {
    const reply = await api.request('POST', BATCHES, body === undefined ? {} : { body });
    expectError(reply, 'INVALID_REQUEST', { ...expected, location: 'body' });
  });

  it('batch: at most 1000 items (1001 is 400), 1000 are accepted and queued', async () => {
    const others = (n: number) =>
      Array.from({ length: n }, (_, i) => ({
        reference_id: `ref-${i}`,
        reference_type: 'OTHERS',
        payout_amount: usd('0.01'),
        payee_email: CHARITY,
      }));
    expectError(await createBatch(api, { referenced_payouts: others(1001) }), 'INVALID_REQUEST', {
      issue: 'INVALID_ARRAY_MAX_ITEMS',
      field: '/referenced_payouts',
    });
    const reply = await createBatch(api, { referenced_payouts: others(REFERENCED_PAYOUT_LIMITS.batchItems) });
    expect(reply.status, reply.text).toBe(202);
    expect(api.host.deps.store.resources.count('referenced-payout-item')).toBe(1000);
  });

  describe('headers', () => {
    it.each([
      [
        'Svc-Request-Id longer than 1000',
        { 'Svc-Request-Id': 'k'.repeat(1001) },
        'INVALID_STRING_MAX_LENGTH',
        'Svc-Request-Id',
      ],
      [
        'Svc-Partner-Attribution-Id that is no BN code',
        { 'Svc-Partner-Attribution-Id': 'bad code!' },
        'INVALID_PARAMETER_SYNTAX',
        'Svc-Partner-Attribution-Id',
      ],
      [
        'Svc-Partner-Attribution-Id longer than 36',
        { 'Svc-Partner-Attribution-Id': 'B'.repeat(37) },
        'INVALID_STRING_MAX_LENGTH',
        'Svc-Partner-Attribution-Id',
      ],
    ] as const)('400 when %s', async (_label, headers, issue, field) => {
      expectError(await createItem(api, item(capture), headers), 'INVALID_REQUEST', {
        issue,
        field,
        location: 'header',
      });
      expectError(
        await createBatch(api, { referenced_payouts: [item(capture)] }, headers),
        'INVALID_REQUEST',
        {
          issue,
          field,
          location: 'header',
        },
      );
    });

    it('a partner acting for a merchant (Svc-Auth-Assertion) needs a build-notation code: 403 without one', async () => {
      const acting = { 'Svc-Auth-Assertion': assertionFor('charity@example.com') };
      const reply = await createItem(
        api,
        { reference_id: 'r', reference_type: 'OTHERS', payout_amount: usd('1.00'), payee_email: 'a@b.co' },
        acting,
      );
      expectError(reply, 'NOT_AUTHORIZED', {
        issue: 'PARTNER_ATTRIBUTION_ID_REQUIRED',
        field: 'Svc-Partner-Attribution-Id',
        location: 'header',
      });
      expectError(
        await createBatch(
          api,
          {
            referenced_payouts: [
              {
                reference_id: 'r',
                reference_type: 'OTHERS',
                payout_amount: usd('1.00'),
                payee_email: 'a@b.co',
              },
            ],
          },
          acting,
        ),
        'NOT_AUTHORIZED',
        'PARTNER_ATTRIBUTION_ID_REQUIRED',
      );
      // With its code the call goes through (and, acting for the charity, debits the charity: it has no funds).
      const withCode = await createItem(
        api,
        { reference_id: 'r', reference_type: 'OTHERS', payout_amount: usd('1.00'), payee_email: 'a@b.co' },
        { ...acting, 'Svc-Partner-Attribution-Id': 'Example_Marketplace' },
      );
      expect(withCode.status, withCode.text).toBe(201);
      expect(withCode.body.processing_state).toEqual({ status: 'FAILED', reason: 'NOT_ENOUGH_BALANCE' });
      const stored = api.host.deps.store.resources.get<any, any>(
        'referenced-payout-item',
        withCode.body.item_id,
      );
      expect(stored?.internal.partner_attribution_id).toBe('Example_Marketplace');
    });

    it('a merchant paying out its own captures needs no build-notation code', async () => {
      expect((await createItem(api, item(capture, { payout_amount: usd('1.00') }))).status).toBe(201);
    });
  });

  describe('422: the reference and the amount', () => {
    it('TRANSACTION_ID must name a capture: unknown ids and authorizations are refused', async () => {
      const { orderId, authorizationId } = await newAuthorization(api, '10.00');
      for (const reference of ['NOSUCHCAPTURE0000', authorizationId, orderId]) {
        const reply = await createItem(api, item(reference));
        expectError(reply, 'UNPROCESSABLE_ENTITY', {
          issue: 'REFERENCE_TRANSACTION_NOT_FOUND',
          field: '/reference_id',
          location: 'body',
        });
      }
    });

    it('TRANSACTION_ID must name a capture of the caller: another app’s capture is refused', async () => {
      const token = await otherAppToken(api);
      const reply = await api.request('POST', ITEMS, { body: item(capture), token });
      expectError(reply, 'UNPROCESSABLE_ENTITY', 'REFERENCE_TRANSACTION_NOT_FOUND');
    });

    it.each([
      [
        'another currency than the capture',
        { currency_code: 'EUR', value: '1.00' },
        'CURRENCY_MISMATCH',
        '/payout_amount/currency_code',
      ],
      [
        'an unsupported currency',
        { currency_code: 'XXX', value: '1.00' },
        'CURRENCY_NOT_SUPPORTED',
        '/payout_amount/currency_code',
      ],
      ['more decimals than the currency has', usd('1.001'), 'DECIMAL_PRECISION', '/payout_amount/value'],
      ['zero', usd('0.00'), 'AMOUNT_NOT_POSITIVE', '/payout_amount/value'],
      ['a negative amount', usd('-5.00'), 'AMOUNT_NOT_POSITIVE', '/payout_amount/value'],
    ] as const)('payout_amount in %s is refused', async (_label, amount, issue, field) => {
      expectError(await createItem(api, item(capture, { payout_amount: amount })), 'UNPROCESSABLE_ENTITY', {
        issue,
        field,
        location: 'body',
      });
    });

    it('a batch reports every item’s problem at once, each at its index, and creates nothing', async () => {
      const reply = await createBatch(api, {
        referenced_payouts: [
          item(capture, { payout_amount: usd('1.00') }),
          item('NOSUCHCAPTURE0000'),
          item(capture, { payout_amount: usd('0.001') }),
          {
            reference_id: 'x',
            reference_type: 'OTHERS',
            payout_amount: { currency_code: 'XXX', value: '1' },
            payee_email: 'a@b.co',
          },
        ],
      });
      const body = expectError(reply, 'UNPROCESSABLE_ENTITY');
      expect(body.details?.map((d) => [d.field, d.issue])).toEqual([
        ['/referenced_payouts/1/reference_id', 'REFERENCE_TRANSACTION_NOT_FOUND'],
        ['/referenced_payouts/2/payout_amount/value', 'DECIMAL_PRECISION'],
        ['/referenced_payouts/3/payout_amount/currency_code', 'CURRENCY_NOT_SUPPORTED'],
      ]);
      expect(api.host.deps.store.resources.count('referenced-payout-batch')).toBe(0);
      expect(api.host.deps.store.resources.count('referenced-payout-item')).toBe(0);
    });
  });

  it('Svc-Mock-Response forces the documented ONGOING_ACTIVITY_ON_REFERENCE', async () => {
    const reply = await createItem(api, item(capture), {
      'Svc-Mock-Response': JSON.stringify({ mock_application_codes: 'ONGOING_ACTIVITY_ON_REFERENCE' }),
    });
    expectError(reply, 'RESOURCE_CONFLICT', 'ONGOING_ACTIVITY_ON_REFERENCE');
    expect(api.host.deps.store.resources.count('referenced-payout-item')).toBe(0);
  });

  it('a token without the referenced payouts scope gets 403', async () => {
    const token = await api.newToken('https://uri.svc.example/services/payments/payment');
    const reply = await api.request('POST', ITEMS, { body: item(capture), token });
    expectError(reply, 'NOT_AUTHORIZED', 'INSUFFICIENT_SCOPE');
  });
});
