import { PAYOUTS_ENDPOINTS as E } from '../../../../shared/api/payouts/endpoints.js';
import { defineRoute, type AnyRoute } from '../../route.js';
import { PAYOUT_KEY_RETENTION_MS, type PayoutsService } from './service.js';

/** The create call's body limit: a full 15,000-item batch with long notes still fits. */
const CREATE_BODY_LIMIT_BYTES = 32 * 1024 * 1024;

/** The HTTP binding of payouts. */
export function payoutRoutes(payouts: PayoutsService): AnyRoute[] {
  return [
    defineRoute(E.create, {
      partnerFeatures: ['SWEEP_FUNDS_EXTERNAL_SINK'],
      // A repeated Svc-Request-Id (kept 30 days) answers 200 with the batch's latest state.
      idempotency: { retentionMs: PAYOUT_KEY_RETENTION_MS },
      // 15,000 items with notes and ids run to a few MiB, past the API's default 1 MiB.
      bodyLimit: CREATE_BODY_LIMIT_BYTES,
      handle: ({ body, ctx }) => ({ status: 201, resource: payouts.create(body, ctx) }),
    }),
    defineRoute(E.show, {
      partnerFeatures: ['SWEEP_FUNDS_EXTERNAL_SINK'],
      handle: ({ params, query, ctx }) => ({ status: 200, body: payouts.showBatch(params.id, query, ctx) }),
    }),
    defineRoute(E.showItem, {
      partnerFeatures: ['SWEEP_FUNDS_EXTERNAL_SINK'],
      handle: ({ params, ctx }) => ({ status: 200, resource: payouts.getItem(params.id, ctx) }),
    }),
    defineRoute(E.cancelItem, {
      partnerFeatures: ['SWEEP_FUNDS_EXTERNAL_SINK'],
      handle: ({ params, ctx }) => ({ status: 200, resource: payouts.cancelItem(params.id, ctx) }),
    }),
  ];
}
