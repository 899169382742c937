import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startHarness, type ApiHarness } from '../test-support/api-harness.js';
import type { StoredWebhook } from './subscriptions-repo.js';

/**
 * The outbox's subscription lookups are remembered within one transaction (a payout chunk makes hundreds
 * of events in one): every subscription written in that transaction, or rolled back in it, must still
 * be seen exactly by the events that follow.
 */
describe('subscription lookups within one transaction', () => {
  let h: ApiHarness;
  beforeEach(async () => {
    h = await startHarness();
  });
  afterEach(async () => h.close());

  const webhook = (n: number, eventTypes = ['*']): StoredWebhook => ({
    id: `WH${String(n).padStart(15, '0')}`,
    app_id: h.host.sandboxApp.id,
    url: `https://example.com/hooks/${n}`,
    event_types: eventTypes,
    create_time: '2026-05-15T12:00:00Z',
    update_time: '2026-05-15T12:00:00Z',
  });

  /** Records a PAYMENT.CAPTURE.COMPLETED event; answers the webhook ids of the deliveries it made. */
  const record = (): string[] => {
    const { outbox, deliveries } = h.host.services.webhooks;
    const event = outbox.record({
      eventType: 'PAYMENT.CAPTURE.COMPLETED',
      resource: { id: 'CAPTURE-1' },
      resourceId: 'CAPTURE-1',
      appId: h.host.sandboxApp.id,
    });
    return deliveries
      .list({ eventId: event.id }, 100)
      .map((d) => d.webhook_id)
      .sort();
  };

  it('sees subscriptions made, changed and deleted between two events of the same transaction', () => {
    const { subscriptions } = h.host.services.webhooks;
    const { store } = h.host.deps;
    store.transaction(() => {
      expect(record()).toEqual([]);
      subscriptions.insert(webhook(1));
      expect(record()).toEqual([webhook(1).id]);
      subscriptions.insert(webhook(2, ['PAYMENT.CAPTURE.COMPLETED']));
      expect(record()).toEqual([webhook(1).id, webhook(2).id]);
      subscriptions.update({ ...webhook(1), event_types: ['CHECKOUT.ORDER.APPROVED'] });
      expect(record()).toEqual([webhook(2).id]);
      subscriptions.delete(webhook(2).id);
      expect(record()).toEqual([]);
    });
  });

  it('forgets a subscription whose savepoint was rolled back, and a lookup made after it', () => {
    const { subscriptions } = h.host.services.webhooks;
    const { store } = h.host.deps;
    store.transaction(() => {
      expect(record()).toEqual([]);
      expect(() =>
        store.transaction(() => {
          subscriptions.insert(webhook(1));
          expect(record()).toEqual([webhook(1).id]);
          throw new Error('undone');
        }),
      ).toThrow('undone');
      expect(record()).toEqual([]);
    });
    // A later transaction reads the table again.
    store.transaction(() => subscriptions.insert(webhook(3)));
    store.transaction(() => expect(record()).toEqual([webhook(3).id]));
  });

  it('does not keep lookups from one transaction to the next', () => {
    const { subscriptions } = h.host.services.webhooks;
    const { store } = h.host.deps;
    store.transaction(() => expect(record()).toEqual([]));
    // Written behind the repository's back, as another process on the same workspace file would.
    store.transaction(() =>
      store.db
        .write(
          'INSERT INTO webhooks (id, app_id, url, event_types, create_time, update_time) VALUES (?, ?, ?, ?, ?, ?)',
        )
        .run(webhook(4).id, webhook(4).app_id, webhook(4).url, '["*"]', 'x', 'x'),
    );
    store.transaction(() => expect(record()).toEqual([webhook(4).id]));
    expect(subscriptions.lastSeq()).toBeGreaterThan(0);
  });
});
