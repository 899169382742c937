import type { OrderTrackRequest } from '../../../../shared/api/trackers/schemas.js';
import type { PatchOperation } from '../../../../shared/json-patch.js';
import type { RequestContext } from '../../route.js';
import type { StoredOrder } from './types.js';

/**
 * The port through which orders track shipments (the trackers group implements it, wired in
 * `electron/api/registry.ts`): `POST /v2/checkout/orders/{id}/track`, `PATCH .../trackers/{tracker_id}`,
 * and the trackers an order shows under `purchase_units[].shipping.trackers`.
 */
export interface OrderTracking {
  track(order: StoredOrder, request: OrderTrackRequest, ctx: RequestContext): void;
  patch(
    order: StoredOrder,
    trackerId: string,
    operations: readonly PatchOperation[],
    ctx: RequestContext,
  ): void;
  /** The order's trackers as it shows them, by purchase unit reference id. */
  viewsByUnit(orderId: string, baseUrl: string): Map<string, Record<string, unknown>[]>;
}
