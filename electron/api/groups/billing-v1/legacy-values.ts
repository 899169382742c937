import { randomString } from '../../../../shared/ids.js';
import { fromMinor } from '../../../../shared/money.js';
import { invalidRequest, detail } from '../../pipeline/api-error.js';
import { requestMinor } from '../../pipeline/money-errors.js';
import type { MoneyV1, PaymentDefinitionBody, StoredLegacyPlan } from './types.js';

/** What plans and agreements v1 share: their ids, their Money v1 amounts, their definitions' order. */

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
export const newId = (prefix: string, length: number) => prefix + randomString(ALNUM, length);

export function minorOf(amount: MoneyV1, field: string): bigint {
  const place = { field, value: amount.value, location: 'body' } as const;
  const minor = requestMinor(amount.value, amount.currency, place, 'BY_ISSUE');
  if (minor < 0n)
    throw invalidRequest(
      detail('INVALID_PARAMETER_SYNTAX', { ...place, description: 'An amount cannot be negative.' }),
    );
  return minor;
}

export const canonical = (amount: MoneyV1, field: string): MoneyV1 => ({
  currency: amount.currency,
  value: fromMinor(minorOf(amount, field), amount.currency),
});

/** TRIAL first, then REGULAR: the order the subscription plan bills them in. */
export const orderedDefinitions = (plan: StoredLegacyPlan): PaymentDefinitionBody[] =>
  [...plan.body.payment_definitions].sort((a, b) => (a.type === b.type ? 0 : a.type === 'TRIAL' ? -1 : 1));
