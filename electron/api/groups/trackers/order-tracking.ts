import {
  TrackerItemSchema,
  type OrderTrackRequest,
  type TrackerItem,
} from '../../../../shared/api/trackers/schemas.js';
import type { ErrorDetail } from '../../../../shared/errors.js';
import type { PatchOperation } from '../../../../shared/json-patch.js';
import { detail, invalidRequest, unprocessable } from '../../pipeline/api-error.js';
import { zodDetails } from '../../pipeline/validate.js';
import type { RequestContext } from '../../route.js';
import type { OrderTracking, StoredOrder } from '../orders-v2/index.js';
import { trackerNotFound, type TrackersService } from './service.js';
import { orderTrackerView } from './views.js';

const body = (
  issue: Parameters<typeof detail>[0],
  field: string,
  value?: unknown,
  description?: string,
): ErrorDetail =>
  detail(issue, {
    field,
    location: 'body',
    ...(value !== undefined ? { value } : {}),
    ...(description ? { description } : {}),
  });

/** Items of a shipment must be items of the order's unit, by sku (ITEM_SKU_MISMATCH). */
function checkSkus(
  order: StoredOrder,
  referenceId: string,
  items: readonly TrackerItem[] | undefined,
  field: string,
): void {
  const unit = order.body.purchase_units.find((u) => u.reference_id === referenceId);
  const skus = new Set((unit?.items ?? []).map((item) => item.sku).filter((sku) => sku !== undefined));
  const problems = (items ?? []).flatMap((item, index) =>
    item.sku !== undefined && !skus.has(item.sku)
      ? [body('ITEM_SKU_MISMATCH', `${field}/${index}/sku`, item.sku)]
      : [],
  );
  if (problems.length > 0) throw unprocessable(...problems);
}

/** Tracking through orders v2 (the `OrderTracking` port of the orders group). */
export function orderTracking(trackers: TrackersService): OrderTracking {
  return {
    track(order: StoredOrder, request: OrderTrackRequest, ctx: RequestContext): void {
      const capture = trackers.capture(request.capture_id, ctx);
      if (!capture || capture.root_id !== order.id)
        throw unprocessable(body('CAPTURE_ID_NOT_FOUND', '/capture_id', request.capture_id));
      if (capture.status !== 'COMPLETED')
        throw unprocessable(
          body(
            'CAPTURE_STATUS_NOT_VALID',
            '/capture_id',
            request.capture_id,
            `The capture is ${capture.status}; trackers go on COMPLETED captures.`,
          ),
        );
      checkSkus(order, capture.internal.reference_id, request.items, '/items');
      const fields = {
        transaction_id: capture.id,
        tracking_number: request.tracking_number,
        status: 'SHIPPED' as const,
        carrier: request.carrier,
        ...(request.carrier_name_other ? { carrier_name_other: request.carrier_name_other } : {}),
        notify_buyer: request.notify_payer ?? false,
        ...(request.items ? { items: request.items } : {}),
      };
      const problems = trackers.newTrackerProblems(fields, '', new Set());
      if (problems.length > 0)
        throw unprocessable(...problems.map((p) => ({ ...p, field: '/tracking_number' })));
      trackers.insert(fields, capture, ctx);
    },

    patch(
      order: StoredOrder,
      trackerId: string,
      operations: readonly PatchOperation[],
      ctx: RequestContext,
    ): void {
      const tracker = trackers.get(trackerId, ctx, 'TRACKER_ID_NOT_FOUND');
      if (tracker.internal.order_id !== order.id)
        throw trackerNotFound(trackerId, 'TRACKER_ID_NOT_FOUND', 'tracker_id');
      // Check every operation before changing anything (the patch is applied whole or not at all).
      let items: TrackerItem[] | undefined;
      let notify: boolean | undefined;
      let cancel = false;
      operations.forEach((op, index) => {
        const at = `/${index}`;
        const allowed =
          (op.path === '/items' && op.op === 'replace') ||
          (op.path === '/notify_payer' && (op.op === 'replace' || op.op === 'add')) ||
          (op.path === '/status' && op.op === 'replace');
        if (!allowed) throw unprocessable(body('NOT_PATCHABLE', `${at}/path`, `${op.op} ${op.path}`));
        if (op.value === undefined) throw unprocessable(body('PATCH_VALUE_REQUIRED', `${at}/value`));
        if (op.path === '/status') {
          if (op.value !== 'CANCELLED')
            throw invalidRequest(
              body(
                'INVALID_PARAMETER_VALUE',
                `${at}/value`,
                op.value,
                'Only patching status to CANCELLED is supported.',
              ),
            );
          cancel = true;
        } else if (op.path === '/notify_payer') {
          if (typeof op.value !== 'boolean')
            throw invalidRequest(
              body('INVALID_PARAMETER_VALUE', `${at}/value`, op.value, 'notify_payer is true or false.'),
            );
          notify = op.value;
        } else {
          const parsed = TrackerItemSchema.array().max(100).safeParse(op.value, { reportInput: true });
          if (!parsed.success)
            throw invalidRequest(
              ...zodDetails(parsed.error.issues, 'body').map((d) => ({
                ...d,
                field: `${at}/value${d.field === '/' ? '' : d.field}`,
              })),
            );
          checkSkus(order, tracker.internal.reference_id, parsed.data, `${at}/value`);
          items = parsed.data;
        }
      });
      trackers.move(tracker, cancel ? 'CANCELLED' : tracker.status, (trackerBody) => {
        if (items !== undefined) trackerBody.items = items;
        if (notify !== undefined) trackerBody.notify_buyer = notify;
      });
    },

    viewsByUnit(orderId: string, baseUrl: string): Map<string, Record<string, unknown>[]> {
      const byUnit = new Map<string, Record<string, unknown>[]>();
      for (const tracker of trackers.ofOrder(orderId)) {
        const list = byUnit.get(tracker.internal.reference_id) ?? [];
        list.push(orderTrackerView(tracker, baseUrl));
        byUnit.set(tracker.internal.reference_id, list);
      }
      return byUnit;
    },
  };
}
