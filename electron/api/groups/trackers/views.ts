import { link, type Link } from '../../pipeline/links.js';
import type { StoredTracker } from './types.js';

export const TRACKERS_PATH = '/v1/shipping/trackers';
export const trackerPath = (id: string): string => `${TRACKERS_PATH}/${encodeURIComponent(id)}`;

/** `self` GET and `replace` PUT; a cancelled tracker is only read. */
export function trackerLinks(tracker: StoredTracker, base: string): Link[] {
  const self = link(base, trackerPath(tracker.id), 'self');
  return tracker.status === 'CANCELLED'
    ? [self]
    : [self, link(base, trackerPath(tracker.id), 'replace', 'PUT')];
}

export const trackerView = (tracker: StoredTracker): Record<string, unknown> => ({ ...tracker.body });

/**
 * A tracker as an order shows it under `purchase_units[].shipping.trackers` (orders v2): its id,
 * status, items, links and times.
 */
export function orderTrackerView(tracker: StoredTracker, base: string): Record<string, unknown> {
  const orderPath = `/v2/checkout/orders/${tracker.internal.order_id}/trackers/${encodeURIComponent(tracker.id)}`;
  return {
    id: tracker.id,
    status: tracker.status,
    ...(tracker.body.items ? { items: tracker.body.items } : {}),
    links: [
      link(base, trackerPath(tracker.id), 'self'),
      ...(tracker.status === 'CANCELLED' ? [] : [link(base, orderPath, 'edit', 'PATCH')]),
    ],
    create_time: tracker.create_time,
    update_time: tracker.update_time,
  };
}
