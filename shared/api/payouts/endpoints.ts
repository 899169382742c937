import { SCOPES } from '../../scopes.js';
import { defineEndpoint } from '../endpoint.js';
import {
  CancelItemBody,
  CreatePayoutSchema,
  FundBalanceSchema,
  PayoutBatchParams,
  PayoutBatchQuery,
  PayoutCreateHeaders,
  PayoutItemParams,
} from './schemas.js';

const TAG = 'Payouts';

/** Payouts (spec 2.12, 4.10): batch create and read, item read and cancel, and the funding helper. */
export const PAYOUTS_ENDPOINTS = {
  create: defineEndpoint({
    method: 'POST',
    path: '/v1/payments/payouts',
    operationId: 'payouts.post',
    summary: 'Create batch payout (1 to 15,000 items, processed asynchronously)',
    tag: TAG,
    scope: SCOPES.payouts,
    headers: PayoutCreateHeaders,
    body: CreatePayoutSchema,
    responses: {
      201: 'The batch header, batch_status PENDING',
      200: 'Idempotent repeat (Svc-Request-Id): the latest state of the batch',
      400: 'A validation failure, or a sender_batch_id used in the last 30 days',
    },
    example: {
      sender_batch_header: {
        sender_batch_id: 'Payouts_2026_000001',
        email_subject: 'You have a payout!',
        email_message: 'You have received a payout! Thanks for using our service!',
      },
      items: [
        {
          recipient_type: 'EMAIL',
          amount: { value: '9.87', currency: 'USD' },
          note: 'Thanks for your patronage!',
          sender_item_id: '201403140001',
          receiver: 'buyer@example.com',
        },
        {
          recipient_type: 'EMAIL',
          amount: { value: '5.32', currency: 'USD' },
          note: 'Thanks for your support!',
          sender_item_id: '201403140002',
          receiver: 'receiver@example.org',
        },
      ],
    },
  }),
  show: defineEndpoint({
    method: 'GET',
    path: '/v1/payments/payouts/:id',
    operationId: 'payouts.get',
    summary: 'Show payout batch details (items paged: page, page_size, total_required, fields)',
    tag: TAG,
    scope: SCOPES.payouts,
    params: PayoutBatchParams,
    query: PayoutBatchQuery,
    responses: { 200: 'The batch header and a page of its items', 404: 'No such batch' },
  }),
  showItem: defineEndpoint({
    method: 'GET',
    path: '/v1/payments/payouts-item/:id',
    operationId: 'payouts-item.get',
    summary: 'Show payout item details',
    tag: TAG,
    scope: SCOPES.payouts,
    params: PayoutItemParams,
    responses: { 200: 'The item', 404: 'No such item' },
  }),
  cancelItem: defineEndpoint({
    method: 'POST',
    path: '/v1/payments/payouts-item/:id/cancel',
    operationId: 'payouts-item.cancel',
    summary: 'Cancel unclaimed payout item (it returns to the sender)',
    tag: TAG,
    scope: SCOPES.payouts,
    params: PayoutItemParams,
    body: CancelItemBody,
    bodyOptional: true,
    responses: { 200: 'The item, RETURNED', 404: 'No such item', 422: 'The item is not UNCLAIMED' },
  }),
  fund: defineEndpoint({
    method: 'POST',
    path: '/v1/test-helpers/payouts/fund',
    operationId: 'sandbox.payouts.fund',
    summary: "Add funds to the merchant's balance for payouts (a bank deposit, T0300)",
    tag: 'Sandbox control',
    scope: SCOPES.testHelpers,
    body: FundBalanceSchema,
    responses: { 201: 'The deposit and the new balance of its currency' },
    example: { amount: { currency: 'USD', value: '10000.00' } },
  }),
};
