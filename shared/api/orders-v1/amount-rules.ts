import { MoneyError, toMinor } from '../../money.js';
import type { OrderV1CreateRequest } from './schemas.js';

/**
 * The money rules of an Orders v1 create (spec 2.3), exactly, in minor units: each unit's `total` is
 * `subtotal + shipping + tax` when details are given, `subtotal` is the sum of its items, the partner
 * fee is below the unit's total, every amount is in the order's one currency, and `gross_total_amount`
 * (when sent) is the sum of the units. Pure, so the workbench's form can show the same words.
 */
export interface V1AmountProblem {
  issue: string;
  /** JSON pointer of the offending member. */
  field: string;
  description: string;
}

export interface V1AmountCheck {
  problems: V1AmountProblem[];
  /** Each unit's total in minor units, when everything parsed. */
  unitTotals: bigint[];
  /** The sum of the unit totals and its currency. */
  gross?: { minor: bigint; currency: string };
}

export function checkOrderV1Amounts(request: OrderV1CreateRequest): V1AmountCheck {
  const problems: V1AmountProblem[] = [];
  const problem = (issue: string, field: string, description: string) =>
    problems.push({ issue, field, description });
  const parse = (value: string, currency: string, field: string): bigint | undefined => {
    try {
      const minor = toMinor(value, currency);
      if (minor < 0n) {
        problem('INVALID_PARAMETER_VALUE', field, 'The value must not be negative.');
        return undefined;
      }
      return minor;
    } catch (error) {
      if (!(error instanceof MoneyError)) throw error;
      problem(error.issue, field, error.message);
      return undefined;
    }
  };

  const currency = request.purchase_units[0]?.amount.currency ?? 'USD';
  const unitTotals: bigint[] = [];
  request.purchase_units.forEach((unit, index) => {
    const at = `/purchase_units/${index}`;
    const amount = unit.amount;
    if (amount.currency !== currency) {
      problem(
        'CURRENCY_MISMATCH',
        `${at}/amount/currency`,
        `Every purchase unit of an order uses one currency: expected ${currency}, got ${amount.currency}.`,
      );
      return;
    }
    const total = parse(amount.total, currency, `${at}/amount/total`);
    if (total === undefined) return;
    if (total === 0n) {
      problem('AMOUNT_NOT_POSITIVE', `${at}/amount/total`, 'The total must be greater than zero.');
      return;
    }
    unitTotals.push(total);
    const details = amount.details;
    let subtotal: bigint | undefined;
    if (details) {
      subtotal =
        details.subtotal === undefined
          ? 0n
          : parse(details.subtotal, currency, `${at}/amount/details/subtotal`);
      const shipping =
        details.shipping === undefined
          ? 0n
          : parse(details.shipping, currency, `${at}/amount/details/shipping`);
      const tax = details.tax === undefined ? 0n : parse(details.tax, currency, `${at}/amount/details/tax`);
      if (
        subtotal !== undefined &&
        shipping !== undefined &&
        tax !== undefined &&
        subtotal + shipping + tax !== total
      ) {
        problem(
          'AMOUNT_MISMATCH',
          `${at}/amount/total`,
          `total ${amount.total} must equal subtotal + shipping + tax (${details.subtotal ?? '0'} + ${details.shipping ?? '0'} + ${details.tax ?? '0'}).`,
        );
      }
    }
    if (unit.items && unit.items.length > 0) {
      if (details?.subtotal === undefined) {
        problem(
          'ITEM_TOTAL_REQUIRED',
          `${at}/amount/details/subtotal`,
          'amount.details.subtotal is required when the purchase unit lists items.',
        );
      }
      let sum: bigint | undefined = 0n;
      unit.items.forEach((item, i) => {
        if (item.currency !== currency) {
          problem(
            'CURRENCY_MISMATCH',
            `${at}/items/${i}/currency`,
            `Expected ${currency} like the amount, got ${item.currency}.`,
          );
          sum = undefined;
          return;
        }
        const price = parse(item.price, currency, `${at}/items/${i}/price`);
        if (price === undefined || sum === undefined) {
          sum = undefined;
          return;
        }
        sum += price * BigInt(item.quantity);
      });
      if (
        sum !== undefined &&
        subtotal !== undefined &&
        details?.subtotal !== undefined &&
        sum !== subtotal
      ) {
        problem(
          'ITEM_TOTAL_MISMATCH',
          `${at}/amount/details/subtotal`,
          `subtotal ${details.subtotal} must equal the sum of price times quantity of the items.`,
        );
      }
    }
    const fee = unit.partner_fee_details?.amount;
    if (fee) {
      if (fee.currency !== currency) {
        problem(
          'CURRENCY_MISMATCH',
          `${at}/partner_fee_details/amount/currency`,
          `Expected ${currency} like the amount, got ${fee.currency}.`,
        );
      } else {
        const feeMinor = parse(fee.value, currency, `${at}/partner_fee_details/amount/value`);
        if (feeMinor === 0n)
          problem(
            'AMOUNT_NOT_POSITIVE',
            `${at}/partner_fee_details/amount/value`,
            'The partner fee must be greater than zero.',
          );
        else if (feeMinor !== undefined && feeMinor >= total)
          problem(
            'PARTNER_FEE_TOO_HIGH',
            `${at}/partner_fee_details/amount/value`,
            `The partner fee ${fee.value} must be less than the unit's total ${amount.total}.`,
          );
      }
    }
  });

  const complete = unitTotals.length === request.purchase_units.length;
  const grossMinor = unitTotals.reduce((a, b) => a + b, 0n);
  const gross = request.gross_total_amount;
  if (gross && complete) {
    if (gross.currency !== currency) {
      problem(
        'CURRENCY_MISMATCH',
        '/gross_total_amount/currency',
        `Expected ${currency} like the purchase units, got ${gross.currency}.`,
      );
    } else {
      const given = parse(gross.value, currency, '/gross_total_amount/value');
      if (given !== undefined && given !== grossMinor)
        problem(
          'GROSS_TOTAL_AMOUNT_MISMATCH',
          '/gross_total_amount/value',
          `gross_total_amount ${gross.value} must equal the sum of the purchase units' totals.`,
        );
    }
  }
  return { problems, unitTotals, ...(complete ? { gross: { minor: grossMinor, currency } } : {}) };
}
