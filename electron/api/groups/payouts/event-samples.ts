import type { PayoutBatchStatus, PayoutItemStatus } from '../../../../shared/api/payouts/machines.js';
import { payoutFee } from '../../../../shared/api/payouts/fee-schedule.js';
import { reservedReceiver } from '../../../../shared/api/payouts/sandbox-receivers.js';
import { randomString } from '../../../../shared/ids.js';
import { isoSeconds } from '../../../clock.js';
import { SEED_BUYER, SEED_MERCHANT } from '../../../store/seed.js';
import type { SampleContext } from '../../../webhooks/catalog.js';
import type { StoredPayoutBatch, StoredPayoutItem } from './types.js';
import { batchLinks, batchView, itemLinks, itemView, moneyV1, payoutItemId } from './views.js';
import { newPayoutBatchId, newTransactionId } from './ids.js';
import { resourceEnvelope } from '../../../store/stored-resource.js';

/**
 * Sample resources for the simulator: synthetic stored batches and items of the sandbox world (the
 * seeded merchant paying 25.00 USD, the real fee schedule) rendered by the views the API uses, so a
 * mock event looks exactly like a real one.
 */

const AMOUNT_MINOR = 2500n;
const CURRENCY = 'USD';

/** The receiver each sample status comes from (the sandbox receiver table). */
const SAMPLE_RECEIVERS: Readonly<Record<string, string>> = {
  SUCCESS: SEED_BUYER.email,
  UNCLAIMED: 'new.receiver@example.org',
  RETURNED: 'new.receiver@example.org',
  FAILED: 'failed@example.org',
  BLOCKED: 'blocked@example.org',
  DENIED: 'denied@example.org',
  ONHOLD: 'held@example.org',
  REFUNDED: 'refunded@example.org',
};

export function sampleBatch(context: SampleContext, status: PayoutBatchStatus): StoredPayoutBatch {
  const at = isoSeconds(context.now);
  const id = newPayoutBatchId();
  const fee = payoutFee(AMOUNT_MINOR, CURRENCY);
  const done = status === 'SUCCESS' || status === 'DENIED';
  return {
    ...resourceEnvelope({ kind: 'payout-batch', id, app: null, status, at }),
    body: {
      payout_batch_id: id,
      time_created: at,
      ...(status === 'SUCCESS' ? { time_completed: at } : {}),
      ...(done ? { time_closed: at } : {}),
      sender_batch_header: {
        sender_batch_id: `sample-${randomString('0123456789', 10)}`,
        email_subject: 'You have a payout!',
      },
      funding_source: 'BALANCE',
      amount: moneyV1(AMOUNT_MINOR, CURRENCY),
      fees: moneyV1(fee, CURRENCY),
      ...(status === 'DENIED' ? { errors: { name: 'INSUFFICIENT_FUNDS' as const } } : {}),
    },
    internal: {
      sender_account_id: SEED_MERCHANT.id,
      item_count: 1,
      items_json: '[]',
      totals: [{ currency: CURRENCY, amount_minor: String(AMOUNT_MINOR), fees_minor: String(fee), count: 1 }],
    },
  };
}

export const sampleBatchResource = (
  context: SampleContext,
  status: PayoutBatchStatus,
): Record<string, unknown> => {
  const batch = sampleBatch(context, status);
  return { ...batchView(batch, context.baseUrl), links: batchLinks(batch, context.baseUrl) };
};

export function sampleItem(
  context: SampleContext,
  status: Exclude<PayoutItemStatus, 'PENDING'>,
): StoredPayoutItem {
  const at = isoSeconds(context.now);
  const batchId = newPayoutBatchId();
  const id = payoutItemId(batchId, 0);
  const receiver = SAMPLE_RECEIVERS[status] ?? SEED_BUYER.email;
  const paid = status !== 'FAILED' && status !== 'BLOCKED' && status !== 'DENIED';
  const fee = paid ? payoutFee(AMOUNT_MINOR, CURRENCY) : 0n;
  const payment = paid ? newTransactionId() : undefined;
  const reversal = status === 'RETURNED' || status === 'REFUNDED' ? newTransactionId() : undefined;
  const reserved = reservedReceiver('EMAIL', receiver);
  const error =
    status === 'UNCLAIMED' || status === 'RETURNED' ? ('RECEIVER_UNREGISTERED' as const) : reserved?.error;
  return {
    ...resourceEnvelope({ kind: 'payout-item', id, app: null, status, parent: batchId, root: batchId, at }),
    body: {
      payout_item_id: id,
      ...(payment ? { transaction_id: reversal ?? payment, activity_id: newTransactionId() } : {}),
      payout_item_fee: moneyV1(fee, CURRENCY),
      payout_batch_id: batchId,
      sender_batch_id: 'sample-batch',
      payout_item: {
        recipient_type: 'EMAIL',
        amount: moneyV1(AMOUNT_MINOR, CURRENCY),
        note: 'Thanks for your patronage!',
        receiver,
        sender_item_id: 'item-1',
      },
      time_processed: at,
      ...(error ? { errors: { name: error } } : {}),
    },
    internal: {
      index: 0,
      sender_account_id: SEED_MERCHANT.id,
      currency: CURRENCY,
      amount_minor: String(AMOUNT_MINOR),
      fee_minor: String(fee),
      ...(status === 'SUCCESS' ? { receiver_account_id: SEED_BUYER.id } : {}),
      ...(payment ? { payment_transaction_id: payment } : {}),
      ...(reversal ? { reversal_transaction_id: reversal } : {}),
    },
  };
}

export const sampleItemResource = (
  context: SampleContext,
  status: Exclude<PayoutItemStatus, 'PENDING'>,
): Record<string, unknown> => {
  const item = sampleItem(context, status);
  return { ...itemView(item, context.baseUrl), links: itemLinks(item, context.baseUrl) };
};
