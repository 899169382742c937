import { money } from '../../../../shared/money.js';
import { newCaptureId } from '../../../../shared/ids.js';
import { isoSeconds } from '../../../clock.js';
import { SEED_MERCHANT } from '../../../store/seed.js';
import type { SampleContext } from '../../../webhooks/catalog.js';
import { newPayoutTransactionId, newReferencedBatchId, newReferencedItemId } from './ids.js';
import { ITEM_KIND, type StoredReferencedPayoutItem } from './types.js';
import { itemWithLinks } from './views.js';
import { resourceEnvelope } from '../../../store/stored-resource.js';

/**
 * A sample item for the simulator: a synthetic stored item of the sandbox world (the seeded merchant
 * pays itself 28.46 USD, what remains of a 30.00 capture after its fee) rendered by the API's own view,
 * so a mock event looks exactly like a real one.
 */
export function sampleItemResource(
  context: SampleContext,
  status: 'SUCCESS' | 'FAILED',
): Record<string, unknown> {
  const at = isoSeconds(context.now);
  const id = newReferencedItemId();
  const batchId = newReferencedBatchId();
  const captureId = newCaptureId();
  const item: StoredReferencedPayoutItem = {
    ...resourceEnvelope({ kind: ITEM_KIND, id, app: null, status, parent: batchId, root: batchId, at }),
    body: {
      item_id: id,
      reference_id: captureId,
      reference_type: 'TRANSACTION_ID',
      payout_amount: money(2846n, 'USD'),
      payout_destination: SEED_MERCHANT.id,
      ...(status === 'SUCCESS' ? { payout_transaction_id: newPayoutTransactionId() } : {}),
      disbursement_transaction_id: captureId,
    },
    internal: {
      amount_minor: '2846',
      sender_account_id: SEED_MERCHANT.id,
      payee_account_id: SEED_MERCHANT.id,
      payee_email: SEED_MERCHANT.email,
      partner_attribution_id: null,
      synchronous: false,
      processed_ms: context.now,
      ...(status === 'FAILED' ? { failure_reason: 'NOT_ENOUGH_BALANCE' as const } : {}),
    },
  };
  return itemWithLinks(item, context.baseUrl);
}
