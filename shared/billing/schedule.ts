import { cycleCharge as chargeOfCycle, taxMillipercent } from '../api/subscriptions/plan-rules.js';
import { TaxPercentageSchema } from '../api/subscriptions/schemas.js';
import { fromMinor, isSupportedCurrency, toMinor, type Money } from '../money.js';

/**
 * A subscription plan's billing schedule, in words and in time: what the plan form previews, what the
 * buyer approval page states before the buyer agrees, and where the Subscriptions page places the
 * coming cycles on the simulated clock. Pure (no clock of its own, no node:*, no DOM): the caller passes
 * the start time.
 *
 * The shapes are the parts of a plan (spec 2.10) the schedule depends on, loose enough to take a plan as
 * the API shows it, a plan form's draft, or a legacy v1 plan converted by `legacyPlanSchedule`.
 *
 * Time rules (those of the platform's subscriptions):
 * - cycles run in `sequence` order: trial cycles first, then the one regular cycle;
 * - the first cycle is billed at the start time, each next one an interval later;
 * - a regular cycle with `total_cycles` 0 repeats until the subscription is cancelled;
 * - month and year steps count from the start of the cycle's tenure, not from the previous bill, and a
 *   day the target month lacks becomes its last day: a plan started on 31 January bills on 28 (or 29)
 *   February, then on 31 March again;
 * - all calendar arithmetic is in UTC (the API's times are UTC).
 */

export const INTERVAL_UNITS = ['DAY', 'WEEK', 'MONTH', 'YEAR'] as const;
export type IntervalUnit = (typeof INTERVAL_UNITS)[number];

export const TENURE_TYPES = ['TRIAL', 'REGULAR'] as const;
export type TenureType = (typeof TENURE_TYPES)[number];

export interface Frequency {
  interval_unit: IntervalUnit;
  /** How many units one cycle lasts (1 or more). */
  interval_count: number;
}

/** One billing cycle of a plan (spec 2.10), as much of it as the schedule needs. */
export interface ScheduleCycle {
  tenure_type: TenureType;
  sequence: number;
  /** How many times the cycle runs; 0 (only for the regular cycle) means until cancelled. */
  total_cycles: number;
  frequency: Frequency;
  /** No price, or a zero price, is a free cycle (a free trial). */
  pricing_scheme?: { fixed_price?: Money | undefined } | undefined;
}

export interface ScheduleTaxes {
  /** A decimal percentage, e.g. `"8.25"`. */
  percentage: string;
  /** Whether the prices already include the tax (default true, as on the platform). */
  inclusive?: boolean | undefined;
}

/** What a schedule reads of a plan. */
export interface SchedulePlan {
  billing_cycles: readonly ScheduleCycle[];
  payment_preferences?: { setup_fee?: Money | undefined } | undefined;
  taxes?: ScheduleTaxes | undefined;
}

// ─── words ─────────────────────────────────────────────────────────────────────────────────────────

const UNIT_WORDS: Record<IntervalUnit, { one: string; many: string; adverb: string }> = {
  DAY: { one: 'day', many: 'days', adverb: 'daily' },
  WEEK: { one: 'week', many: 'weeks', adverb: 'weekly' },
  MONTH: { one: 'month', many: 'months', adverb: 'monthly' },
  YEAR: { one: 'year', many: 'years', adverb: 'yearly' },
};

/** `{MONTH, 1}` → `monthly`; `{WEEK, 2}` → `every 2 weeks`. */
export function describeFrequency(frequency: Frequency): string {
  const words = UNIT_WORDS[frequency.interval_unit];
  return frequency.interval_count === 1 ? words.adverb : `every ${frequency.interval_count} ${words.many}`;
}

/** `3, MONTH` → `3 months`; `1, DAY` → `1 day`. */
export function describeDuration(units: number, unit: IntervalUnit): string {
  const words = UNIT_WORDS[unit];
  return `${units} ${units === 1 ? words.one : words.many}`;
}

/** Whether a cycle charges nothing: no price, or a price of zero. */
export function isFreeCycle(cycle: ScheduleCycle): boolean {
  const price = cycle.pricing_scheme?.fixed_price;
  return !price || minorOrUndefined(price) === 0n;
}

/** `10.00 USD`; an amount that does not parse (a draft being typed) is shown as typed. */
export function formatScheduleMoney(amount: Money): string {
  const minor = minorOrUndefined(amount);
  const value = minor === undefined ? amount.value : fromMinor(minor, amount.currency_code);
  return `${value} ${amount.currency_code}`;
}

/**
 * One cycle in words:
 * - a free cycle: `1 month free`, `14 days free` (its whole length), `free until cancelled`;
 * - a priced one: `12 x 10.00 USD monthly`, `10.00 USD every 2 weeks until cancelled`;
 * - a priced trial says so: `3 x 5.00 USD monthly (trial)`.
 */
export function describeCycle(cycle: ScheduleCycle): string {
  const { frequency, total_cycles: total } = cycle;
  const price = cycle.pricing_scheme?.fixed_price;
  if (isFreeCycle(cycle) || !price) {
    if (total === 0) return 'free until cancelled';
    return `${describeDuration(total * frequency.interval_count, frequency.interval_unit)} free`;
  }
  const amount = `${formatScheduleMoney(price)} ${describeFrequency(frequency)}`;
  const text = total === 0 ? `${amount} until cancelled` : `${total} x ${amount}`;
  return cycle.tenure_type === 'TRIAL' ? `${text} (trial)` : text;
}

/** `8.25% tax included` (the platform's default) or `8.25% tax added`; nothing without a (non-zero) tax. */
export function describeTaxes(taxes: ScheduleTaxes | undefined): string | undefined {
  if (!taxes || !taxRate(taxes)) return undefined;
  return `${taxes.percentage.trim()}% tax ${taxes.inclusive === false ? 'added' : 'included'}`;
}

/** The parts of a schedule in words, in the order they happen, and the whole sentence. */
export interface ScheduleDescription {
  /** `25.00 USD setup fee`, when there is a (non-zero) setup fee. */
  setupFee: string | undefined;
  /** One phrase per cycle, in sequence order. */
  cycles: string[];
  taxes: string | undefined;
  /** E.g. `25.00 USD setup fee, then 1 month free, then 12 x 10.00 USD monthly (8.25% tax added)`. */
  text: string;
}

/** The whole schedule in words: setup fee, each cycle in sequence order, and the tax. */
export function describeSchedule(plan: SchedulePlan): ScheduleDescription {
  const fee = plan.payment_preferences?.setup_fee;
  // A fee that is not an amount yet (a draft's `abc`) is no fee in the preview; the form says what is wrong.
  const feeMinor = fee ? minorOrUndefined(fee) : undefined;
  const setupFee =
    fee && feeMinor !== undefined && feeMinor !== 0n ? `${formatScheduleMoney(fee)} setup fee` : undefined;
  const cycles = orderedCycles(plan).map(describeCycle);
  const taxes = describeTaxes(plan.taxes);
  const steps = [...(setupFee ? [setupFee] : []), ...cycles];
  const sentence = steps.length === 0 ? 'No billing cycles' : steps.join(', then ');
  return { setupFee, cycles, taxes, text: taxes ? `${sentence} (${taxes})` : sentence };
}

// ─── amounts ───────────────────────────────────────────────────────────────────────────────────────

/** A cycle's charge: the price times the quantity, and the tax on it. */
export interface CycleCharge {
  /** What the price list says (price x quantity), tax included when the tax is inclusive. */
  price: Money;
  /** The tax part: added on top of `price`, or (inclusive) already inside it. */
  tax: Money;
  /** What the buyer pays for the cycle. */
  total: Money;
}

/**
 * What one cycle charges at `price` for `quantity` units with `taxes`: the host's own arithmetic
 * (`cycleCharge` of the plan rules), so what a preview promises is what the engine bills to the cent.
 * A tax is inclusive unless it says otherwise (the platform's default). Throws for an amount or a
 * percentage that does not parse (a validated plan never has one).
 */
export function cycleCharge(price: Money, taxes?: ScheduleTaxes, quantity = 1): CycleCharge {
  const currency = price.currency_code;
  if (taxes && taxRate(taxes) === undefined) throw new Error(`"${taxes.percentage}" is not a tax percentage`);
  const charge = chargeOfCycle(
    toMinor(price.value, currency),
    BigInt(quantity),
    taxes ? { percentage: taxes.percentage.trim(), inclusive: taxes.inclusive ?? true } : undefined,
    0n,
  );
  const asMoney = (minor: bigint): Money => ({ currency_code: currency, value: fromMinor(minor, currency) });
  return { price: asMoney(charge.base), tax: asMoney(charge.tax), total: asMoney(charge.gross) };
}

/** `"8.25"` → 8250 thousandths of a percent; undefined unless it is a percentage the API takes. */
function taxRate(taxes: ScheduleTaxes): bigint | undefined {
  const percentage = taxes.percentage.trim();
  return TaxPercentageSchema.safeParse(percentage).success ? taxMillipercent(percentage) : undefined;
}

function minorOrUndefined(amount: Money): bigint | undefined {
  if (!isSupportedCurrency(amount.currency_code)) return undefined;
  try {
    return toMinor(amount.value, amount.currency_code);
  } catch {
    return undefined;
  }
}

// ─── time ──────────────────────────────────────────────────────────────────────────────────────────

const DAY_MS = 86_400_000;

function daysInMonth(year: number, monthIndex: number): number {
  return new Date(Date.UTC(year, monthIndex + 1, 0)).getUTCDate();
}

/**
 * `at` moved forward by `times` intervals of `frequency`, in UTC. Months and years keep the day of the
 * month of `at` where the target month has it, and take the month's last day where it does not: call it
 * with the tenure's start and the number of intervals since, so one short month does not pull every later
 * date back.
 */
export function addInterval(at: Date, frequency: Frequency, times: number): Date {
  const steps = frequency.interval_count * times;
  switch (frequency.interval_unit) {
    case 'DAY':
      return new Date(at.getTime() + steps * DAY_MS);
    case 'WEEK':
      return new Date(at.getTime() + steps * 7 * DAY_MS);
    case 'MONTH':
    case 'YEAR': {
      const months = frequency.interval_unit === 'YEAR' ? steps * 12 : steps;
      const total = at.getUTCFullYear() * 12 + at.getUTCMonth() + months;
      const year = Math.floor(total / 12);
      const month = total - year * 12;
      const day = Math.min(at.getUTCDate(), daysInMonth(year, month));
      const result = new Date(at.getTime());
      result.setUTCFullYear(year, month, day);
      return result;
    }
  }
}

/** An API time: `2025-01-31T10:00:00Z`, with milliseconds only when there are some. */
export function toApiTime(at: Date): string {
  return at.toISOString().replace('.000Z', 'Z');
}

/** One coming (or past) billing of a schedule. */
export interface ProjectedCycle {
  /** 1-based position among all the schedule's cycles. */
  index: number;
  tenure_type: TenureType;
  sequence: number;
  /** 1-based position within its tenure (`3` of `12`). */
  cycle: number;
  /** The tenure's `total_cycles`: 0 when it repeats until cancelled. */
  total_cycles: number;
  /** When it is billed (API time). */
  billing_time: string;
  /** When the period it pays for ends: the next cycle's billing time. */
  period_end: string;
  /** Its charge, or undefined for a free cycle. */
  charge: CycleCharge | undefined;
}

export interface ScheduleProjection {
  /** The setup fee, charged at the start, when the plan has one. */
  setupFee: { at: string; amount: Money } | undefined;
  /** The first `limit` cycles (all of them when the schedule is shorter). */
  cycles: ProjectedCycle[];
  /** How many cycles the schedule has in all; undefined when it repeats until cancelled. */
  totalCycles: number | undefined;
  /** When the last cycle's period ends; undefined when it repeats until cancelled. */
  endTime: string | undefined;
}

export interface ProjectionOptions {
  /** When the first cycle is billed (a subscription's `start_time`). */
  start: Date | string;
  /** At most this many cycles (default 24): a schedule that never ends has to stop somewhere. */
  limit?: number;
  /** Units the subscription buys (multiplies every price); default 1. */
  quantity?: number;
}

/** The cycles of `plan` in sequence order (the API keeps them in any order). */
export function orderedCycles(plan: SchedulePlan): ScheduleCycle[] {
  return [...plan.billing_cycles].sort((a, b) => a.sequence - b.sequence);
}

/**
 * The dates and charges of a plan's cycles from `start`: each tenure begins when the one before it ends,
 * and each of its cycles is `interval_count` units after the one before (counted from the tenure's start,
 * see `addInterval`). A regular cycle with `total_cycles` 0 is projected `limit` times and stops the
 * projection: nothing comes after it.
 */
export function projectSchedule(plan: SchedulePlan, options: ProjectionOptions): ScheduleProjection {
  const start = typeof options.start === 'string' ? new Date(options.start) : options.start;
  if (Number.isNaN(start.getTime())) throw new Error(`"${String(options.start)}" is not a time`);
  const limit = options.limit ?? 24;
  const quantity = options.quantity ?? 1;
  const fee = plan.payment_preferences?.setup_fee;
  const setupFee =
    fee && minorOrUndefined(fee)
      ? { at: toApiTime(start), amount: cycleCharge(fee, undefined, 1).total }
      : undefined;

  const cycles: ProjectedCycle[] = [];
  let tenureStart = start;
  let infinite = false;
  for (const tenure of orderedCycles(plan)) {
    const free = isFreeCycle(tenure);
    const charge =
      free || !tenure.pricing_scheme?.fixed_price
        ? undefined
        : cycleCharge(tenure.pricing_scheme.fixed_price, plan.taxes, quantity);
    const runs = tenure.total_cycles === 0 ? Infinity : tenure.total_cycles;
    for (let n = 0; n < runs && cycles.length < limit; n++) {
      cycles.push({
        index: cycles.length + 1,
        tenure_type: tenure.tenure_type,
        sequence: tenure.sequence,
        cycle: n + 1,
        total_cycles: tenure.total_cycles,
        billing_time: toApiTime(addInterval(tenureStart, tenure.frequency, n)),
        period_end: toApiTime(addInterval(tenureStart, tenure.frequency, n + 1)),
        charge,
      });
    }
    if (runs === Infinity) {
      infinite = true;
      break;
    }
    tenureStart = addInterval(tenureStart, tenure.frequency, runs);
  }
  const totalCycles = infinite
    ? undefined
    : plan.billing_cycles.reduce((sum, cycle) => sum + cycle.total_cycles, 0);
  return { setupFee, cycles, totalCycles, endTime: infinite ? undefined : toApiTime(tenureStart) };
}
