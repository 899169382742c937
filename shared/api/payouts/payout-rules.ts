import { COMMON_ISSUES } from '../../errors.js';
import { MoneyError, isSupportedCurrency, toMinor } from '../../money.js';
import { payoutFee } from './fee-schedule.js';
import type { CreatePayoutRequest, PayoutItemInput, RecipientType } from './schemas.js';

/**
 * The initial scan of a payout batch (spec 3: "initial scan passes" -> PENDING) beyond the schema: each
 * item's recipient type, its receiver in the form of that type, and its amount in the currency's minor
 * unit. Phone numbers are not validated here (spec 3: "some item values, such as phone numbers, are not
 * validated immediately"); processing fails an item whose phone number is not one. Pure, so the create
 * form and its CSV import show the same problems, with the same words and fields, before sending.
 */

export interface PayoutProblem {
  issue: keyof typeof COMMON_ISSUES;
  /** JSON pointer of the offending member, with the item's index (`/items/3/amount/value`). */
  field: string;
  value?: string;
  description: string;
}

/** An item as the batch keeps it: its recipient type resolved from the header when it had none. */
export type PayoutItemSpec = PayoutItemInput & { recipient_type: RecipientType };

/** Totals of one currency of a batch, in minor units. */
export interface CurrencyTotals {
  amount: bigint;
  fees: bigint;
  count: number;
}

export interface PayoutScan {
  problems: PayoutProblem[];
  items: PayoutItemSpec[];
  /** By currency, in the order currencies first appear. */
  totals: Map<string, CurrencyTotals>;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** An account id (spec 4.12): 13 letters and digits without 0, 1, I, O. */
const ACCOUNT_ID = /^[A-HJ-NP-Z2-9]{13}$/;
/** A phone number as processing accepts it: optional +, 4 to 15 digits, common separators. */
const PHONE = /^\+?[\d\s().-]{4,30}$/;

/** Whether processing takes `receiver` as a phone number (4 to 15 digits, E.164's bound). */
export function isPlausiblePhone(receiver: string): boolean {
  if (!PHONE.test(receiver)) return false;
  const digits = receiver.replace(/\D/g, '').length;
  return digits >= 4 && digits <= 15;
}

/** Checks every item of a create request; the returned items and totals are meaningful when no problem. */
export function scanPayoutBatch(request: CreatePayoutRequest): PayoutScan {
  const problems: PayoutProblem[] = [];
  const totals = new Map<string, CurrencyTotals>();
  const fallbackType = request.sender_batch_header.recipient_type;
  const items = request.items.map((item, index): PayoutItemSpec => {
    const at = `/items/${index}`;
    const recipientType = item.recipient_type ?? fallbackType;
    if (!recipientType) {
      problems.push({
        issue: 'MISSING_REQUIRED_PARAMETER',
        field: `${at}/recipient_type`,
        description: 'Give recipient_type on the item or on the sender_batch_header.',
      });
    } else if (recipientType === 'EMAIL' && !EMAIL.test(item.receiver)) {
      problems.push({
        issue: 'INVALID_PARAMETER_SYNTAX',
        field: `${at}/receiver`,
        value: item.receiver,
        description: 'recipient_type EMAIL needs an e-mail address as the receiver.',
      });
    } else if (recipientType === 'SVC_ID' && !ACCOUNT_ID.test(item.receiver)) {
      problems.push({
        issue: 'INVALID_PARAMETER_SYNTAX',
        field: `${at}/receiver`,
        value: item.receiver,
        description: 'recipient_type SVC_ID needs an account id: 13 letters and digits without 0, 1, I, O.',
      });
    }
    const { currency, value } = item.amount;
    if (!isSupportedCurrency(currency)) {
      problems.push({
        issue: 'CURRENCY_NOT_SUPPORTED',
        field: `${at}/amount/currency`,
        value: currency,
        description: `Currency ${currency} is not supported.`,
      });
    } else {
      try {
        const minor = toMinor(value, currency);
        if (minor <= 0n) {
          problems.push({
            issue: 'AMOUNT_NOT_POSITIVE',
            field: `${at}/amount/value`,
            value,
            description: COMMON_ISSUES.AMOUNT_NOT_POSITIVE.description,
          });
        } else {
          const total = totals.get(currency) ?? { amount: 0n, fees: 0n, count: 0 };
          total.amount += minor;
          total.fees += payoutFee(minor, currency);
          total.count++;
          totals.set(currency, total);
        }
      } catch (error) {
        if (!(error instanceof MoneyError)) throw error;
        problems.push({ issue: error.issue, field: `${at}/amount/value`, value, description: error.message });
      }
    }
    return { ...item, recipient_type: recipientType ?? 'EMAIL' };
  });
  return { problems, items, totals };
}
