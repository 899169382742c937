import { PAYOUTS_ENDPOINTS as E } from '../../../../shared/api/payouts/endpoints.js';
import { defineRoute, type AnyRoute } from '../../route.js';
import { PAYOUT_KEY_RETENTION_MS, type PayoutsService } from './service.js';

/** The HTTP binding of payouts. */
export function payoutRoutes(payouts: PayoutsService): AnyRoute[] {
  return [
    defineRoute(E.create, {
      // A repeated Svc-Request-Id (kept 30 days) answers 200 with the batch's latest state.
      idempotency: { retentionMs: PAYOUT_KEY_RETENTION_MS },
      handle: ({ body, ctx }) => ({ status: 201, resource: payouts.create(body, ctx) }),
    }),
    defineRoute(E.show, {
      handle: ({ params, query, ctx }) => ({ status: 200, body: payouts.showBatch(params.id, query, ctx) }),
    }),
    defineRoute(E.showItem, {
      handle: ({ params, ctx }) => ({ status: 200, resource: payouts.getItem(params.id, ctx) }),
    }),
    defineRoute(E.cancelItem, {
      handle: ({ params, ctx }) => ({ status: 200, resource: payouts.cancelItem(params.id, ctx) }),
    }),
  ];
}
