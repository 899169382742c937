import { randomString } from '../../../../shared/ids.js';
import { MoneyError, fromMinor, toMinor } from '../../../../shared/money.js';
import { ApiError, detail } from '../../pipeline/api-error.js';
import type { MoneyV1, PaymentDefinitionBody, StoredLegacyPlan } from './types.js';

/** What plans and agreements v1 share: their ids, their Money v1 amounts, their definitions' order. */

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
export const newId = (prefix: string, length: number) => prefix + randomString(ALNUM, length);

export function minorOf(amount: MoneyV1, field: string): bigint {
  try {
    const minor = toMinor(amount.value, amount.currency);
    if (minor < 0n) throw new MoneyError('INVALID_PARAMETER_SYNTAX', 'An amount cannot be negative.');
    return minor;
  } catch (error) {
    if (!(error instanceof MoneyError)) throw error;
    throw new ApiError(
      error.issue === 'CURRENCY_NOT_SUPPORTED' ? 'UNPROCESSABLE_ENTITY' : 'INVALID_REQUEST',
      [detail(error.issue, { field, value: amount.value, location: 'body', description: error.message })],
    );
  }
}

export const canonical = (amount: MoneyV1, field: string): MoneyV1 => ({
  currency: amount.currency,
  value: fromMinor(minorOf(amount, field), amount.currency),
});

/** TRIAL first, then REGULAR: the order the subscription plan bills them in. */
export const orderedDefinitions = (plan: StoredLegacyPlan): PaymentDefinitionBody[] =>
  [...plan.body.payment_definitions].sort((a, b) => (a.type === b.type ? 0 : a.type === 'TRIAL' ? -1 : 1));
