import type { WebhookOutboxChange } from '../../shared/bridge.js';
import type { ApiDeps } from '../api/deps.js';

export type OutboxChangeNotice = Pick<WebhookOutboxChange, 'change'> &
  Partial<Omit<WebhookOutboxChange, 'change'>>;

/**
 * Tells host observers (the Events page, through the bridge) of an outbox change once the transaction
 * that made it commits, never before: what they then read is what they were told of.
 */
export function announceOutboxChange(
  deps: Pick<ApiDeps, 'store' | 'events'>,
  notice: OutboxChangeNotice,
): void {
  const change: WebhookOutboxChange = {
    event_id: null,
    delivery_id: null,
    delivery_status: null,
    ...notice,
  };
  deps.store.db.afterCommit(() => deps.events.emit('webhook-outbox-changed', change));
}
