import { callApi } from '../../api/api-call';
import { orderPath } from './orders-api';

/**
 * The shipment tracking calls of the order and capture pages: tracking through orders v2 on an order,
 * v1 trackers on a capture, and the v1 PUT for a status change (orders v2 patches only cancel one).
 */

export const TRACKERS_PATH = '/v1/shipping/trackers';
export const TRACKER_STATUSES = ['SHIPPED', 'ON_HOLD', 'DELIVERED', 'LOCAL_PICKUP'] as const;
/** Common carrier codes; OTHER takes a carrier name. */
export const CARRIERS = ['FEDEX', 'UPS', 'USPS', 'DHL', 'OTHER'] as const;

/** One tracker as the panel shows it, from either API. */
export interface TrackerRow {
  id: string;
  transactionId: string;
  trackingNumber: string;
  status: string;
  carrier?: string;
}

export interface NewTracker {
  captureId: string;
  trackingNumber: string;
  carrier: string;
  carrierNameOther: string;
  notify: boolean;
}

/** `POST /v2/checkout/orders/{id}/track`. */
export const trackOrder = (orderId: string, t: NewTracker) =>
  callApi({
    method: 'POST',
    path: `${orderPath(orderId)}/track`,
    body: {
      capture_id: t.captureId,
      tracking_number: t.trackingNumber.trim(),
      carrier: t.carrier,
      ...(t.carrier === 'OTHER' ? { carrier_name_other: t.carrierNameOther.trim() } : {}),
      notify_payer: t.notify,
    },
  });

/** `POST /v1/shipping/trackers` with one tracker. */
export const addTracker = (t: NewTracker) =>
  callApi({
    method: 'POST',
    path: TRACKERS_PATH,
    body: {
      trackers: [
        {
          transaction_id: t.captureId,
          tracking_number: t.trackingNumber.trim(),
          status: 'SHIPPED',
          carrier: t.carrier,
          ...(t.carrier === 'OTHER' ? { carrier_name_other: t.carrierNameOther.trim() } : {}),
          notify_buyer: t.notify,
        },
      ],
    },
  });

/** `PUT /v1/shipping/trackers/{id}`: a new status (CANCELLED cancels). */
export const putTrackerStatus = (row: TrackerRow, status: string) =>
  callApi({
    method: 'PUT',
    path: `${TRACKERS_PATH}/${encodeURIComponent(row.id)}`,
    body: { transaction_id: row.transactionId, status },
  });

/** `PATCH /v2/checkout/orders/{id}/trackers/{tracker_id}` cancelling the tracker. */
export const cancelOrderTracker = (orderId: string, trackerId: string) =>
  callApi({
    method: 'PATCH',
    path: `${orderPath(orderId)}/trackers/${encodeURIComponent(trackerId)}`,
    body: [{ op: 'replace', path: '/status', value: 'CANCELLED' }],
  });

/** A capture's trackers (`GET /v1/shipping/trackers?transaction_id=`). */
export async function captureTrackers(captureId: string): Promise<TrackerRow[]> {
  const response = await callApi({
    method: 'GET',
    path: `${TRACKERS_PATH}?transaction_id=${encodeURIComponent(captureId)}`,
  });
  const list = (response.body as { trackers?: Record<string, unknown>[] }).trackers ?? [];
  return list.map((t) => ({
    id: `${String(t.transaction_id)}-${String(t.tracking_number)}`,
    transactionId: String(t.transaction_id),
    trackingNumber: String(t.tracking_number),
    status: String(t.status),
    ...(typeof t.carrier === 'string' ? { carrier: t.carrier } : {}),
  }));
}

/** An order's trackers (`purchase_units[].shipping.trackers`); a tracker id is `<capture id>-<tracking number>`. */
export function orderTrackers(order: unknown): TrackerRow[] {
  const units = (
    order as { purchase_units?: { shipping?: { trackers?: { id?: string; status?: string }[] } }[] }
  ).purchase_units;
  return (units ?? []).flatMap((unit) =>
    (unit.shipping?.trackers ?? []).map((t) => {
      const id = String(t.id ?? '');
      const dash = id.indexOf('-');
      return {
        id,
        transactionId: id.slice(0, dash),
        trackingNumber: id.slice(dash + 1),
        status: String(t.status ?? ''),
      };
    }),
  );
}

/** An order's COMPLETED captures: what a tracker can be added to. */
export function trackableCaptures(order: unknown): string[] {
  const units = (
    order as { purchase_units?: { payments?: { captures?: { id?: string; status?: string }[] } }[] }
  ).purchase_units;
  return (units ?? []).flatMap((unit) =>
    (unit.payments?.captures ?? []).filter((c) => c.status === 'COMPLETED' && c.id).map((c) => String(c.id)),
  );
}
