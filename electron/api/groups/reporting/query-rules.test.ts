import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Issue } from '../../../../shared/api/registry.js';
import { SCOPES } from '../../../../shared/scopes.js';
import { expectError } from '../../../test-support/expect-error.js';
import { FIXED_NOW } from '../../../test-support/fixtures.js';
import {
  BALANCES,
  TRANSACTIONS,
  iso,
  query,
  startReportingHarness,
  type ReportingHarness,
} from './reporting-test-kit.js';

const DAY = 86_400_000;
const START = iso(FIXED_NOW - 10 * DAY);
const END = iso(FIXED_NOW);

/** Every rule of spec 4.11 and part 8 for the transaction query: one violation, one 400 naming it. */
const TRANSACTION_RULES: [string, Record<string, string | undefined>, string, Issue][] = [
  ['start_date is required', { start_date: undefined }, 'start_date', 'MISSING_REQUIRED_PARAMETER'],
  ['end_date is required', { end_date: undefined }, 'end_date', 'MISSING_REQUIRED_PARAMETER'],
  [
    'start_date has at least 20 characters',
    { start_date: '2026-05-01T00:00:00' },
    'start_date',
    'INVALID_STRING_LENGTH',
  ],
  [
    'start_date has at most 64 characters',
    { start_date: '2026-05-01T00:00:00.' + '0'.repeat(44) + 'Z' },
    'start_date',
    'INVALID_STRING_LENGTH',
  ],
  ['end_date has at least 20 characters', { end_date: '2026-05-15' }, 'end_date', 'INVALID_STRING_LENGTH'],
  [
    'seconds are required',
    { start_date: '2026-05-01T00:00+00:00' },
    'start_date',
    'INVALID_PARAMETER_SYNTAX',
  ],
  [
    'a date that does not exist',
    { start_date: '2026-02-30T00:00:00Z' },
    'start_date',
    'INVALID_PARAMETER_SYNTAX',
  ],
  ['not a date-time', { end_date: 'yesterday-at-noon-ok!' }, 'end_date', 'INVALID_PARAMETER_SYNTAX'],
  ['end_date before start_date', { start_date: END, end_date: START }, 'end_date', 'DATE_RANGE_REVERSED'],
  [
    'at most 31 days apart',
    { start_date: iso(FIXED_NOW - 31 * DAY - 1000), end_date: END },
    'end_date',
    'DATE_RANGE_TOO_LONG',
  ],
  [
    'not older than 3 years',
    { start_date: '2023-05-15T11:59:59Z', end_date: '2023-05-20T00:00:00Z' },
    'start_date',
    'DATE_BEYOND_HISTORY',
  ],
  [
    'transaction_id of 16 characters',
    { transaction_id: 'A'.repeat(16) },
    'transaction_id',
    'INVALID_STRING_LENGTH',
  ],
  [
    'transaction_id of 20 characters',
    { transaction_id: 'A'.repeat(20) },
    'transaction_id',
    'INVALID_STRING_LENGTH',
  ],
  [
    'transaction_id in lower case',
    { transaction_id: 'a'.repeat(17) },
    'transaction_id',
    'INVALID_PARAMETER_SYNTAX',
  ],
  [
    'transaction_type is an event code',
    { transaction_type: 'X0006' },
    'transaction_type',
    'INVALID_PARAMETER_SYNTAX',
  ],
  [
    'transaction_status is D, P, S or V',
    { transaction_status: 'X' },
    'transaction_status',
    'INVALID_PARAMETER_VALUE',
  ],
  [
    'transaction_amount needs brackets',
    { transaction_amount: '100 TO 200' },
    'transaction_amount',
    'INVALID_AMOUNT_RANGE',
  ],
  [
    'transaction_amount is in minor units',
    { transaction_amount: '[1.50 TO 2]' },
    'transaction_amount',
    'INVALID_AMOUNT_RANGE',
  ],
  [
    'transaction_amount low above high',
    { transaction_amount: '[500 TO 100]' },
    'transaction_amount',
    'INVALID_AMOUNT_RANGE',
  ],
  [
    'transaction_currency has 3 capital letters',
    { transaction_currency: 'usd' },
    'transaction_currency',
    'INVALID_PARAMETER_SYNTAX',
  ],
  [
    'transaction_currency of 4 letters',
    { transaction_currency: 'USDX' },
    'transaction_currency',
    'INVALID_PARAMETER_SYNTAX',
  ],
  [
    'transaction_currency is supported',
    { transaction_currency: 'XXX' },
    'transaction_currency',
    'CURRENCY_NOT_SUPPORTED',
  ],
  [
    'payment_instrument_type is CREDITCARD or DEBITCARD',
    { payment_instrument_type: 'WALLET' },
    'payment_instrument_type',
    'INVALID_PARAMETER_VALUE',
  ],
  ['store_id is not empty', { store_id: '' }, 'store_id', 'INVALID_STRING_LENGTH'],
  ['store_id has at most 100 characters', { store_id: 's'.repeat(101) }, 'store_id', 'INVALID_STRING_LENGTH'],
  ['terminal_id is not empty', { terminal_id: '' }, 'terminal_id', 'INVALID_STRING_LENGTH'],
  [
    'terminal_id without control characters',
    { terminal_id: 'T\u0001' },
    'terminal_id',
    'INVALID_PARAMETER_SYNTAX',
  ],
  ['fields names known groups', { fields: 'transaction_info,bogus' }, 'fields', 'INVALID_PARAMETER_VALUE'],
  ['fields is all, alone', { fields: 'all,payer_info' }, 'fields', 'INVALID_PARAMETER_VALUE'],
  ['fields has no empty item', { fields: 'transaction_info,' }, 'fields', 'INVALID_PARAMETER_VALUE'],
  [
    'balance_affecting_records_only is Y or N',
    { balance_affecting_records_only: 'yes' },
    'balance_affecting_records_only',
    'INVALID_PARAMETER_VALUE',
  ],
  ['page_size at least 1', { page_size: '0' }, 'page_size', 'INVALID_INTEGER_MIN_VALUE'],
  ['page_size at most 500', { page_size: '501' }, 'page_size', 'INVALID_INTEGER_MAX_VALUE'],
  ['page_size is a whole number', { page_size: '1.5' }, 'page_size', 'INVALID_PARAMETER_SYNTAX'],
  ['page at least 1', { page: '0' }, 'page', 'INVALID_INTEGER_MIN_VALUE'],
  ['page at most 2147483647', { page: '2147483648' }, 'page', 'INVALID_INTEGER_MAX_VALUE'],
  ['page is a number', { page: 'two' }, 'page', 'INVALID_PARAMETER_SYNTAX'],
  ['no unknown parameter', { transaction_statu: 'S' }, 'transaction_statu', 'UNKNOWN_FIELD'],
];

describe('GET /v1/reporting/transactions parameter rules', () => {
  let api: ReportingHarness;
  beforeAll(async () => {
    api = await startReportingHarness();
  });
  afterAll(async () => api.close());

  const get = (params: Record<string, string | undefined>, headers: Record<string, string> = {}) =>
    api.request('GET', `${TRANSACTIONS}?${query({ start_date: START, end_date: END, ...params })}`, {
      headers,
    });

  it.each(TRANSACTION_RULES)('%s: 400 naming the parameter', async (_rule, params, field, issue) => {
    expectError(await get(params), 'INVALID_REQUEST', { issue, field, location: 'query' });
  });

  it('a repeated parameter is a 400 naming it', async () => {
    const reply = await api.request(
      'GET',
      `${TRANSACTIONS}?${query({ start_date: START, end_date: END })}&page=1&page=2`,
    );
    expectError(reply, 'INVALID_REQUEST', {
      issue: 'INVALID_PARAMETER_VALUE',
      field: 'page',
      location: 'query',
    });
  });

  it('Svc-Enforce-ISO8601-Format is a boolean: 400 naming the header', async () => {
    expectError(await get({}, { 'Svc-Enforce-ISO8601-Format': 'yes' }), 'INVALID_REQUEST', {
      issue: 'INVALID_PARAMETER_VALUE',
      field: 'Svc-Enforce-ISO8601-Format',
      location: 'header',
    });
  });

  it('reports every violated rule at once', async () => {
    const reply = await get({ start_date: 'x', page_size: '900', transaction_status: 'Q', fields: 'nope' });
    expect(reply.status).toBe(400);
    const fields = (reply.body.details as { field: string }[]).map((d) => d.field).sort();
    expect(fields).toEqual(['fields', 'page_size', 'start_date', 'transaction_status']);
  });

  it.each([
    ['exactly 31 days', { start_date: iso(FIXED_NOW - 31 * DAY), end_date: END }],
    ['exactly 3 years back', { start_date: '2023-05-15T12:00:00Z', end_date: '2023-05-20T00:00:00Z' }],
    [
      'offsets without a colon, fractions',
      { start_date: '2026-05-01T00:00:00.123-0700', end_date: '2026-05-15T12:00:00+02:00' },
    ],
    ['64 characters', { start_date: '2026-05-01T00:00:00.' + '0'.repeat(43) + 'Z' }],
    ['a 17-character transaction id', { transaction_id: 'ABCDEFGHIJKLMNOPQ' }],
    ['a 19-character order id', { transaction_id: 'O-ABCDEFGHIJKLMNOPQ' }],
    ['page_size 1 and 500 bounds', { page_size: '500' }],
    ['the largest page', { page: '2147483647', page_size: '1' }],
    [
      'every field group',
      {
        fields: 'transaction_info,payer_info,shipping_info,auction_info,cart_info,incentive_info,store_info',
      },
    ],
    ['negative amounts', { transaction_amount: '[-10000 TO 0]' }],
    ['any well-formed event code', { transaction_type: 'T9999' }],
  ] as const)('accepts %s', async (_name, params) => {
    const reply = await get(params);
    expect(reply.status, reply.text).toBe(200);
  });

  it('needs the reporting scope: 403 NOT_AUTHORIZED without it', async () => {
    const token = await api.newToken(SCOPES.orders);
    const reply = await api.request('GET', `${TRANSACTIONS}?${query({ start_date: START, end_date: END })}`, {
      token,
    });
    expect(reply.status).toBe(403);
    expect(reply.body.name).toBe('NOT_AUTHORIZED');
  });
});

describe('GET /v1/reporting/balances parameter rules', () => {
  let api: ReportingHarness;
  beforeAll(async () => {
    api = await startReportingHarness();
  });
  afterAll(async () => api.close());

  const get = (params: Record<string, string | undefined>, headers: Record<string, string> = {}) =>
    api.request('GET', `${BALANCES}?${query(params)}`, { headers });

  it.each([
    [
      'as_of_time has at least 20 characters',
      { as_of_time: '2026-05-01' },
      'as_of_time',
      'INVALID_STRING_LENGTH',
    ],
    [
      'as_of_time needs seconds',
      { as_of_time: '2026-05-01T10:00+00:00' },
      'as_of_time',
      'INVALID_PARAMETER_SYNTAX',
    ],
    [
      'as_of_time not older than 3 years',
      { as_of_time: '2020-01-01T00:00:00Z' },
      'as_of_time',
      'DATE_BEYOND_HISTORY',
    ],
    [
      'currency_code has 3 capital letters',
      { currency_code: 'eur' },
      'currency_code',
      'INVALID_PARAMETER_SYNTAX',
    ],
    ['currency_code is supported', { currency_code: 'ABC' }, 'currency_code', 'CURRENCY_NOT_SUPPORTED'],
    ['no unknown parameter', { currency: 'USD' }, 'currency', 'UNKNOWN_FIELD'],
  ] as [string, Record<string, string>, string, Issue][])(
    '%s: 400 naming the parameter',
    async (_rule, params, field, issue) => {
      expectError(await get(params), 'INVALID_REQUEST', { issue, field, location: 'query' });
    },
  );

  it('Svc-Enforce-ISO8601-Format is a boolean', async () => {
    expectError(await get({}, { 'svc-enforce-iso8601-format': '1' }), 'INVALID_REQUEST', {
      issue: 'INVALID_PARAMETER_VALUE',
      field: 'Svc-Enforce-ISO8601-Format',
      location: 'header',
    });
  });
});
