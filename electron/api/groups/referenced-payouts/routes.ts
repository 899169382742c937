import { REFERENCED_PAYOUTS_ENDPOINTS as API } from '../../../../shared/api/referenced-payouts/endpoints.js';
import { DAY, type Clock } from '../../../clock.js';
import type { Store } from '../../../store/store.js';
import { IdempotencyGate } from '../../pipeline/idempotency.js';
import { defineRoute, type AnyRoute, type OperationResult, type RequestContext } from '../../route.js';
import type { StoredResource } from '../../../store/repositories/resources-repo.js';
import type { ReferencedPayoutsService } from './service.js';
import { batchLinks, itemLinks } from './views.js';

/** `Svc-Request-Id` of a referenced batch payout is kept 3 days (spec part 8). */
export const BATCH_KEY_RETENTION_MS = 3 * DAY;
/**
 * ...and of a referenced payout item forever (spec part 8): in the sandbox, 100,000 years of simulated
 * time, which no clock move reaches.
 */
export const ITEM_KEY_RETENTION_MS = 100_000 * 365 * DAY;

/**
 * A queued call answers only links (202), not the resource, so the pipeline does not remember its
 * `Svc-Request-Id` by itself: it is remembered here, in the same transaction, the way the pipeline
 * does (same key, same operation), and a repeat then answers 200 with the resource as it is now.
 */
function remember(
  store: Store,
  clock: Clock,
  ctx: RequestContext,
  path: string,
  key: string | undefined,
  result: { status: number; resource: StoredResource<unknown, unknown> },
  retentionMs: number,
): void {
  if (!key) return;
  const now = clock.now();
  store.idempotency.save({
    app_id: ctx.app.id,
    operation: IdempotencyGate.operation('POST', path),
    key,
    status_code: result.status,
    resource_kind: result.resource.kind,
    resource_id: result.resource.id,
    created_at: now,
    expires_at: now + retentionMs,
  });
}

/**
 * The operations of referenced payouts. A call processed synchronously answers 201 with the resource
 * (the batch with its processed items, or the item); a queued one 202 with its links only, as the
 * platform does (a batch: `links`; an item: `item_id` and `links`).
 */
export function referencedPayoutRoutes(
  service: ReferencedPayoutsService,
  store: Store,
  clock: Clock,
): AnyRoute[] {
  return [
    defineRoute(API.createBatch, {
      partnerFeatures: ['DELAY_FUNDS_DISBURSEMENT'],
      idempotency: { retentionMs: BATCH_KEY_RETENTION_MS },
      handle: ({ body, headers, ctx }): OperationResult => {
        const { resource: batch, queued } = service.createBatch(body, headers, ctx);
        if (!queued) return { status: 201, resource: batch };
        const key = headers['svc-request-id'];
        remember(
          store,
          clock,
          ctx,
          API.createBatch.path,
          key,
          { status: 202, resource: batch },
          BATCH_KEY_RETENTION_MS,
        );
        return { status: 202, body: { links: batchLinks(batch, ctx.baseUrl) } };
      },
    }),
    defineRoute(API.showBatch, {
      partnerFeatures: ['DELAY_FUNDS_DISBURSEMENT'],
      handle: ({ params, ctx }) => ({
        status: 200,
        resource: service.getBatch(params.payouts_batch_id, ctx),
      }),
    }),
    defineRoute(API.createItem, {
      partnerFeatures: ['DELAY_FUNDS_DISBURSEMENT'],
      idempotency: { retentionMs: ITEM_KEY_RETENTION_MS },
      handle: ({ body, headers, ctx }): OperationResult => {
        const { resource: item, queued } = service.createItem(body, headers, ctx);
        if (!queued) return { status: 201, resource: item };
        const key = headers['svc-request-id'];
        remember(
          store,
          clock,
          ctx,
          API.createItem.path,
          key,
          { status: 202, resource: item },
          ITEM_KEY_RETENTION_MS,
        );
        return { status: 202, body: { item_id: item.id, links: itemLinks(item, ctx.baseUrl) } };
      },
    }),
    defineRoute(API.showItem, {
      partnerFeatures: ['DELAY_FUNDS_DISBURSEMENT'],
      handle: ({ params, ctx }) => ({ status: 200, resource: service.getItem(params.payouts_item_id, ctx) }),
    }),
  ];
}
