import { rmSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { WEBHOOK_LIMITS } from '../../../../shared/api/webhooks/schemas.js';
import { startHarness, TEST_CLIENT_ID, type ApiHarness } from '../../../test-support/api-harness.js';
import { expectError } from '../../../test-support/expect-error.js';
import { FANOUT_PAGE } from '../../../webhooks/fanout.js';
import { captureOrder, eventually } from '../../../webhooks/webhooks-test-kit.js';

const HOOKS = '/v1/notifications/webhooks';
const subscribe = (h: ApiHarness, url: string) =>
  h.request('POST', HOOKS, { body: { url, event_types: [{ name: '*' }] } });

/** Subscriptions inserted straight into the store, past the API's limit (an old workspace, a tool). */
function insertSubscriptions(h: ApiHarness, count: number): void {
  const app = h.host.deps.store.apps.byClientId(TEST_CLIENT_ID);
  if (!app) throw new Error('no sandbox app');
  const subscriptions = h.host.services.webhooks.subscriptions;
  h.host.deps.store.transaction(() => {
    for (let i = 0; i < count; i++) {
      subscriptions.insert({
        id: `BULK${String(i).padStart(13, '0')}`,
        app_id: app.id,
        url: `http://127.0.0.1:9/bulk/${i}`,
        event_types: ['*'],
        create_time: '2026-05-15T12:00:00Z',
        update_time: '2026-05-15T12:00:00Z',
      });
    }
  });
}

const deliveriesOf = (h: ApiHarness, eventType: string): number =>
  Number(
    (
      h.host.deps.store.db
        .prepare(
          `SELECT COUNT(*) AS n FROM webhook_deliveries d JOIN webhook_events e ON e.id = d.event_id WHERE e.event_type = ?`,
        )
        .get(eventType) as { n: number }
    ).n,
  );

/** The platform's 10 webhooks per app, and a paced fan-out to many subscriptions. */
describe('webhook subscription limits', () => {
  let h: ApiHarness;
  afterEach(async () => h?.close());

  it('allows 10 webhooks per app; the 11th is 400 WEBHOOK_NUMBER_LIMIT_EXCEEDED', async () => {
    h = await startHarness();
    expect(WEBHOOK_LIMITS.perApp).toBe(10);
    const ids: string[] = [];
    for (let i = 0; i < 10; i++) {
      const reply = await subscribe(h, `https://example.com/hooks/${i}`);
      expect(reply.status, reply.text).toBe(201);
      ids.push(reply.body.id as string);
    }
    const refused = await subscribe(h, 'https://example.com/hooks/10');
    expectError(refused, 'INVALID_REQUEST', 'WEBHOOK_NUMBER_LIMIT_EXCEEDED');
    expect((await h.request('GET', HOOKS)).body.webhooks).toHaveLength(10);
    // Deleting one makes room for one.
    expect((await h.request('DELETE', `${HOOKS}/${ids[0]}`)).status).toBe(204);
    expect((await subscribe(h, 'https://example.com/hooks/10')).status).toBe(201);
    expectError(
      await subscribe(h, 'https://example.com/hooks/11'),
      'INVALID_REQUEST',
      'WEBHOOK_NUMBER_LIMIT_EXCEEDED',
    );
  });

  it('10,000 subscriptions: a request writes at most one page of deliveries per event, the rest follow', async () => {
    h = await startHarness();
    const total = 10_000;
    insertSubscriptions(h, total);
    // Count the deliveries each operation writes inside its own request (its handler runs the
    // transitions, and the outbox writes what it writes there).
    const deliveries = h.host.services.webhooks.deliveries;
    const insert = deliveries.insert.bind(deliveries);
    let inHandler = false;
    let written = 0;
    let mostInOneRequest = 0;
    deliveries.insert = (row) => {
      if (inHandler) written++;
      insert(row);
    };
    for (const route of h.host.services.groups.routes()) {
      const handle = route.handle.bind(route);
      route.handle = (input) => {
        inHandler = true;
        written = 0;
        try {
          return handle(input);
        } finally {
          inHandler = false;
          mostInOneRequest = Math.max(mostInOneRequest, written);
        }
      };
    }

    await captureOrder(h, '30.00'); // approve (1 event), capture (2 events)
    // Three events per page at most: a capture reports PAYMENT.CAPTURE.COMPLETED and CHECKOUT.ORDER.COMPLETED.
    expect(mostInOneRequest).toBeLessThanOrEqual(2 * FANOUT_PAGE);
    expect(mostInOneRequest).toBeGreaterThan(0);

    // The rest is written after the requests, a page per turn of the event loop, to every subscription.
    await eventually(() => deliveriesOf(h, 'PAYMENT.CAPTURE.COMPLETED') === total, 20_000);
    await h.host.services.webhooks.outbox.fanout.idle();
    for (const type of ['CHECKOUT.ORDER.APPROVED', 'PAYMENT.CAPTURE.COMPLETED', 'CHECKOUT.ORDER.COMPLETED'])
      expect(deliveriesOf(h, type), type).toBe(total);
    const { stats } = h.host.services.webhooks.outbox.fanout;
    expect(stats.deliveries).toBe(3 * (total - FANOUT_PAGE));
    expect(stats.pages).toBeGreaterThanOrEqual((3 * (total - FANOUT_PAGE)) / FANOUT_PAGE);
  });

  it('an unfinished fan-out survives a restart and completes', async () => {
    h = await startHarness({ persistent: true });
    const dataDir = h.dataDir as string;
    insertSubscriptions(h, 1_000);
    h.host.services.webhooks.outbox.fanout.pause();
    await captureOrder(h, '30.00');
    expect(deliveriesOf(h, 'PAYMENT.CAPTURE.COMPLETED')).toBe(FANOUT_PAGE);
    expect(h.host.services.webhooks.outbox.fanout.pendingCount).toBe(3);
    await h.host.close();

    try {
      h = await startHarness({ dataDir, listener: false });
      await h.host.listen('127.0.0.1', 0); // the webhooks start, and resume what was left
      await h.host.services.webhooks.outbox.fanout.idle();
      expect(deliveriesOf(h, 'PAYMENT.CAPTURE.COMPLETED')).toBe(1_000);
      expect(h.host.services.webhooks.outbox.fanout.pendingCount).toBe(0);
    } finally {
      await h.close();
      h = undefined as unknown as ApiHarness;
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
