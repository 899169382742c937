import type { AmountWithBreakdown, MoneyInput } from './api/common.js';
import type { ItemInput } from './api/orders-v2/schemas.js';
import { COMMON_ISSUES } from './errors.js';

type MoneyIssue = keyof typeof COMMON_ISSUES;
import { MoneyError, fromMinor, isSupportedCurrency, parseQuantity, toMinor } from './money.js';

/**
 * The money rules of an amount with breakdown (spec 2.4, 2.5), exactly, in minor units. Pure, so the
 * create form in the UI shows the same problems, with the same words, before anything is sent.
 */

export interface AmountProblem {
  issue: MoneyIssue;
  /** JSON pointer of the offending member. */
  field: string;
  description: string;
}

/** Breakdown members that add to the total, and those that subtract from it. */
const ADDING = ['item_total', 'tax_total', 'shipping', 'handling', 'insurance'] as const;
const SUBTRACTING = ['shipping_discount', 'discount'] as const;
const BREAKDOWN_MEMBERS = [...ADDING, ...SUBTRACTING] as const;

export interface AmountCheck {
  problems: AmountProblem[];
  /** The amount in minor units when it parsed. */
  minor?: bigint;
}

/** Checks `amount` (and the unit's `items`, if any); `at` is the pointer of the amount's parent. */
export function checkAmount(
  amount: AmountWithBreakdown,
  items: readonly ItemInput[] | undefined,
  at: string,
): AmountCheck {
  const problems: AmountProblem[] = [];
  const currency = amount.currency_code;
  const problem = (
    issue: MoneyIssue,
    field: string,
    description: string = COMMON_ISSUES[issue].description,
  ) => problems.push({ issue, field, description });

  if (!isSupportedCurrency(currency)) {
    problem('CURRENCY_NOT_SUPPORTED', `${at}/amount/currency_code`, `Currency ${currency} is not supported.`);
    return { problems };
  }
  const parse = (money: MoneyInput, field: string, allowNegative = false): bigint | undefined => {
    if (money.currency_code !== currency) {
      problem(
        'CURRENCY_MISMATCH',
        `${field}/currency_code`,
        `Expected ${currency} like the amount, got ${money.currency_code}.`,
      );
      return undefined;
    }
    try {
      const minor = toMinor(money.value, currency);
      if (minor < 0n && !allowNegative) {
        problem('INVALID_PARAMETER_VALUE', `${field}/value`, 'The value must not be negative.');
        return undefined;
      }
      return minor;
    } catch (error) {
      if (error instanceof MoneyError) problem(error.issue, `${field}/value`, error.message);
      return undefined;
    }
  };

  const total = parse(amount, `${at}/amount`, true);
  if (total !== undefined && total <= 0n) problem('AMOUNT_NOT_POSITIVE', `${at}/amount/value`);

  const breakdown = amount.breakdown;
  const parts: Partial<Record<(typeof ADDING)[number] | (typeof SUBTRACTING)[number], bigint>> = {};
  for (const key of BREAKDOWN_MEMBERS) {
    const money = breakdown?.[key];
    if (money) {
      const minor = parse(money, `${at}/amount/breakdown/${key}`);
      if (minor !== undefined) parts[key] = minor;
    }
  }

  if (items && items.length > 0) {
    let itemSum = 0n;
    let taxSum = 0n;
    let anyTax = false;
    let complete = true;
    items.forEach((item, index) => {
      const quantity = parseQuantity(item.quantity) ?? 0n;
      const unit = parse(item.unit_amount, `${at}/items/${index}/unit_amount`);
      if (unit === undefined) complete = false;
      else itemSum += unit * quantity;
      if (item.tax) {
        anyTax = true;
        const tax = parse(item.tax, `${at}/items/${index}/tax`);
        if (tax === undefined) complete = false;
        else taxSum += tax * quantity;
      }
    });
    if (!breakdown?.item_total) problem('ITEM_TOTAL_REQUIRED', `${at}/amount/breakdown/item_total`);
    else if (complete && parts.item_total !== undefined && parts.item_total !== itemSum) {
      problem(
        'ITEM_TOTAL_MISMATCH',
        `${at}/amount/breakdown/item_total`,
        `The items add up to ${fromMinor(itemSum, currency)} ${currency}, not ${fromMinor(parts.item_total, currency)}.`,
      );
    }
    if (anyTax && !breakdown?.tax_total) problem('TAX_TOTAL_REQUIRED', `${at}/amount/breakdown/tax_total`);
    else if (anyTax && complete && parts.tax_total !== undefined && parts.tax_total !== taxSum) {
      problem(
        'TAX_TOTAL_MISMATCH',
        `${at}/amount/breakdown/tax_total`,
        `The item taxes add up to ${fromMinor(taxSum, currency)} ${currency}, not ${fromMinor(parts.tax_total, currency)}.`,
      );
    }
  }

  if (breakdown && total !== undefined && problems.length === 0) {
    const expected = breakdownTotal(parts);
    if (expected !== total) {
      problem(
        'AMOUNT_MISMATCH',
        `${at}/amount/value`,
        `The breakdown adds up to ${fromMinor(expected, currency)} ${currency}, not ${amount.value}.`,
      );
    }
  }
  return total === undefined ? { problems } : { problems, minor: total };
}

/** item_total + tax_total + shipping + handling + insurance - shipping_discount - discount. */
export function breakdownTotal(parts: Partial<Record<string, bigint>>): bigint {
  let sum = 0n;
  for (const key of ADDING) sum += parts[key] ?? 0n;
  for (const key of SUBTRACTING) sum -= parts[key] ?? 0n;
  return sum;
}
