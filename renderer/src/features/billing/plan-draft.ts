import {
  INTERVAL_UNITS,
  type IntervalUnit,
  type ScheduleCycle,
  type SchedulePlan,
  type TenureType,
} from '../../../../shared/billing/schedule';
import {
  MAX_INTERVAL_COUNT,
  PLAN_LIMITS,
  planProblems,
  TaxPercentageSchema,
} from '../../../../shared/api/subscriptions';
import { CURRENCY_EXPONENTS, isSupportedCurrency, MoneyError, toMinor } from '../../../../shared/money';

/**
 * The plan form as plain data: the draft the inputs edit, the `POST /v1/billing/plans` body built from
 * it, and the problems the API would report, keyed by the JSON pointer of the member (the pointers the
 * API names in `details[].field`, so its answers land on the same inputs). No React in here.
 */

export const CURRENCIES = Object.keys(CURRENCY_EXPONENTS).sort();
export { INTERVAL_UNITS, MAX_INTERVAL_COUNT };

/** At most two trial cycles and exactly one regular cycle (spec 2.10). */
export const MAX_TRIAL_CYCLES = PLAN_LIMITS.maxTrialCycles;

export interface CycleDraft {
  key: number;
  tenure: TenureType;
  unit: IntervalUnit;
  intervalCount: string;
  /** How many times it runs; for the regular cycle `0` (or "until cancelled") means forever. */
  totalCycles: string;
  /** A trial may be free: then it sends no price. */
  free: boolean;
  price: string;
}

export interface PlanDraft {
  productId: string;
  name: string;
  description: string;
  status: 'ACTIVE' | 'CREATED';
  currency: string;
  /** Trial cycles in order, then the regular one: the order is the `sequence`. */
  cycles: CycleDraft[];
  setupFee: string;
  setupFeeFailureAction: 'CONTINUE' | 'CANCEL';
  autoBillOutstanding: boolean;
  paymentFailureThreshold: string;
  taxPercentage: string;
  taxInclusive: boolean;
  quantitySupported: boolean;
}

let nextKey = 1;

export function newCycle(tenure: TenureType, partial: Partial<CycleDraft> = {}): CycleDraft {
  return {
    key: nextKey++,
    tenure,
    unit: 'MONTH',
    intervalCount: '1',
    totalCycles: tenure === 'TRIAL' ? '1' : '12',
    free: tenure === 'TRIAL',
    price: tenure === 'TRIAL' ? '' : '10.00',
    ...partial,
  };
}

/** A new form: one free trial month, then twelve monthly payments, for `productId` if given. */
export function initialPlanDraft(productId = ''): PlanDraft {
  return {
    productId,
    name: '',
    description: '',
    status: 'ACTIVE',
    currency: 'USD',
    cycles: [newCycle('TRIAL'), newCycle('REGULAR')],
    setupFee: '',
    setupFeeFailureAction: 'CONTINUE',
    autoBillOutstanding: true,
    paymentFailureThreshold: '3',
    taxPercentage: '',
    taxInclusive: true,
    quantitySupported: false,
  };
}

export const trialCount = (draft: PlanDraft) => draft.cycles.filter((c) => c.tenure === 'TRIAL').length;

/** Adds a trial cycle before the regular one (at most two). */
export function addTrial(draft: PlanDraft): PlanDraft {
  if (trialCount(draft) >= MAX_TRIAL_CYCLES) return draft;
  const trials = draft.cycles.filter((c) => c.tenure === 'TRIAL');
  const regular = draft.cycles.filter((c) => c.tenure === 'REGULAR');
  return { ...draft, cycles: [...trials, newCycle('TRIAL'), ...regular] };
}

export function removeCycle(draft: PlanDraft, key: number): PlanDraft {
  return { ...draft, cycles: draft.cycles.filter((c) => c.key !== key || c.tenure === 'REGULAR') };
}

export function updateCycle(draft: PlanDraft, key: number, change: Partial<CycleDraft>): PlanDraft {
  return { ...draft, cycles: draft.cycles.map((c) => (c.key === key ? { ...c, ...change } : c)) };
}

/** A plan's create body (spec 2.10), as the API takes it. */
export interface PlanCreateBody {
  product_id: string;
  name: string;
  description?: string;
  status: 'ACTIVE' | 'CREATED';
  billing_cycles: {
    frequency: { interval_unit: IntervalUnit; interval_count: number };
    tenure_type: TenureType;
    sequence: number;
    total_cycles: number;
    pricing_scheme?: { fixed_price: { currency_code: string; value: string } };
  }[];
  payment_preferences: {
    auto_bill_outstanding: boolean;
    setup_fee?: { currency_code: string; value: string };
    setup_fee_failure_action: 'CONTINUE' | 'CANCEL';
    payment_failure_threshold: number;
  };
  taxes?: { percentage: string; inclusive: boolean };
  quantity_supported: boolean;
}

/** A whole number from the text, or NaN (so the API sees, and refuses, what was typed). */
const whole = (text: string): number => (/^\s*\d{1,9}\s*$/.test(text) ? Number(text) : Number.NaN);

/** The request body. A number that does not parse goes as NaN (null in JSON): the form sends nothing while it has problems. */
export function buildPlanBody(draft: PlanDraft): PlanCreateBody {
  const money = (value: string) => ({ currency_code: draft.currency, value: value.trim() });
  return {
    product_id: draft.productId.trim(),
    name: draft.name.trim(),
    ...(draft.description.trim() ? { description: draft.description.trim() } : {}),
    status: draft.status,
    billing_cycles: draft.cycles.map((cycle, index) => ({
      frequency: { interval_unit: cycle.unit, interval_count: whole(cycle.intervalCount) },
      tenure_type: cycle.tenure,
      sequence: index + 1,
      total_cycles: whole(cycle.totalCycles),
      ...(cycle.tenure === 'TRIAL' && cycle.free
        ? {}
        : { pricing_scheme: { fixed_price: money(cycle.price) } }),
    })),
    payment_preferences: {
      auto_bill_outstanding: draft.autoBillOutstanding,
      ...(draft.setupFee.trim() ? { setup_fee: money(draft.setupFee) } : {}),
      setup_fee_failure_action: draft.setupFeeFailureAction,
      payment_failure_threshold: whole(draft.paymentFailureThreshold),
    },
    ...(draft.taxPercentage.trim()
      ? { taxes: { percentage: draft.taxPercentage.trim(), inclusive: draft.taxInclusive } }
      : {}),
    quantity_supported: draft.quantitySupported,
  };
}

/**
 * The schedule the draft describes, for the preview: only the cycles whose numbers parse (a cycle being
 * typed drops out of the preview until it reads as one, rather than breaking it).
 */
export function draftSchedule(draft: PlanDraft): SchedulePlan {
  const body = buildPlanBody(draft);
  const cycles: ScheduleCycle[] = body.billing_cycles.filter(
    (c) =>
      Number.isInteger(c.frequency.interval_count) &&
      c.frequency.interval_count > 0 &&
      Number.isInteger(c.total_cycles),
  );
  return {
    billing_cycles: cycles,
    payment_preferences: body.payment_preferences,
    taxes: body.taxes,
  };
}

export interface PlanValidation {
  /** Problems by JSON pointer of the body member. */
  fields: Record<string, string>;
  count: number;
}

function moneyProblem(value: string, currency: string, required: boolean): string | undefined {
  const text = value.trim();
  if (!text) return required ? 'Enter a price.' : undefined;
  if (!isSupportedCurrency(currency)) return `The sandbox does not know ${currency}.`;
  try {
    const minor = toMinor(text, currency);
    return minor < 0n ? 'A price cannot be negative.' : undefined;
  } catch (error) {
    return error instanceof MoneyError ? error.message : 'Not an amount.';
  }
}

function rangeProblem(text: string, min: number, max: number, what: string): string | undefined {
  const n = whole(text);
  return Number.isInteger(n) && n >= min && n <= max
    ? undefined
    : `${what}: a whole number from ${min} to ${max}.`;
}

/** What the API would refuse in the draft, by pointer: the form shows it before anything is sent. */
export function validatePlanDraft(draft: PlanDraft): PlanValidation {
  const fields: Record<string, string> = {};
  const add = (pointer: string, problem: string | undefined) => {
    if (problem) fields[pointer] ??= problem;
  };
  if (!/^PROD-[A-Z0-9]{17}$/.test(draft.productId.trim()))
    add('/product_id', 'Choose a product (PROD- and 17 characters).');
  if (!draft.name.trim()) add('/name', 'Enter a name.');
  else if (draft.name.trim().length > PLAN_LIMITS.name)
    add('/name', `At most ${PLAN_LIMITS.name} characters.`);
  if (draft.description.trim().length > PLAN_LIMITS.description)
    add('/description', `At most ${PLAN_LIMITS.description} characters.`);
  draft.cycles.forEach((cycle, index) => {
    const at = `/billing_cycles/${index}`;
    add(
      `${at}/frequency/interval_count`,
      rangeProblem(
        cycle.intervalCount,
        1,
        MAX_INTERVAL_COUNT[cycle.unit],
        `Every ${cycle.unit.toLowerCase()}s`,
      ),
    );
    add(
      `${at}/total_cycles`,
      rangeProblem(cycle.totalCycles, cycle.tenure === 'TRIAL' ? 1 : 0, PLAN_LIMITS.maxTotalCycles, 'Cycles'),
    );
    if (!(cycle.tenure === 'TRIAL' && cycle.free))
      add(`${at}/pricing_scheme/fixed_price/value`, moneyProblem(cycle.price, draft.currency, true));
  });
  add('/payment_preferences/setup_fee/value', moneyProblem(draft.setupFee, draft.currency, false));
  add(
    '/payment_preferences/payment_failure_threshold',
    rangeProblem(draft.paymentFailureThreshold, 0, PLAN_LIMITS.maxFailureThreshold, 'Failed payments'),
  );
  // The cycle rules the host checks too (one regular cycle, one free trial, one currency...).
  const body = buildPlanBody(draft);
  for (const problem of planProblems(body)) add(problem.field, problem.description);
  const tax = draft.taxPercentage.trim();
  if (tax) add('/taxes/percentage', TaxPercentageSchema.safeParse(tax).error?.issues[0]?.message);
  return { fields, count: Object.keys(fields).length };
}

/**
 * The API's `details[]` by pointer, for the inputs they name; the rest (a header, the whole body) stays
 * in the error alert above the form.
 */
export function serverFieldProblems(
  details: readonly { field?: string; description?: string; issue?: string; location?: string }[],
): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const d of details) {
    if (!d.field || (d.location !== undefined && d.location !== 'body')) continue;
    // The API names a money member itself or its value; the inputs are on the value.
    const pointer = d.field.replace(/^#/, '').replace(/\/(fixed_price|setup_fee)$/, '/$1/value');
    fields[pointer] ??= d.description ?? d.issue ?? 'Invalid.';
  }
  return fields;
}
