import {
  disputeMachine,
  isResolvedState,
  type DisputeState,
  type OpenDisputeRequest,
} from '../../../../shared/api/disputes/index.js';
import { randomString } from '../../../../shared/ids.js';
import { fromMinor, money } from '../../../../shared/money.js';
import { isoSeconds } from '../../../clock.js';
import { newTransactionId } from '../../../ledger/ledger-writer.js';
import { detail, unprocessable } from '../../pipeline/api-error.js';
import type { RequestContext } from '../../route.js';
import { createResource } from '../../transition.js';
import { amountIn } from './amounts.js';
import type { DisputesService } from './service.js';
import type { DisputedTransaction } from './ports.js';
import type { StoredDispute } from './types.js';
import { newDispute } from './new-dispute.js';

/** The platform's dispute ids: `PP-D-` and a number. */
export const newDisputeId = (): string => `PP-D-${randomString('0123456789', 15)}`;

/**
 * Opening a dispute as the buyer of a capture or sale (the sandbox's stand-in for the buyer's resolution
 * center), and the clock's due dates: what the platform does when a party does not answer in time.
 */
export class DisputeLifecycle {
  constructor(private readonly disputes: DisputesService) {}

  /** What remains disputable of a transaction: its amount less refunds and the disputes still open on it. */
  private remaining(transaction: DisputedTransaction, rootId: string): bigint {
    const open = this.disputes.deps.store.resources
      .byRoot<StoredDispute['body'], StoredDispute['internal']>('dispute', rootId)
      .filter((d) => d.parent_id === transaction.id && !isResolvedState(d.status as DisputeState))
      .reduce((sum, d) => sum + BigInt(d.internal.amount_minor), 0n);
    return transaction.grossMinor - transaction.refundedMinor - open;
  }

  open(request: OpenDisputeRequest, ctx: RequestContext): StoredDispute {
    const { deps, payments, flow } = this.disputes;
    const capture = payments.transaction(request.disputed_transaction_id);
    const notDisputable = (description: string) =>
      unprocessable(
        detail('TRANSACTION_NOT_DISPUTABLE', {
          field: '/disputed_transaction_id',
          value: request.disputed_transaction_id,
          location: 'body',
          description,
        }),
      );
    if (!capture || capture.appId !== ctx.app.id || !capture.rootId)
      throw notDisputable('No capture or sale of this app has that id.');
    if (capture.fullyRefunded) throw notDisputable('The transaction is fully refunded.');
    const left = this.remaining(capture, capture.rootId);
    const exceeds = (value: string) =>
      unprocessable(
        detail('DISPUTE_AMOUNT_EXCEEDS_AVAILABLE', {
          field: '/amount/value',
          value,
          location: 'body',
          description: `At most ${fromMinor(left > 0n ? left : 0n, capture.currency)} ${capture.currency} of the transaction can still be disputed.`,
        }),
      );
    if (left <= 0n) throw exceeds(request.amount?.value ?? '');
    const amount = request.amount ? amountIn(request.amount, capture.currency, '/amount') : left;
    if (amount > left) throw exceeds(request.amount?.value ?? '');

    const now = Math.floor(deps.clock.now() / 1000) * 1000;
    const at = isoSeconds(now);
    const reason = request.reason ?? 'MERCHANDISE_OR_SERVICE_NOT_RECEIVED';
    // An unauthorised payment skips the inquiry: the platform opens it as a claim at once.
    const trigger = reason === 'UNAUTHORISED' ? 'open-claim' : 'open';
    const state: DisputeState =
      trigger === 'open-claim'
        ? 'CHARGEBACK_WAITING_FOR_SELLER_RESPONSE'
        : 'INQUIRY_WAITING_FOR_SELLER_RESPONSE';
    const id = newDisputeId();
    const disputeAmount = money(amount, capture.currency);
    const dispute = newDispute({
      id,
      at,
      appId: capture.appId,
      rootId: capture.rootId,
      state,
      transaction: {
        seller_transaction_id: capture.id,
        create_time: capture.createTime,
        transaction_status: capture.status,
        gross_amount: money(capture.grossMinor, capture.currency),
        ...(capture.invoiceId ? { invoice_number: capture.invoiceId } : {}),
        ...(capture.customId ? { custom: capture.customId } : {}),
        seller: { merchant_id: capture.merchantId, email: capture.merchantEmail },
      },
      transactionKind: capture.kind,
      reason,
      amount: disputeAmount,
      amountMinor: amount,
      merchantId: capture.merchantId,
      holdTransactionId: newTransactionId(),
      body: {
        offer: { buyer_requested_amount: disputeAmount, history: [] },
        ...(request.message
          ? { messages: [{ posted_by: 'BUYER', time_posted: at, content: request.message }] }
          : {}),
      },
    });
    flow.prepareNew(dispute, state, now);
    createResource(deps, disputeMachine, dispute, trigger);
    flow.schedule(dispute);
    return dispute;
  }

  /**
   * A due date passed with no answer (the job runs in the clock move's transaction, at its due time):
   * an inquiry becomes a claim, a claim or a return left unanswered is decided for the buyer, a buyer's
   * silence closes an inquiry for the seller or sends a claim to review, an appeal period ends.
   */
  due(id: string, dueAt: number): void {
    const { deps, flow } = this.disputes;
    const dispute = deps.store.resources.get<StoredDispute['body'], StoredDispute['internal']>(
      'dispute',
      id,
    ) as StoredDispute | undefined;
    // A job for a due date the dispute has moved past (it answered, the date was reset) does nothing.
    if (!dispute || dispute.internal.due_ms !== dueAt) return;
    const options = { atMs: dueAt };
    switch (dispute.status) {
      case 'INQUIRY_WAITING_FOR_SELLER_RESPONSE':
        flow.move(dispute, 'seller-response-due', {
          ...options,
          note: 'no seller response: escalated to a claim',
        });
        return;
      case 'CHARGEBACK_WAITING_FOR_SELLER_RESPONSE':
      case 'RETURN_WAITING_FOR_SELLER_RESPONSE': {
        const agreed = dispute.internal.agreed_refund_minor;
        flow.settle(
          dispute,
          {
            favour: 'BUYER',
            refundCode: 'T1106',
            adjudication: 'PAYOUT_TO_BUYER',
            reason: 'NO_SELLER_RESPONSE',
            ...(agreed ? { refundMinor: BigInt(agreed) } : {}),
          },
          dueAt,
        );
        flow.move(dispute, 'seller-response-due', {
          ...options,
          note: 'no seller response: decided for the buyer',
        });
        return;
      }
      case 'INQUIRY_WAITING_FOR_BUYER_RESPONSE':
        flow.settle(dispute, { favour: 'SELLER', reason: 'NO_RESPONSE_FROM_BUYER' }, dueAt);
        flow.move(dispute, 'buyer-response-due', {
          ...options,
          note: 'no buyer response: closed for the seller',
        });
        return;
      case 'CHARGEBACK_WAITING_FOR_BUYER_RESPONSE':
        flow.move(dispute, 'buyer-response-due', { ...options, note: 'no buyer evidence: back to review' });
        return;
      case 'CHARGEBACK_RESOLVED_APPEALABLE':
      case 'PRE_ARBITRATION_RESOLVED_APPEALABLE':
        flow.move(dispute, 'appeal-period-ends', { ...options, note: 'appeal period over' });
        return;
      default:
        return;
    }
  }
}
