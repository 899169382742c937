import { MoneyError, mulDivRound, toMinor, type Money } from '../../money.js';
import {
  MAX_INTERVAL_COUNT,
  PLAN_LIMITS,
  type BillingCycleInput,
  type PlanCreateRequest,
} from './schemas.js';

/**
 * The rules of a plan's billing cycles (spec 2.10, part 8) beyond what a schema can say, as pure
 * functions: the host refuses a plan with them, the plan form shows the same problems as they are typed.
 */

export interface PlanProblem {
  /** JSON pointer into the request body. */
  field: string;
  value?: unknown;
  issue: string;
  /** 400 for a malformed value, 422 for a business rule. */
  status: 400 | 422;
  description: string;
}

const isFree = (cycle: BillingCycleInput): boolean => {
  const price = cycle.pricing_scheme?.fixed_price;
  if (!price) return true;
  try {
    return toMinor(price.value, price.currency_code) === 0n;
  } catch {
    return false;
  }
};

/**
 * The largest price, setup fee or shipping amount, in minor units (999,999,999.99 USD): with quantities up
 * to 9,999 and 999 cycles, every total the engine keeps stays within the ledger's 64-bit integers.
 */
export const MAX_AMOUNT_MINOR = 99_999_999_999n;

export function moneyProblem(field: string, amount: Money, allowZero: boolean): PlanProblem | undefined {
  try {
    const minor = toMinor(amount.value, amount.currency_code);
    if (minor > MAX_AMOUNT_MINOR) {
      return {
        field: `${field}/value`,
        value: amount.value,
        issue: 'INVALID_PARAMETER_VALUE',
        status: 400,
        description: `The amount is at most ${MAX_AMOUNT_MINOR} minor units (999999999.99 USD).`,
      };
    }
    if (minor < 0n || (!allowZero && minor === 0n)) {
      return {
        field: `${field}/value`,
        value: amount.value,
        issue: allowZero ? 'INVALID_PARAMETER_VALUE' : 'AMOUNT_NOT_POSITIVE',
        status: allowZero ? 400 : 422,
        description: allowZero ? 'The amount cannot be negative.' : 'The amount must be greater than zero.',
      };
    }
  } catch (error) {
    if (!(error instanceof MoneyError)) throw error;
    const onCurrency = error.issue === 'CURRENCY_NOT_SUPPORTED';
    return {
      field: onCurrency ? `${field}/currency_code` : `${field}/value`,
      value: onCurrency ? amount.currency_code : amount.value,
      issue: error.issue,
      status: onCurrency ? 422 : 400,
      description: error.message,
    };
  }
  return undefined;
}

/** Every problem of a plan's billing cycles, setup fee and currencies; empty when the plan is valid. */
export function planProblems(
  plan: Pick<PlanCreateRequest, 'billing_cycles' | 'payment_preferences'>,
): PlanProblem[] {
  const problems: PlanProblem[] = [];
  const cycles = plan.billing_cycles;
  const regular = cycles.filter((c) => c.tenure_type === 'REGULAR');
  const trials = cycles.filter((c) => c.tenure_type === 'TRIAL');
  if (regular.length === 0) {
    problems.push({
      field: '/billing_cycles',
      issue: 'MISSING_REGULAR_BILLING_CYCLE',
      status: 422,
      description: 'A plan needs exactly one billing cycle with tenure_type REGULAR.',
    });
  }
  if (regular.length > PLAN_LIMITS.maxRegularCycles) {
    problems.push({
      field: '/billing_cycles',
      issue: 'MULTIPLE_REGULAR_BILLING_CYCLES_NOT_SUPPORTED',
      status: 422,
      description: 'A plan has at most one REGULAR billing cycle.',
    });
  }
  if (trials.length > PLAN_LIMITS.maxTrialCycles) {
    problems.push({
      field: '/billing_cycles',
      issue: 'MORE_THAN_TWO_TRIAL_BILLING_CYCLE_NOT_SUPPORTED',
      status: 422,
      description: 'A plan has at most two TRIAL billing cycles.',
    });
  }
  if (trials.filter(isFree).length > 1) {
    problems.push({
      field: '/billing_cycles',
      issue: 'MULTIPLE_FREE_TRIAL_BILLING_CYCLES_NOT_SUPPORTED',
      status: 422,
      description: 'At most one trial billing cycle may be free.',
    });
  }
  // Sequences run 1..n without gaps or repeats, trials first: the order the cycles are billed in.
  const sequences = cycles.map((c) => c.sequence).sort((a, b) => a - b);
  const consecutive = sequences.every((s, i) => s === i + 1);
  const regularLast = regular.length !== 1 || regular[0]?.sequence === cycles.length;
  if (!consecutive || !regularLast) {
    problems.push({
      field: '/billing_cycles',
      value: cycles.map((c) => c.sequence),
      issue: 'INVALID_BILLING_CYCLE_SEQUENCE',
      status: 422,
      description:
        'Sequences must number the cycles 1, 2, ... without gaps or repeats, trial cycles before the regular one.',
    });
  }
  let currency: string | undefined;
  cycles.forEach((cycle, index) => {
    const field = `/billing_cycles/${index}`;
    const count = cycle.frequency.interval_count ?? 1;
    const max = MAX_INTERVAL_COUNT[cycle.frequency.interval_unit];
    if (count > max) {
      problems.push({
        field: `${field}/frequency/interval_count`,
        value: count,
        issue: 'INVALID_PARAMETER_VALUE',
        status: 400,
        description: `A cycle spans at most ${max} ${cycle.frequency.interval_unit}${max === 1 ? '' : 'S'}.`,
      });
    }
    const total = cycle.total_cycles ?? 1;
    if (cycle.tenure_type === 'TRIAL' && total === 0) {
      problems.push({
        field: `${field}/total_cycles`,
        value: total,
        issue: 'INVALID_TRIAL_BILLING_TOTAL_CYCLES',
        status: 422,
        description: 'A trial cycle runs 1 to 999 times; only the regular cycle may be infinite (0).',
      });
    }
    const price = cycle.pricing_scheme?.fixed_price;
    if (cycle.tenure_type === 'REGULAR' && !price) {
      problems.push({
        field: `${field}/pricing_scheme/fixed_price`,
        issue: 'MISSING_REQUIRED_PARAMETER',
        status: 400,
        description: 'The regular billing cycle needs pricing_scheme.fixed_price.',
      });
    }
    if (price) {
      const problem = moneyProblem(
        `${field}/pricing_scheme/fixed_price`,
        price,
        cycle.tenure_type === 'TRIAL',
      );
      if (problem) problems.push(problem);
      currency = checkCurrency(problems, currency, price, `${field}/pricing_scheme/fixed_price`);
    }
  });
  const setupFee = plan.payment_preferences.setup_fee;
  if (setupFee) {
    const problem = moneyProblem('/payment_preferences/setup_fee', setupFee, true);
    if (problem) problems.push(problem);
    checkCurrency(problems, currency, setupFee, '/payment_preferences/setup_fee');
  }
  return problems;
}

function checkCurrency(
  problems: PlanProblem[],
  currency: string | undefined,
  amount: Money,
  field: string,
): string {
  if (currency !== undefined && amount.currency_code !== currency) {
    problems.push({
      field: `${field}/currency_code`,
      value: amount.currency_code,
      issue: 'CURRENCY_MISMATCH',
      status: 422,
      description: `Every price of a plan is in one currency (${currency}).`,
    });
  }
  return currency ?? amount.currency_code;
}

// ---- amounts ------------------------------------------------------------------------------------

/** A tax percentage in thousandths of a percent (`8.25` -> 8250). */
export function taxMillipercent(percentage: string): bigint {
  const [whole = '0', fraction = ''] = percentage.split('.');
  return BigInt(whole) * 1000n + BigInt(fraction.padEnd(3, '0').slice(0, 3) || '0');
}

/** What one billed amount is made of, in minor units. */
export interface ChargeBreakdown {
  /** The plan price times the quantity (tax included when the tax is inclusive). */
  base: bigint;
  tax: bigint;
  shipping: bigint;
  /** What the payer is charged: base + shipping, plus the tax when it is not included in the base. */
  gross: bigint;
}

/**
 * The charge of one cycle: `unitPrice` times `quantity`, taxed at `taxes` (added on top, or taken out of
 * the price when `inclusive`, the platform's default), plus shipping. Rounded half away from zero.
 */
export function cycleCharge(
  unitPrice: bigint,
  quantity: bigint,
  taxes: { percentage: string; inclusive?: boolean } | undefined,
  shipping: bigint,
): ChargeBreakdown {
  const base = unitPrice * quantity;
  if (!taxes || base === 0n) return { base, tax: 0n, shipping, gross: base + shipping };
  const rate = taxMillipercent(taxes.percentage);
  if (taxes.inclusive ?? true) {
    const net = mulDivRound(base, 100_000n, 100_000n + rate);
    return { base, tax: base - net, shipping, gross: base + shipping };
  }
  const tax = mulDivRound(base, rate, 100_000n);
  return { base, tax, shipping, gross: base + tax + shipping };
}
