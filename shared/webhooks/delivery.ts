/**
 * A delivery of an event to a webhook's URL: its signature algorithm, its attempts and its state. The
 * host's delivery (electron/webhooks) writes them for every group's events.
 */

/** The only signature algorithm of the service (spec 6.6). */
export const AUTH_ALGO = 'SHA256withRSA';

/** The webhook id that mock events are signed with (spec 6.8). */
export const MOCK_WEBHOOK_ID = 'WEBHOOK_ID';

export type DeliveryStatus = 'PENDING' | 'DELIVERED' | 'FAILED' | 'CANCELLED';

export interface DeliveryAttempt {
  number: number;
  transmission_id: string;
  transmission_time: string;
  /** Simulated time the attempt was due, and when it went out. */
  due_time: string;
  attempt_time: string;
  status_code: number | null;
  latency_ms: number;
  response_excerpt: string | null;
  error: string | null;
}

export interface Delivery {
  id: string;
  event_id: string;
  event_type: string;
  webhook_id: string;
  url: string;
  mock: boolean;
  status: DeliveryStatus;
  attempt_count: number;
  max_attempts: number;
  create_time: string;
  /** Simulated time of the next attempt while PENDING. */
  next_attempt_time: string | null;
  finish_time: string | null;
  attempts: DeliveryAttempt[];
}
