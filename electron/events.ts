import { EventEmitter } from 'node:events';
import type { WebhookOutboxChange } from '../shared/bridge.js';
import type { RequestLogSummaryRow } from './store/repositories/request-log-repo.js';

/** What the host tells its observers (the workbench UI, through the bridge) about. */
export interface HostEventMap {
  'request-logged': [entry: RequestLogSummaryRow];
  'resource-changed': [change: { kind: string; id: string; status: string; trigger: string }];
  'clock-moved': [clock: { now: string; offset_ms: number }];
  'webhook-received': [
    delivery: { id: string; event_type: string; received_at: string; answered_status: number; mock: boolean },
  ];
  'webhook-outbox-changed': [change: WebhookOutboxChange];
}

export class HostEvents extends EventEmitter<HostEventMap> {}
