import { MAX_AMOUNT_MINOR } from '../../../../shared/api/subscriptions/index.js';
import type { Money } from '../../../../shared/money.js';
import { detail, invalidRequest } from '../../pipeline/api-error.js';
import { requestMinor } from '../../pipeline/money-errors.js';
import type { StoredPlan } from './types.js';

/** An amount of a request in minor units: well-formed, in a known currency, 0..MAX_AMOUNT_MINOR. */
export function requestAmount(amount: Money, field: string): bigint {
  const place = { field, value: amount.value, location: 'body' } as const;
  const minor = requestMinor(amount.value, amount.currency_code, place, 'BY_ISSUE');
  if (minor < 0n || minor > MAX_AMOUNT_MINOR) {
    throw invalidRequest(
      detail('INVALID_PARAMETER_VALUE', {
        ...place,
        description: 'Expected an amount from 0 to 999999999.99.',
      }),
    );
  }
  return minor;
}

/** The currency a plan bills in: its prices', else its setup fee's. */
export function planCurrency(plan: StoredPlan): string {
  for (const cycle of plan.body.billing_cycles) {
    if (cycle.pricing_scheme?.fixed_price) return cycle.pricing_scheme.fixed_price.currency_code;
  }
  return plan.body.payment_preferences.setup_fee?.currency_code ?? 'USD';
}
