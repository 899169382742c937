import { MoneyError, exponentOf, fromMinor, isSupportedCurrency, mulDivRound, toMinor } from '../../money.js';
import { dueDateOf } from './payment-terms.js';
import type { InvoiceMoney, InvoiceRequest } from './schemas.js';

/**
 * The rules of an invoice beyond its schema (spec 2.11), and its totals, computed exactly in minor
 * units. Pure: the host refuses a request with these problems, and the workbench's form shows the same
 * problems and the same live totals before anything is sent.
 *
 * How the total is made (the platform's order; quantities and percentages have up to five decimals):
 * - each item: `gross = quantity x unit_price`, less its own discount (a percent of gross, or an
 *   amount) = `net`; the subtotal is the sum of the nets;
 * - the invoice discount: a percent of the subtotal, or an amount;
 * - each item's tax: `percent` of its net, or, with `tax_calculated_after_discount`, of its net less
 *   its share of the invoice discount (in proportion to its net); with `tax_inclusive` the unit price
 *   already holds the tax, which is then `base x r / (100 + r)` and not added again;
 * - shipping and its tax, then the custom amount (which may be negative);
 * - total = subtotal - discount + taxes (unless inclusive) + shipping + shipping tax + custom.
 * Every rounding is half away from zero, per line, to the currency's minor unit.
 */

export interface InvoiceProblem {
  /** Issue code (`details[].issue`). */
  issue: string;
  /** JSON pointer of the offending member. */
  field: string;
  value?: string;
  description: string;
}

export interface ItemTotals {
  gross: bigint;
  discount: bigint;
  net: bigint;
  tax: bigint;
}

export interface InvoiceTotals {
  currency: string;
  items: ItemTotals[];
  subtotal: bigint;
  discount: bigint;
  /** Item taxes and the shipping tax. */
  tax: bigint;
  shipping: bigint;
  shippingTax: bigint;
  custom: bigint;
  total: bigint;
  minimumDue?: bigint;
}

export interface InvoiceCheck {
  problems: InvoiceProblem[];
  /** Meaningful when there is no problem. */
  totals: InvoiceTotals;
}

/** Percentages and quantities in hundred-thousandths (five decimals). */
const SCALE = 100_000n;
const PERCENT_SCALE = 100n * SCALE;
const MAX_ITEM_PRICE = 1_000_000n;
/** The currency of an invoice that names no amount at all. */
export const DEFAULT_INVOICE_CURRENCY = 'USD';

/** A number with at most five decimals as an exact integer of hundred-thousandths. */
export const scaled = (n: number): bigint => BigInt(n.toFixed(5).replace('.', ''));

/** Money v1 of `minor` units of `currency`. */
export const invoiceMoney = (minor: bigint, currency: string): InvoiceMoney => ({
  currency,
  value: fromMinor(minor, currency),
});

const rate = (base: bigint, percent: number | undefined): bigint =>
  percent === undefined ? 0n : mulDivRound(base, scaled(percent), PERCENT_SCALE);

const taxOf = (base: bigint, percent: number | undefined, inclusive: boolean): bigint => {
  if (percent === undefined) return 0n;
  const r = scaled(percent);
  return inclusive ? mulDivRound(base, r, PERCENT_SCALE + r) : mulDivRound(base, r, PERCENT_SCALE);
};

/** Checks a create or update body and computes its totals. */
export function checkInvoice(request: InvoiceRequest): InvoiceCheck {
  const problems: InvoiceProblem[] = [];
  const add = (issue: string, field: string, description: string, value?: string) =>
    problems.push({ issue, field, description, ...(value !== undefined ? { value } : {}) });

  const currency = invoiceCurrency(request);
  /** Minor units of an amount, or 0n with a problem when it is not one of the invoice's currency. */
  const minor = (amount: InvoiceMoney | undefined, field: string, min: bigint, max: bigint): bigint => {
    if (!amount) return 0n;
    if (!isSupportedCurrency(amount.currency)) {
      add(
        'CURRENCY_NOT_SUPPORTED',
        `${field}/currency`,
        `Currency ${amount.currency} is not supported.`,
        amount.currency,
      );
      return 0n;
    }
    if (amount.currency !== currency) {
      add(
        'CURRENCY_MISMATCH',
        `${field}/currency`,
        `Every amount of an invoice is in one currency: ${currency}, not ${amount.currency}.`,
        amount.currency,
      );
      return 0n;
    }
    let value: bigint;
    try {
      value = toMinor(amount.value, amount.currency);
    } catch (error) {
      if (!(error instanceof MoneyError)) throw error;
      add(error.issue, `${field}/value`, error.message, amount.value);
      return 0n;
    }
    const lo = min * 10n ** BigInt(exponentOf(currency));
    const hi = max * 10n ** BigInt(exponentOf(currency));
    if (value < lo || value > hi) {
      add(
        'INVALID_PARAMETER_VALUE',
        `${field}/value`,
        `The value is from ${fromMinor(lo, currency)} to ${fromMinor(hi, currency)}.`,
        amount.value,
      );
      return 0n;
    }
    return value;
  };
  const discountOf = (
    discount: { percent?: number | undefined; amount?: InvoiceMoney | undefined } | undefined,
    base: bigint,
    field: string,
  ): bigint => {
    if (!discount) return 0n;
    if (discount.percent !== undefined && discount.amount !== undefined) {
      // An invoice as shown carries the amount its percent came to: sent back unchanged (a PUT of what
      // a GET answered), it is that percent. Any other amount contradicts it.
      const fromPercent = rate(base, discount.percent);
      if (amountIs(discount.amount, currency, fromPercent)) return fromPercent;
      add('INVALID_PARAMETER_VALUE', field, 'A discount is a percent or an amount, not both.');
      return 0n;
    }
    if (discount.amount !== undefined) return minor(discount.amount, `${field}/amount`, 0n, MAX_ITEM_PRICE);
    return rate(base, discount.percent);
  };

  const inclusive = request.tax_inclusive === true;
  const items = (request.items ?? []).map((item, index): ItemTotals & { taxPercent?: number } => {
    const at = `/items/${index}`;
    const unit = minor(item.unit_price, `${at}/unit_price`, -MAX_ITEM_PRICE, MAX_ITEM_PRICE);
    const gross = mulDivRound(unit, scaled(item.quantity), SCALE);
    const discount = discountOf(item.discount, gross, `${at}/discount`);
    return {
      gross,
      discount,
      net: gross - discount,
      tax: 0n,
      ...(item.tax ? { taxPercent: item.tax.percent } : {}),
    };
  });
  const subtotal = items.reduce((sum, item) => sum + item.net, 0n);
  const discount = discountOf(request.discount, subtotal, '/discount');
  for (const item of items) {
    let base = item.net;
    if (request.tax_calculated_after_discount === true) {
      const share =
        request.discount?.percent !== undefined
          ? rate(item.net, request.discount.percent)
          : subtotal === 0n
            ? 0n
            : mulDivRound(discount, item.net, subtotal);
      base -= share;
    }
    item.tax = taxOf(base, item.taxPercent, inclusive);
  }
  const shipping = minor(request.shipping_cost?.amount, '/shipping_cost/amount', 0n, MAX_ITEM_PRICE);
  const shippingTax = taxOf(shipping, request.shipping_cost?.tax?.percent, inclusive);
  const custom = minor(request.custom?.amount, '/custom/amount', -MAX_ITEM_PRICE, MAX_ITEM_PRICE);
  if (request.custom?.label !== undefined && request.custom.amount === undefined)
    add('MISSING_REQUIRED_PARAMETER', '/custom/amount', 'A custom label requires a custom amount.');

  const itemTax = items.reduce((sum, item) => sum + item.tax, 0n);
  const total = subtotal - discount + (inclusive ? 0n : itemTax + shippingTax) + shipping + custom;
  if (problems.length === 0 && total < 0n)
    add(
      'INVOICE_TOTAL_NEGATIVE',
      '/items',
      `The invoice total would be ${fromMinor(total, currency)} ${currency}; it cannot be negative.`,
    );

  const term = request.payment_term;
  if (term?.term_type !== undefined && term.due_date !== undefined) {
    // An invoice as shown carries its term and the due date it came to: sent back unchanged, they agree.
    const agree =
      term.term_type === 'DUE_ON_DATE_SPECIFIED' ||
      (request.invoice_date !== undefined &&
        dueDateOf(request.invoice_date, { term_type: term.term_type }) === term.due_date.slice(0, 10));
    if (!agree)
      add(
        'INVALID_PARAMETER_VALUE',
        '/payment_term',
        'term_type and due_date are mutually exclusive: send one.',
      );
  } else if (term?.term_type === 'DUE_ON_DATE_SPECIFIED')
    add(
      'INVALID_PARAMETER_VALUE',
      '/payment_term/term_type',
      'For a due date of your own, send payment_term.due_date alone.',
      term.term_type,
    );
  if (
    term?.due_date &&
    request.invoice_date &&
    term.due_date.slice(0, 10) < request.invoice_date.slice(0, 10)
  )
    add(
      'INVALID_PARAMETER_VALUE',
      '/payment_term/due_date',
      'The due date is before the invoice date.',
      term.due_date,
    );

  let minimumDue: bigint | undefined;
  if (request.minimum_amount_due !== undefined) {
    if (request.allow_partial_payment !== true) {
      add(
        'INVALID_PARAMETER_VALUE',
        '/minimum_amount_due',
        'minimum_amount_due is valid only when allow_partial_payment is true.',
      );
    } else {
      minimumDue = minor(request.minimum_amount_due, '/minimum_amount_due', 0n, MAX_ITEM_PRICE * 100n);
      if (problems.length === 0 && (minimumDue <= 0n || minimumDue > total))
        add(
          'INVALID_PARAMETER_VALUE',
          '/minimum_amount_due/value',
          `The minimum amount due is more than 0 and at most the total (${fromMinor(total, currency)} ${currency}).`,
          request.minimum_amount_due.value,
        );
    }
  }

  if (request.logo_url !== undefined) {
    const problem = logoProblem(request.logo_url);
    if (problem) add('INVALID_PARAMETER_VALUE', '/logo_url', problem, request.logo_url);
  }

  return {
    problems,
    totals: {
      currency,
      items: items.map(({ gross, discount: d, net, tax }) => ({ gross, discount: d, net, tax })),
      subtotal,
      discount,
      tax: itemTax + shippingTax,
      shipping,
      shippingTax,
      custom,
      total,
      ...(minimumDue !== undefined ? { minimumDue } : {}),
    },
  };
}

/** Whether `amount` is exactly `minor` units of `currency` (false for anything that is not an amount). */
function amountIs(amount: InvoiceMoney, currency: string, minor: bigint): boolean {
  if (amount.currency !== currency || !isSupportedCurrency(currency)) return false;
  try {
    return toMinor(amount.value, currency) === minor;
  } catch (error) {
    if (error instanceof MoneyError) return false;
    throw error;
  }
}

/** The invoice's currency: of its first item, else of any amount it names, else USD. */
export function invoiceCurrency(request: InvoiceRequest): string {
  return (
    request.items?.[0]?.unit_price.currency ??
    request.shipping_cost?.amount?.currency ??
    request.custom?.amount?.currency ??
    request.discount?.amount?.currency ??
    request.minimum_amount_due?.currency ??
    DEFAULT_INVOICE_CURRENCY
  );
}

/**
 * `logo_url` (spec 2.11): an absolute URL of at most 4,000 characters on a secure server (https). The
 * 250 x 90 pixel bound is the platform's to check when it fetches the image; the sandbox never fetches
 * merchant URLs, so it cannot.
 */
export function logoProblem(url: string): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'The logo URL is not an absolute URL.';
  }
  if (parsed.protocol !== 'https:') return 'The logo must be stored on a secure server: an https URL.';
  if (parsed.username || parsed.password) return 'The logo URL cannot carry credentials.';
  return undefined;
}

/** Countries whose merchants cannot allow partial payments or tips (spec 2.11). */
export const NO_PARTIAL_PAYMENT_COUNTRIES: ReadonlySet<string> = new Set(['IN', 'BR', 'IL']);
export const NO_TIP_COUNTRIES: ReadonlySet<string> = new Set(['HK', 'TW', 'IN', 'JP']);

/** What the merchant's own account rules out (answered 422: the body is fine, the account is not). */
export function accountProblems(
  request: InvoiceRequest,
  merchant: { country_code: string; email: string },
): InvoiceProblem[] {
  const problems: InvoiceProblem[] = [];
  if (request.allow_partial_payment === true && NO_PARTIAL_PAYMENT_COUNTRIES.has(merchant.country_code))
    problems.push({
      issue: 'PARTIAL_PAYMENT_NOT_ALLOWED',
      field: '/allow_partial_payment',
      value: 'true',
      description: `Partial payments are not available to merchants in ${merchant.country_code}.`,
    });
  if (request.allow_tip === true && NO_TIP_COUNTRIES.has(merchant.country_code))
    problems.push({
      issue: 'TIP_NOT_ALLOWED',
      field: '/allow_tip',
      value: 'true',
      description: `Tips are not available to merchants in ${merchant.country_code}.`,
    });
  const email = request.merchant_info.email;
  if (email !== undefined && email.toLowerCase() !== merchant.email.toLowerCase())
    problems.push({
      issue: 'MERCHANT_EMAIL_NOT_ON_ACCOUNT',
      field: '/merchant_info/email',
      value: email,
      description: `merchant_info.email must be the e-mail of the merchant's account (${merchant.email}).`,
    });
  return problems;
}
