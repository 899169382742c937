import {
  referencedPayoutItemMachine,
  type ProcessingReason,
} from '../../../../shared/api/referenced-payouts/index.js';
import type { Ledger } from '../../../ledger/ledger.js';
import type { ApiDeps } from '../../deps.js';
import { transitionIfLegal } from '../../transition.js';
import type { StoredCapture } from '../payments-v2/index.js';
import { newPayoutTransactionId } from './ids.js';
import { disbursableMinor, paidOn } from './payout-plan.js';
import { referenceActivity, referenceKey, type ReferenceActivity } from './reference-activity.js';
import type { StoredReferencedPayoutItem } from './types.js';

/**
 * Processes referenced payout items: each PROCESSING item becomes SUCCESS (it gets its
 * `payout_transaction_id`, and its ledger posting debits the sender, T0001) or FAILED with the
 * platform's `processing_state.reason`:
 *
 * - a fully refunded capture: TRANSACTION_NOT_VALID;
 * - nothing left to pay out on the capture after earlier payouts: PAYOUT_ALREADY_COMPLETED_FOR_REFERENCE;
 * - more than what remains on the capture: AMOUNT_CHECK_FAILED;
 * - more than the sender's available balance in that currency: NOT_ENOUGH_BALANCE.
 *
 * The calling create request or the scheduled job provides the transaction; an item that already moved
 * on (a job run twice) is skipped, so each is paid at most once.
 */
export class PayoutProcessor {
  constructor(
    private readonly deps: ApiDeps,
    private readonly ledger: Ledger,
  ) {}

  /** Processes `items` of one app at `atMs` (the create call's time, or the job's due time). */
  process(appId: string, items: readonly StoredReferencedPayoutItem[], atMs: number, at: string): void {
    const pending = items.filter((item) => item.status === 'PROCESSING');
    if (pending.length === 0) return;
    const activity = referenceActivity(
      this.deps.store,
      appId,
      pending.map((item) => ({ type: item.body.reference_type, id: item.body.reference_id })),
    );
    const available = new Map<string, bigint>();
    for (const item of pending) {
      const key = referenceKey(item.body.reference_type, item.body.reference_id);
      const reason = this.refusal(item, activity.get(key), available, atMs);
      item.internal.processed_ms = atMs;
      if (reason) {
        item.internal.failure_reason = reason;
        transitionIfLegal(this.deps, referencedPayoutItemMachine, item, 'fail', {
          note: `failed: ${reason}`,
          at,
        });
        continue;
      }
      const amount = BigInt(item.internal.amount_minor);
      const currency = item.body.payout_amount.currency_code;
      const fundsKey = `${item.internal.sender_account_id}\u0000${currency}`;
      available.set(fundsKey, (available.get(fundsKey) ?? 0n) - amount);
      let entry = activity.get(key);
      if (!entry) activity.set(key, (entry = { paidMinor: new Map() }));
      entry.paidMinor.set(currency, paidOn(entry, currency) + amount);
      item.body.payout_transaction_id = newPayoutTransactionId();
      transitionIfLegal(this.deps, referencedPayoutItemMachine, item, 'succeed', {
        note: `paid out ${item.body.payout_amount.value} ${currency} as ${item.body.payout_transaction_id}`,
        at,
      });
    }
  }

  /** Why the item cannot be paid out now, or undefined when it can. */
  private refusal(
    item: StoredReferencedPayoutItem,
    activity: ReferenceActivity | undefined,
    available: Map<string, bigint>,
    atMs: number,
  ): ProcessingReason | undefined {
    const amount = BigInt(item.internal.amount_minor);
    const currency = item.body.payout_amount.currency_code;
    if (item.body.reference_type === 'TRANSACTION_ID') {
      const capture = this.deps.store.resources.get<StoredCapture['body'], StoredCapture['internal']>(
        'capture',
        item.body.reference_id,
      );
      if (!capture || capture.status === 'REFUNDED') return 'TRANSACTION_NOT_VALID';
      const paid = paidOn(activity, currency);
      const rest = disbursableMinor(capture, paid);
      if (rest === 0n && paid > 0n) return 'PAYOUT_ALREADY_COMPLETED_FOR_REFERENCE';
      if (amount <= 0n || amount > rest) return 'AMOUNT_CHECK_FAILED';
    }
    const sender = item.internal.sender_account_id;
    const fundsKey = `${sender}\u0000${currency}`;
    let funds = available.get(fundsKey);
    if (funds === undefined) {
      funds =
        this.ledger.reads.balance(sender, currency, atMs) -
        this.ledger.reads.withheld(sender, currency, atMs);
      available.set(fundsKey, funds);
    }
    return amount > funds ? 'NOT_ENOUGH_BALANCE' : undefined;
  }
}
