import { fromMinor, isSupportedCurrency, toMinor, type Money } from '../money.js';
import { INTERVAL_UNITS, type IntervalUnit, type ScheduleCycle, type SchedulePlan } from './schedule.js';

/**
 * A deprecated v1 billing plan (spec 2.8) as a schedule, so it reads in the same words and on the same
 * timeline as a subscription plan: the TRIAL definition first, then the REGULAR one. What a v1 cycle
 * charges is its `amount` plus its charge models (TAX and SHIPPING are amounts, not rates), so the
 * schedule's price is that sum; the setup fee comes from `merchant_preferences`.
 */

/** Money v1: `currency` and `value`. */
export interface MoneyV1 {
  currency?: string | undefined;
  value?: string | undefined;
}

export interface LegacyPaymentDefinition {
  type?: string | undefined;
  frequency?: string | undefined;
  frequency_interval?: string | undefined;
  cycles?: string | undefined;
  amount?: MoneyV1 | undefined;
  charge_models?: readonly { type?: string | undefined; amount?: MoneyV1 | undefined }[] | undefined;
}

export interface LegacyPlan {
  type?: string | undefined;
  payment_definitions?: readonly LegacyPaymentDefinition[] | undefined;
  merchant_preferences?: { setup_fee?: MoneyV1 | undefined } | undefined;
}

const asUnit = (frequency: string | undefined): IntervalUnit | undefined => {
  const upper = frequency?.toUpperCase();
  return (INTERVAL_UNITS as readonly string[]).includes(upper ?? '') ? (upper as IntervalUnit) : undefined;
};

const wholeOr = (text: string | undefined, fallback: number): number =>
  text !== undefined && /^\d{1,6}$/.test(text.trim()) ? Number(text) : fallback;

/** `amount` plus every charge model in the same currency; undefined when an amount does not parse. */
export function legacyCycleTotal(definition: LegacyPaymentDefinition): Money | undefined {
  const currency = definition.amount?.currency;
  if (!currency || !isSupportedCurrency(currency)) return undefined;
  try {
    let minor = toMinor(definition.amount?.value ?? '0', currency);
    for (const charge of definition.charge_models ?? []) {
      if (charge.amount?.currency === currency) minor += toMinor(charge.amount.value ?? '0', currency);
    }
    return { currency_code: currency, value: fromMinor(minor, currency) };
  } catch {
    return undefined;
  }
}

/** The plan's definitions as billing cycles (those with a known frequency), trial first. */
export function legacyPlanSchedule(plan: LegacyPlan): SchedulePlan {
  const definitions = [...(plan.payment_definitions ?? [])].sort(
    (a, b) => (a.type?.toUpperCase() === 'TRIAL' ? 0 : 1) - (b.type?.toUpperCase() === 'TRIAL' ? 0 : 1),
  );
  const cycles: ScheduleCycle[] = [];
  for (const definition of definitions) {
    const unit = asUnit(definition.frequency);
    if (!unit) continue;
    const price = legacyCycleTotal(definition);
    cycles.push({
      tenure_type: definition.type?.toUpperCase() === 'TRIAL' ? 'TRIAL' : 'REGULAR',
      sequence: cycles.length + 1,
      // An INFINITE plan's regular definition runs until cancelled (its `cycles` is "0").
      total_cycles: wholeOr(definition.cycles, plan.type?.toUpperCase() === 'INFINITE' ? 0 : 1),
      frequency: {
        interval_unit: unit,
        interval_count: Math.max(1, wholeOr(definition.frequency_interval, 1)),
      },
      ...(price ? { pricing_scheme: { fixed_price: price } } : {}),
    });
  }
  const fee = plan.merchant_preferences?.setup_fee;
  return {
    billing_cycles: cycles,
    ...(fee?.currency && fee.value
      ? { payment_preferences: { setup_fee: { currency_code: fee.currency, value: fee.value } } }
      : {}),
  };
}
