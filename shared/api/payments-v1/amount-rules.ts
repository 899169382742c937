import { COMMON_ISSUES } from '../../errors.js';
import { fromMinor, isSupportedCurrency, MoneyError, parseQuantity, toMinor } from '../../money.js';
import type { AmountV1, ItemV1 } from './schemas.js';

/**
 * The money rules of a v1 transaction (spec 2.6), exactly, in minor units. Pure, so the workbench's forms
 * can say the same thing before a call is made.
 *
 * - `total` is positive and, with `details`, equals subtotal + tax + shipping + handling_fee + insurance +
 *   gift_wrap - shipping_discount. v1's own samples send the discount as "-1.00"; either sign means a
 *   discount of that size.
 * - Items are in the amount's currency; price times quantity adds up to `details.subtotal` (to `total`
 *   when there are no details). A negative item price is a discount line, as v1 allowed.
 * - When items carry tax, their tax times quantity adds up to `details.tax`.
 */

type Issue = keyof typeof COMMON_ISSUES | 'ITEM_AMOUNT_MISMATCH' | 'ITEM_TAX_MISMATCH';

export interface AmountV1Problem {
  issue: Issue;
  field: string;
  description: string;
}

export interface AmountV1Check {
  problems: AmountV1Problem[];
  /** The total in minor units when it parsed. */
  totalMinor?: bigint;
}

const ADDING = ['subtotal', 'tax', 'shipping', 'handling_fee', 'insurance', 'gift_wrap'] as const;

/** Checks one transaction's `amount` and items; `at` is the transaction's JSON pointer. */
export function checkAmountV1(
  amount: AmountV1,
  items: readonly ItemV1[] | undefined,
  at: string,
): AmountV1Check {
  const problems: AmountV1Problem[] = [];
  const currency = amount.currency;
  const push = (issue: Issue, field: string, description: string) =>
    problems.push({ issue, field, description });
  if (!isSupportedCurrency(currency)) {
    push('CURRENCY_NOT_SUPPORTED', `${at}/amount/currency`, `Currency ${currency} is not supported.`);
    return { problems };
  }
  const parse = (value: string, field: string, signed: boolean): bigint | undefined => {
    try {
      const minor = toMinor(value, currency);
      if (minor < 0n && !signed) {
        push('INVALID_PARAMETER_VALUE', field, 'The value must not be negative.');
        return undefined;
      }
      return minor;
    } catch (error) {
      if (error instanceof MoneyError) push(error.issue, field, error.message);
      return undefined;
    }
  };

  const total = parse(amount.total, `${at}/amount/total`, true);
  if (total !== undefined && total <= 0n)
    push('AMOUNT_NOT_POSITIVE', `${at}/amount/total`, COMMON_ISSUES.AMOUNT_NOT_POSITIVE.description);

  const details = amount.details;
  const parts: Partial<Record<(typeof ADDING)[number] | 'shipping_discount', bigint>> = {};
  let partsParsed = true;
  if (details) {
    for (const key of [...ADDING, 'shipping_discount'] as const) {
      const value = details[key];
      if (value === undefined) continue;
      const minor = parse(value, `${at}/amount/details/${key}`, key === 'shipping_discount');
      if (minor === undefined) partsParsed = false;
      else parts[key] = minor;
    }
    if (total !== undefined && partsParsed) {
      const discount = parts.shipping_discount ?? 0n;
      const sum =
        ADDING.reduce((acc, key) => acc + (parts[key] ?? 0n), 0n) - (discount < 0n ? -discount : discount);
      if (sum !== total) {
        push(
          'AMOUNT_MISMATCH',
          `${at}/amount/total`,
          `The total ${amount.total} does not equal the details, which add up to ${fromMinor(sum, currency)}.`,
        );
      }
    }
  }

  if (items && items.length > 0) {
    let itemTotal = 0n;
    let taxTotal = 0n;
    let anyTax = false;
    let itemsParsed = true;
    items.forEach((item, index) => {
      const field = `${at}/item_list/items/${index}`;
      if (item.currency !== currency) {
        push(
          'CURRENCY_MISMATCH',
          `${field}/currency`,
          `Expected ${currency} like the amount, got ${item.currency}.`,
        );
        itemsParsed = false;
        return;
      }
      const quantity = parseQuantity(item.quantity) ?? 0n;
      const price = parse(item.price, `${field}/price`, true);
      if (price === undefined) itemsParsed = false;
      else itemTotal += price * quantity;
      if (item.tax !== undefined) {
        anyTax = true;
        const tax = parse(item.tax, `${field}/tax`, false);
        if (tax === undefined) itemsParsed = false;
        else taxTotal += tax * quantity;
      }
    });
    if (itemsParsed && partsParsed) {
      const expected = details ? parts.subtotal : total;
      const name = details ? 'details.subtotal' : 'total';
      if (expected === undefined) {
        if (details)
          push(
            'ITEM_AMOUNT_MISMATCH',
            `${at}/amount/details/subtotal`,
            'details.subtotal is required when items are given with details.',
          );
      } else if (expected !== itemTotal) {
        push(
          'ITEM_AMOUNT_MISMATCH',
          `${at}/item_list/items`,
          `The items add up to ${fromMinor(itemTotal, currency)}, but ${name} is ${fromMinor(expected, currency)}.`,
        );
      }
      if (anyTax && details?.tax !== undefined && parts.tax !== undefined && parts.tax !== taxTotal) {
        push(
          'ITEM_TAX_MISMATCH',
          `${at}/amount/details/tax`,
          `The items' tax adds up to ${fromMinor(taxTotal, currency)}, but details.tax is ${details.tax}.`,
        );
      }
    }
  }
  return { problems, ...(total !== undefined ? { totalMinor: total } : {}) };
}
