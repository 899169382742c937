import { issuesOf } from '../issue.js';

/** Shipment tracking (v1 trackers and tracking through orders v2): the issues its operations answer with. */
export const TRACKERS_ISSUES = {
  ...issuesOf('UNPROCESSABLE_ENTITY', {
    TRACKER_CANCELLED: 'The tracker is cancelled: its tracking number no longer applies.',
    TRACKER_UPDATE_LIMIT_REACHED: 'A tracker can be updated at most 5 times.',
    TRACKER_ALREADY_EXISTS: 'A tracker with this transaction id and tracking number already exists.',
    INVALID_TRANSACTION_ID: 'The transaction_id does not name a captured transaction of this merchant.',
    CAPTURE_ID_NOT_FOUND: 'Specified capture ID does not exist. Check the capture ID and try again.',
    CAPTURE_STATUS_NOT_VALID:
      'Invalid capture status. Tracker information can only be added to captures in COMPLETED state.',
    ITEM_SKU_MISMATCH: 'Item sku must match one of the items sku that was provided during order creation.',
    NOT_PATCHABLE:
      'Cannot be patched: a tracker on an order takes replace of items, status (CANCELLED) and notify_payer.',
    PATCH_VALUE_REQUIRED: 'Specify a value for the field being patched.',
  }),
  ...issuesOf('RESOURCE_NOT_FOUND', {
    TRACKER_ID_NOT_FOUND: 'Specified tracker ID does not exist. Check the tracker ID and try again.',
  }),
  ...issuesOf('NOT_AUTHORIZED', {
    PERMISSION_DENIED: 'You do not have permission to access or perform operations on this resource.',
  }),
};
