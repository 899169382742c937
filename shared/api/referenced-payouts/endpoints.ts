import { SCOPES } from '../../scopes.js';
import { defineEndpoint } from '../endpoint.js';
import {
  BatchIdParams,
  ItemIdParams,
  ReferencedPayoutBatchSchema,
  ReferencedPayoutItemSchema,
  ReferencedPayoutReadHeaders,
  ReferencedPayoutWriteHeaders,
} from './schemas.js';

const TAG = 'Referenced payouts';

/** Referenced payouts (spec 2.13, 4.10): batches of payouts tied to earlier transactions, and single items. */
export const REFERENCED_PAYOUTS_ENDPOINTS = {
  createBatch: defineEndpoint({
    method: 'POST',
    path: '/v1/payments/referenced-payouts',
    operationId: 'referenced-payouts.create',
    summary: 'Create referenced batch payout (more than 10 items, or Prefer: respond-async, is asynchronous)',
    tag: TAG,
    scope: SCOPES.referencedPayouts,
    headers: ReferencedPayoutWriteHeaders,
    body: ReferencedPayoutBatchSchema,
    responses: {
      202: 'Queued: links (self) to the batch',
      201: 'Processed synchronously (up to 10 items without Prefer: respond-async): the batch',
      200: 'Idempotent repeat: the batch as it is now',
      409: 'ONGOING_ACTIVITY_ON_REFERENCE',
      422: 'A reference names no capture of the caller, or an amount is not valid',
    },
    example: {
      referenced_payouts: [{ reference_id: 'CAPTURE_ID', reference_type: 'TRANSACTION_ID' }],
    },
  }),
  showBatch: defineEndpoint({
    method: 'GET',
    path: '/v1/payments/referenced-payouts/:payouts_batch_id',
    operationId: 'referenced-payouts.get',
    summary: 'List items in referenced batch payout',
    tag: TAG,
    scope: SCOPES.referencedPayouts,
    params: BatchIdParams,
    headers: ReferencedPayoutReadHeaders,
    responses: { 200: 'referenced_payouts, payout_directive and links', 404: 'No such batch' },
  }),
  createItem: defineEndpoint({
    method: 'POST',
    path: '/v1/payments/referenced-payouts-items',
    operationId: 'referenced-payouts-items.create',
    summary: 'Create referenced payout item (Prefer: respond-async queues it)',
    tag: TAG,
    scope: SCOPES.referencedPayouts,
    headers: ReferencedPayoutWriteHeaders,
    body: ReferencedPayoutItemSchema,
    responses: {
      202: 'Queued: item_id and links',
      201: 'Processed synchronously: the item',
      200: 'Idempotent repeat: the item as it is now',
      409: 'ONGOING_ACTIVITY_ON_REFERENCE',
      422: 'The reference names no capture of the caller, or the amount is not valid',
    },
    example: { reference_id: 'CAPTURE_ID', reference_type: 'TRANSACTION_ID' },
  }),
  showItem: defineEndpoint({
    method: 'GET',
    path: '/v1/payments/referenced-payouts-items/:payouts_item_id',
    operationId: 'referenced-payouts-items.get',
    summary: 'Show referenced payout item details',
    tag: TAG,
    scope: SCOPES.referencedPayouts,
    params: ItemIdParams,
    headers: ReferencedPayoutReadHeaders,
    responses: { 200: 'The item', 404: 'No such item' },
  }),
};
