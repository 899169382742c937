import type { TrackerItem } from '../../../../shared/api/trackers/schemas.js';
import type { TrackerStatus } from '../../../../shared/api/trackers/machines.js';
import type { StoredResource } from '../../../store/repositories/resources-repo.js';

export const TRACKER_KIND = 'tracker';

/** A tracker as the v1 API shows it (spec 2.16), without links. */
export interface TrackerBody {
  transaction_id: string;
  tracking_number: string;
  status: TrackerStatus;
  carrier?: string;
  carrier_name_other?: string;
  notify_buyer: boolean;
  shipment_direction?: 'FORWARD' | 'RETURN';
  tracking_url?: string;
  fulfillment_provider?: string;
  tracking_number_type?: 'CARRIER_PROVIDED' | 'E2E_PARTNER_PROVIDED';
  shipment_date?: string;
  items?: TrackerItem[];
  last_updated_time: string;
  /** MERCHANT, or PARTNER when a partner added it on the merchant's behalf (Svc-Auth-Assertion). */
  shipment_uploader: 'MERCHANT' | 'PARTNER';
}

export interface TrackerInternal {
  /** The order the captured transaction belongs to, and its purchase unit. */
  order_id: string;
  reference_id: string;
  /** The merchant (payee) account whose transaction it tracks. */
  account_id: string;
  /** Updates so far: at most 5 (spec part 8). */
  update_count: number;
}

export type StoredTracker = StoredResource<TrackerBody, TrackerInternal> & { status: TrackerStatus };

/** The tracker id form of spec 2.16. */
export const trackerId = (transactionId: string, trackingNumber: string): string =>
  `${transactionId}-${trackingNumber}`;
