import { trackersShared } from '../../../../shared/api/trackers/index.js';
import { trackerMachine } from '../../../../shared/api/trackers/machines.js';
import type { GroupDeps } from '../../group-deps.js';
import { defineResourceKind, type GroupModule } from '../../group-module.js';
import type { OrderTracking } from '../orders-v2/index.js';
import { orderTracking } from './order-tracking.js';
import { trackerRoutes } from './routes.js';
import { TrackersService } from './service.js';
import { TRACKER_KIND, type StoredTracker } from './types.js';
import { trackerLinks, trackerView } from './views.js';

export type { StoredTracker } from './types.js';

/**
 * Shipment tracking (spec 2.16, 4.12): v1 trackers (the batch call deprecated) on captured
 * transactions, and tracking through orders v2 via `orders` (the orders group's `OrderTracking` port).
 */
export function defineTrackers(deps: GroupDeps): GroupModule & { orders: OrderTracking } {
  const trackers = new TrackersService(deps);
  return {
    name: 'trackers',
    shared: trackersShared,
    orders: orderTracking(trackers),
    routes: trackerRoutes(trackers, (tracker, baseUrl) => deps.kinds.present(tracker, baseUrl)),
    resourceKinds: [
      defineResourceKind<StoredTracker>({
        kind: TRACKER_KIND,
        machine: trackerMachine,
        view: trackerView,
        links: trackerLinks,
        summary: () => ({}),
        // A tracker belongs to the lineage of the order its capture pays.
        rootKind: 'order',
      }),
    ],
  };
}
