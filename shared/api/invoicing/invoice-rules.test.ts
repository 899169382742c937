import { describe, expect, it } from 'vitest';
import { accountProblems, checkInvoice, logoProblem } from './invoice-rules.js';
import type { InvoiceRequest } from './schemas.js';

const usd = (value: string) => ({ currency: 'USD', value });
const base = (overrides: Partial<InvoiceRequest> = {}): InvoiceRequest => ({
  merchant_info: { email: 'merchant@example.com' },
  billing_info: [{ email: 'buyer@example.com' }],
  items: [
    { name: 'Sutures', quantity: 100, unit_price: usd('5.00'), tax: { name: 'Sales tax', percent: 8.25 } },
  ],
  ...overrides,
});
const totalOf = (request: InvoiceRequest): string => {
  const { problems, totals } = checkInvoice(request);
  expect(problems).toEqual([]);
  return (Number(totals.total) / 100).toFixed(2);
};
const issuesOf = (request: InvoiceRequest) =>
  checkInvoice(request).problems.map((p) => `${p.issue} ${p.field}`);

describe('invoice totals (exact, per line, half away from zero)', () => {
  it('the platform example: 100 x 5.00, 8.25% tax, 1% discount, 10.00 shipping = 546.25', () => {
    const { totals } = checkInvoice(
      base({ discount: { percent: 1 }, shipping_cost: { amount: usd('10.00') } }),
    );
    expect(totals).toMatchObject({
      subtotal: 50000n,
      discount: 500n,
      tax: 4125n,
      shipping: 1000n,
      total: 54625n,
    });
  });

  it('tax after the discount: 8.25% of 495.00 = 40.8375 -> 40.84', () => {
    const request = base({
      discount: { percent: 1 },
      shipping_cost: { amount: usd('10.00') },
      tax_calculated_after_discount: true,
    });
    expect(checkInvoice(request).totals.tax).toBe(4084n);
    expect(totalOf(request)).toBe('545.84');
  });

  it('an amount discount is shared among the items in proportion to their nets for the tax', () => {
    const request = base({
      items: [
        { name: 'A', quantity: 1, unit_price: usd('30.00'), tax: { name: 'T', percent: 10 } },
        { name: 'B', quantity: 1, unit_price: usd('10.00') },
      ],
      discount: { amount: usd('4.00') },
      tax_calculated_after_discount: true,
    });
    // A's share is 3.00: its tax is 10% of 27.00.
    expect(checkInvoice(request).totals.items[0]?.tax).toBe(270n);
    expect(totalOf(request)).toBe('38.70');
  });

  it('tax-inclusive prices hold their tax: 108.25 at 8.25% holds 8.25 and totals 108.25', () => {
    const request = base({
      items: [{ name: 'A', quantity: 1, unit_price: usd('108.25'), tax: { name: 'T', percent: 8.25 } }],
      tax_inclusive: true,
    });
    expect(checkInvoice(request).totals.tax).toBe(825n);
    expect(totalOf(request)).toBe('108.25');
  });

  it('fractional quantities round each line: 1.5 x 33.33 = 49.995 -> 50.00', () => {
    expect(totalOf(base({ items: [{ name: 'A', quantity: 1.5, unit_price: usd('33.33') }] }))).toBe('50.00');
  });

  it('item discounts, shipping tax and a negative custom amount', () => {
    const request = base({
      items: [
        { name: 'A', quantity: 2, unit_price: usd('50.00'), discount: { percent: 10 } },
        { name: 'B', quantity: 1, unit_price: usd('20.00'), discount: { amount: usd('5.00') } },
      ],
      shipping_cost: { amount: usd('10.00'), tax: { name: 'Ship tax', percent: 5 } },
      custom: { label: 'Loyalty', amount: usd('-2.50') },
    });
    const { totals } = checkInvoice(request);
    expect(totals.items.map((i) => i.net)).toEqual([9000n, 1500n]);
    expect(totals.shippingTax).toBe(50n);
    expect(totalOf(request)).toBe('113.00');
  });

  it('currencies without decimals: 3 x 100 JPY at 10% = 330 JPY', () => {
    const { totals, problems } = checkInvoice(
      base({
        items: [
          {
            name: 'A',
            quantity: 3,
            unit_price: { currency: 'JPY', value: '100' },
            tax: { name: 'T', percent: 10 },
          },
        ],
      }),
    );
    expect(problems).toEqual([]);
    expect(totals).toMatchObject({ currency: 'JPY', total: 330n });
  });

  it('an invoice without items is in USD and totals 0.00', () => {
    expect(checkInvoice(base({ items: [] })).totals).toMatchObject({ currency: 'USD', total: 0n });
  });
});

describe('invoice rules beyond the schema', () => {
  it.each<[string, Partial<InvoiceRequest>, string]>([
    [
      'a discount with a percent and an amount',
      { discount: { percent: 5, amount: usd('1.00') } },
      'INVALID_PARAMETER_VALUE /discount',
    ],
    [
      'a custom label without an amount',
      { custom: { label: 'Handling' } },
      'MISSING_REQUIRED_PARAMETER /custom/amount',
    ],
    [
      'term_type and due_date together',
      { payment_term: { term_type: 'NET_30', due_date: '2026-06-30' } },
      'INVALID_PARAMETER_VALUE /payment_term',
    ],
    [
      'DUE_ON_DATE_SPECIFIED without a date it may carry',
      { payment_term: { term_type: 'DUE_ON_DATE_SPECIFIED' } },
      'INVALID_PARAMETER_VALUE /payment_term/term_type',
    ],
    [
      'a due date before the invoice date',
      { invoice_date: '2026-05-10', payment_term: { due_date: '2026-05-01' } },
      'INVALID_PARAMETER_VALUE /payment_term/due_date',
    ],
    [
      'minimum_amount_due without partial payments',
      { minimum_amount_due: usd('10.00') },
      'INVALID_PARAMETER_VALUE /minimum_amount_due',
    ],
    [
      'minimum_amount_due over the total',
      { allow_partial_payment: true, minimum_amount_due: usd('999.00') },
      'INVALID_PARAMETER_VALUE /minimum_amount_due/value',
    ],
    [
      'a second currency',
      { shipping_cost: { amount: { currency: 'EUR', value: '1.00' } } },
      'CURRENCY_MISMATCH /shipping_cost/amount/currency',
    ],
    [
      'an unknown currency',
      { items: [{ name: 'A', quantity: 1, unit_price: { currency: 'XXX', value: '1' } }] },
      'CURRENCY_NOT_SUPPORTED /items/0/unit_price/currency',
    ],
    [
      'three decimals in USD',
      { shipping_cost: { amount: usd('1.005') } },
      'DECIMAL_PRECISION /shipping_cost/amount/value',
    ],
    [
      'a unit price over 1,000,000',
      { items: [{ name: 'A', quantity: 1, unit_price: usd('1000000.01') }] },
      'INVALID_PARAMETER_VALUE /items/0/unit_price/value',
    ],
    [
      'a negative total',
      { items: [{ name: 'A', quantity: -1, unit_price: usd('5.00') }] },
      'INVOICE_TOTAL_NEGATIVE /items',
    ],
    [
      'a logo on plain http',
      { logo_url: 'http://example.com/logo.png' },
      'INVALID_PARAMETER_VALUE /logo_url',
    ],
  ])('%s', (_label, overrides, expected) => {
    expect(issuesOf(base(overrides))).toEqual([expected]);
  });

  it('takes a term with the due date it comes to (an invoice sent back as shown), and percent discounts with their amount', () => {
    const shown = base({
      invoice_date: '2026-05-15 UTC',
      payment_term: { term_type: 'NET_10', due_date: '2026-05-25 UTC' },
      discount: { percent: 1, amount: usd('5.00') },
    });
    expect(issuesOf(shown)).toEqual([]);
    expect(issuesOf({ ...shown, payment_term: { term_type: 'NET_10', due_date: '2026-05-26' } })).toEqual([
      'INVALID_PARAMETER_VALUE /payment_term',
    ]);
    expect(issuesOf({ ...shown, discount: { percent: 1, amount: usd('5.01') } })).toEqual([
      'INVALID_PARAMETER_VALUE /discount',
    ]);
  });

  it('accepts a minimum amount due within the total when partial payments are allowed', () => {
    const { problems, totals } = checkInvoice(
      base({ allow_partial_payment: true, minimum_amount_due: usd('100.00') }),
    );
    expect(problems).toEqual([]);
    expect(totals.minimumDue).toBe(10000n);
  });

  it('logo URLs: absolute https only, without credentials', () => {
    expect(logoProblem('https://example.com/logo.png')).toBeUndefined();
    expect(logoProblem('/logo.png')).toMatch(/absolute/);
    expect(logoProblem('data:image/png;base64,AAAA')).toMatch(/secure server/);
    expect(logoProblem('https://user:pw@example.com/logo.png')).toMatch(/credentials/);
  });
});

describe("what the merchant's account rules out", () => {
  const merchant = (country_code: string) => ({ country_code, email: 'merchant@example.com' });
  it.each([
    ['IN', { allow_partial_payment: true }, 'PARTIAL_PAYMENT_NOT_ALLOWED'],
    ['BR', { allow_partial_payment: true }, 'PARTIAL_PAYMENT_NOT_ALLOWED'],
    ['IL', { allow_partial_payment: true }, 'PARTIAL_PAYMENT_NOT_ALLOWED'],
    ['HK', { allow_tip: true }, 'TIP_NOT_ALLOWED'],
    ['TW', { allow_tip: true }, 'TIP_NOT_ALLOWED'],
    ['JP', { allow_tip: true }, 'TIP_NOT_ALLOWED'],
  ])('a merchant in %s cannot offer %j', (country, overrides, issue) => {
    expect(accountProblems(base(overrides), merchant(country)).map((p) => p.issue)).toEqual([issue]);
    expect(accountProblems(base(overrides), merchant('US'))).toEqual([]);
  });

  it('merchant_info.email must be the account e-mail (any case)', () => {
    expect(
      accountProblems(base({ merchant_info: { email: 'MERCHANT@example.com' } }), merchant('US')),
    ).toEqual([]);
    expect(
      accountProblems(base({ merchant_info: { email: 'other@example.com' } }), merchant('US'))[0]?.issue,
    ).toBe('MERCHANT_EMAIL_NOT_ON_ACCOUNT');
  });
});
