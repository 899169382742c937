import type { LedgerPosting, LedgerPostings } from '../../../ledger/ledger-posting.js';
import { newTransactionId } from '../../../ledger/ledger-writer.js';
import type { ResourceTransition } from '../../transition-bus.js';
import type { StoredSale } from './types.js';

/** The subscription payment code, and what a refund reverses. */
export const SUBSCRIPTION_PAYMENT_CODE = 'T0002';
export const REFUND_CODE = 'T1107';

/**
 * What a subscription's sales do to the ledger:
 * - a sale COMPLETED: T0002 (subscription payment received), +gross, -fee, S, its reference the
 *   subscription (transaction search shows it as `svc_reference_id`, type SUB), its payer the buyer;
 * - a sale REFUNDED: the T0002 entry becomes V, and a T1107 refund, -gross, fee kept, S.
 * A DECLINED attempt moves no money and writes nothing.
 */
export function subscriptionPostings(): LedgerPostings {
  return (transition: ResourceTransition): LedgerPosting[] => {
    if (transition.resource.kind !== 'subscription-sale') return [];
    const sale = transition.resource as StoredSale;
    const atMs = Date.parse(transition.at);
    const internal = sale.internal;
    const payer = internal.payer;
    const details = {
      subject: internal.plan_name,
      reference_type: 'SUB' as const,
      ...(payer
        ? {
            payer: {
              account_id: payer.account_id,
              email_address: payer.email,
              payer_status: 'Y' as const,
              address_status: 'N' as const,
              payer_name: { given_name: payer.given_name, surname: payer.surname },
            },
          }
        : {}),
    };
    const instrumentType = payer?.funding === 'CARD' ? 'CREDITCARD' : null;
    if (transition.from === null && transition.trigger === 'complete') {
      return [
        {
          op: 'insert',
          entry: {
            accountId: internal.merchant_id,
            transactionId: sale.id,
            eventCode: SUBSCRIPTION_PAYMENT_CODE,
            status: 'S',
            initiatedMs: atMs,
            currency: internal.currency,
            amountMinor: BigInt(internal.gross_minor),
            feeMinor: -BigInt(internal.fee_minor),
            referenceId: internal.subscription_id,
            instrumentType,
            source: 'subscriptions',
            details,
          },
        },
      ];
    }
    if (transition.trigger === 'refund') {
      return [
        { op: 'set-status', transactionId: sale.id, codes: [SUBSCRIPTION_PAYMENT_CODE], status: 'V', atMs },
        {
          op: 'insert',
          entry: {
            accountId: internal.merchant_id,
            transactionId: newTransactionId(),
            eventCode: REFUND_CODE,
            status: 'S',
            initiatedMs: atMs,
            currency: internal.currency,
            amountMinor: -BigInt(internal.gross_minor),
            feeMinor: 0n,
            referenceId: internal.subscription_id,
            instrumentType,
            source: 'subscriptions',
            details,
          },
        },
      ];
    }
    return [];
  };
}
