import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Delivery } from '../../shared/webhooks/delivery.js';
import type { WebhookOutboxChange } from '../../shared/bridge.js';
import { MINUTE } from '../clock.js';
import { RETRY_OFFSETS_MS } from './retry-schedule.js';
import {
  captureOrder,
  eventually,
  Receiver,
  startWebhookHarness,
  verifyIndependently,
  type WebhookHarness,
} from './webhooks-test-kit.js';

async function deliveries(h: WebhookHarness, query = ''): Promise<Delivery[]> {
  const reply = await h.request('GET', `/v1/test-helpers/webhooks/deliveries?limit=500${query}`);
  expect(reply.status, reply.text).toBe(200);
  return reply.body.deliveries;
}

const onlyCaptures = ['PAYMENT.CAPTURE.COMPLETED'];

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('signed delivery with retries (spec 6.2, 6.5, 6.6)', () => {
  const cleanup: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const step of cleanup.splice(0).reverse()) await step();
  });
  const harness = async (options: Parameters<typeof startWebhookHarness>[0] = {}) => {
    const h = await startWebhookHarness(options);
    cleanup.push(() => h.close());
    return h;
  };
  const receiver = async () => {
    const r = await new Receiver().start();
    cleanup.push(() => r.stop());
    return r;
  };

  /**
   * A host with one webhook, for captures, at a receiver answering `status`, and one capture whose
   * first delivery attempt has been made: where the retry tests start.
   */
  const firstAttemptTo = async (status: Receiver['status']) => {
    const h = await harness();
    const r = await receiver();
    r.status = status;
    const webhookId = await h.subscribe(r.url, onlyCaptures);
    await captureOrder(h);
    await h.settle();
    return { h, r, webhookId };
  };

  it('POSTs the exact stored bytes once, with the five transmission headers, and a receiver verifies them independently', async () => {
    const h = await harness();
    const r = await receiver();
    const webhookId = await h.subscribe(r.url);
    const { captureId } = await captureOrder(h);
    await h.settle();
    expect(r.received.map((m) => m.json.event_type).sort()).toEqual([
      'CHECKOUT.ORDER.APPROVED',
      'CHECKOUT.ORDER.COMPLETED',
      'PAYMENT.CAPTURE.COMPLETED',
    ]);
    const [message] = r.ofType('PAYMENT.CAPTURE.COMPLETED');
    if (!message) throw new Error('no capture event');
    expect(message.path).toBe('/hooks');
    expect(message.json.resource.id).toBe(captureId);
    expect(message.headers['content-type']).toBe('application/json');
    expect(message.headers['svc-transmission-id']).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(message.headers['svc-transmission-time']).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    expect(message.headers['svc-auth-algo']).toBe('SHA256withRSA');
    expect(message.headers['svc-cert-url']).toMatch(
      new RegExp(`^${h.baseUrl}/v1/notifications/certs/CERT-[0-9a-f-]+$`),
    );
    expect(message.headers['svc-transmission-sig']).toMatch(/^[A-Za-z0-9+/]+={0,2}$/);
    // The bytes on the wire are the event exactly as stored (and as the events API has it).
    const stored = h.host.services.webhooks.events.get(message.json.id);
    expect(message.body.toString('utf8')).toBe(stored?.body);
    expect(await verifyIndependently(message, webhookId)).toBe(true);
    expect(await verifyIndependently(message, 'SOMEOTHERWEBHOOK')).toBe(false);
    const tampered = {
      ...message,
      body: Buffer.from(message.body.toString('utf8').replace('"30.00"', '"31.00"')),
    };
    expect(await verifyIndependently(tampered, webhookId)).toBe(false);
    const list = await deliveries(h);
    expect(
      list.every(
        (d) => d.status === 'DELIVERED' && d.attempt_count === 1 && d.attempts[0]?.status_code === 200,
      ),
    ).toBe(true);
    expect(list[0]?.attempts[0]).toMatchObject({ number: 1, error: null, response_excerpt: 'answer 200' });
    // Delivered means never again: moving the clock far ahead sends nothing more.
    await h.advance(5 * 86_400);
    expect(r.received).toHaveLength(3);
  });

  it('retries a failing receiver on the documented schedule, to the 25th and last attempt, by advancing the clock', async () => {
    const { h, r } = await firstAttemptTo(500);
    expect(r.received).toHaveLength(1);
    const [first] = await deliveries(h);
    if (!first) throw new Error('no delivery');
    const anchor = Date.parse(first.create_time);
    expect(first).toMatchObject({ status: 'PENDING', attempt_count: 1, max_attempts: 25 });
    expect(Date.parse(first.next_attempt_time ?? '')).toBe(anchor + (RETRY_OFFSETS_MS[0] ?? 0));
    // The scheduler's next job is the retry: the clock endpoint shows it.
    const clock = await h.request('GET', '/v1/test-helpers/clock');
    expect(Date.parse(clock.body.next_job_at)).toBeLessThanOrEqual(
      Math.floor((anchor + MINUTE) / 1000) * 1000,
    );

    let previous = 0;
    for (const [index, offset] of RETRY_OFFSETS_MS.entries()) {
      const now = h.host.deps.clock.now();
      // Just before the due time nothing happens...
      const early = anchor + previous + (offset - previous) / 2 - now;
      if (early > 1000) {
        await h.advance(Math.floor(early / 1000));
        expect(r.received).toHaveLength(index + 1);
      }
      // ...and once the clock passes it, exactly one more attempt goes out.
      await h.advance(Math.ceil((anchor + offset - h.host.deps.clock.now()) / 1000) + 1);
      expect(r.received, `attempt ${index + 2}`).toHaveLength(index + 2);
      previous = offset;
    }
    const [done] = await deliveries(h);
    expect(done).toMatchObject({ status: 'FAILED', attempt_count: 25, next_attempt_time: null });
    expect(done?.attempts).toHaveLength(25);
    expect(done?.attempts.map((a) => a.number)).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
    expect(
      done?.attempts.every((a) => a.status_code === 500 && a.error === 'HTTP 500 is not a 2xx answer'),
    ).toBe(true);
    const dueTimes = done?.attempts.map((a) => Date.parse(a.due_time) - anchor);
    expect(dueTimes).toEqual([0, ...RETRY_OFFSETS_MS]);
    expect(new Set(done?.attempts.map((a) => a.transmission_id)).size).toBe(25);
    // 3 days after the first attempt it is over: no 26th, however far the clock goes.
    expect(dueTimes?.at(-1)).toBe(3 * 86_400_000);
    await h.advance(30 * 86_400);
    expect(r.received).toHaveLength(25);
    // Every attempt the receiver saw was signed properly.
    for (const message of r.received)
      expect(await verifyIndependently(message, done?.webhook_id ?? '')).toBe(true);
  }, 60_000);

  it('catches up after one big clock jump: every retry that fell due goes out, 25 at most', async () => {
    const { h, r } = await firstAttemptTo(502);
    await h.advance(36 * 3600);
    const [middle] = await deliveries(h);
    expect(middle?.attempt_count).toBe(1 + RETRY_OFFSETS_MS.filter((o) => o <= 36 * 3_600_000).length);
    await h.advance(10 * 86_400);
    expect(r.received).toHaveLength(25);
    expect((await deliveries(h))[0]).toMatchObject({ status: 'FAILED', attempt_count: 25 });
  });

  it('stops at the first 2xx and never delivers that event again', async () => {
    const { h, r } = await firstAttemptTo((n) => (n <= 2 ? 503 : 204));
    await h.advance(60);
    await h.advance(4 * 60);
    const [delivered] = await deliveries(h);
    expect(delivered).toMatchObject({ status: 'DELIVERED', attempt_count: 3, next_attempt_time: null });
    expect(delivered?.attempts.map((a) => a.status_code)).toEqual([503, 503, 204]);
    await h.advance(4 * 86_400);
    expect(r.received).toHaveLength(3);
  });

  it('sends a retry where the subscription points when it is sent, not where it pointed when queued', async () => {
    const h = await harness();
    const old = await receiver();
    old.status = 503;
    const moved = await receiver();
    moved.status = 204;
    const webhookId = await h.subscribe(old.url, onlyCaptures);
    await captureOrder(h);
    await h.settle();
    expect(old.received).toHaveLength(1);
    const patched = await h.request('PATCH', `/v1/notifications/webhooks/${webhookId}`, {
      body: [{ op: 'replace', path: '/url', value: moved.url }],
    });
    expect(patched.status, patched.text).toBe(200);
    await h.advance(60);
    expect(moved.received).toHaveLength(1);
    expect(old.received).toHaveLength(1);
    const [delivered] = await deliveries(h);
    expect(delivered).toMatchObject({ status: 'DELIVERED', attempt_count: 2 });
  });

  it('records a refused connection and a receiver that never answers (timeout) as failed attempts', async () => {
    const h = await harness({ timeoutMs: 300 });
    const hanging = await receiver();
    hanging.hang = true;
    const deadUrl = `http://127.0.0.1:${await freePort()}/gone`;
    const dead = await h.subscribe(deadUrl, onlyCaptures);
    const slow = await h.subscribe(hanging.url, onlyCaptures);
    await captureOrder(h);
    await h.settle();
    const list = await deliveries(h);
    const refused = list.find((d) => d.webhook_id === dead);
    const timedOut = list.find((d) => d.webhook_id === slow);
    expect(refused?.attempts[0]).toMatchObject({ status_code: null, error: 'connection refused' });
    expect(timedOut?.attempts[0]).toMatchObject({ status_code: null, error: 'no answer within 300 ms' });
    expect(timedOut?.attempts[0]?.latency_ms).toBeGreaterThanOrEqual(290);
    expect(refused?.status).toBe('PENDING');
    expect(timedOut?.status).toBe('PENDING');
  });

  it('a slow receiver never slows the API: requests answer while deliveries wait', async () => {
    const h = await harness({ timeoutMs: 5_000 });
    const r = await receiver();
    let answer!: () => void;
    r.holdAnswers = new Promise<void>((resolve) => (answer = resolve));
    await h.subscribe(r.url);
    // The receiver answers nothing until the five order flows are done: had any flow waited for a delivery,
    // it would never have finished.
    for (let i = 0; i < 5; i++) await captureOrder(h, '12.00');
    expect(h.host.services.webhooks.worker.inFlightCount).toBeGreaterThan(0);
    expect((await deliveries(h)).some((d) => d.status === 'DELIVERED')).toBe(false);
    answer();
    await h.settle();
    expect(r.received).toHaveLength(15);
    expect((await deliveries(h)).every((d) => d.status === 'DELIVERED')).toBe(true);
  });

  it('resends an event to every matching subscription or to the given ones; a pending delivery is not duplicated', async () => {
    const h = await harness();
    const ok = await receiver();
    const failing = await receiver();
    failing.status = 500;
    const other = await receiver();
    const okId = await h.subscribe(ok.url, onlyCaptures);
    await h.subscribe(failing.url, onlyCaptures);
    const otherId = await h.subscribe(other.url, ['CHECKOUT.ORDER.APPROVED']);
    await captureOrder(h);
    await h.settle();
    const [event] = ok.ofType('PAYMENT.CAPTURE.COMPLETED');
    const eventId = event?.json.id as string;
    const resent = await h.request('POST', `/v1/notifications/webhooks-events/${eventId}/resend`, {
      body: {},
    });
    expect(resent.status, resent.text).toBe(202);
    expect(resent.body.id).toBe(eventId);
    await h.settle();
    expect(ok.ofType('PAYMENT.CAPTURE.COMPLETED')).toHaveLength(2);
    expect(failing.ofType('PAYMENT.CAPTURE.COMPLETED')).toHaveLength(1); // still pending its retries: not doubled
    const copies = ok.ofType('PAYMENT.CAPTURE.COMPLETED');
    expect(copies[1]?.body.equals(copies[0]?.body ?? Buffer.alloc(0))).toBe(true);
    expect(copies[1]?.headers['svc-transmission-id']).not.toBe(copies[0]?.headers['svc-transmission-id']);
    // To a given subscription, whatever it listens to.
    const targeted = await h.request('POST', `/v1/notifications/webhooks-events/${eventId}/resend`, {
      body: { webhook_ids: [otherId] },
    });
    expect(targeted.status).toBe(202);
    await h.settle();
    expect(other.ofType('PAYMENT.CAPTURE.COMPLETED')).toHaveLength(1);
    expect(ok.ofType('PAYMENT.CAPTURE.COMPLETED')).toHaveLength(2);
    expect(
      await verifyIndependently(other.ofType('PAYMENT.CAPTURE.COMPLETED')[0] ?? copies[0]!, otherId),
    ).toBe(true);
    expect((await deliveries(h, `&event_id=${eventId}&webhook_id=${okId}`)).map((d) => d.status)).toEqual([
      'DELIVERED',
      'DELIVERED',
    ]);
  });

  it('deleting a subscription cancels its pending retries (what was attempted stays on record)', async () => {
    const { h, r, webhookId: id } = await firstAttemptTo(500);
    expect((await h.request('DELETE', `/v1/notifications/webhooks/${id}`)).status).toBe(204);
    await h.advance(4 * 86_400);
    expect(r.received).toHaveLength(1);
    const [cancelled] = await deliveries(h);
    expect(cancelled).toMatchObject({ status: 'CANCELLED', attempt_count: 1, next_attempt_time: null });
    expect(cancelled?.attempts).toHaveLength(1);
  });

  it('tells host observers of every outbox change once it is committed, with the delivery status it left', async () => {
    const h = await harness();
    const r = await receiver();
    r.status = (n) => (n === 1 ? 500 : 200);
    await h.subscribe(r.url, onlyCaptures);
    const changes: WebhookOutboxChange[] = [];
    const storedWhenTold: (string | undefined)[] = [];
    h.host.deps.events.on('webhook-outbox-changed', (change) => {
      changes.push(change);
      if (change.delivery_id)
        storedWhenTold.push(h.host.services.webhooks.deliveries.get(change.delivery_id)?.status);
    });
    await captureOrder(h);
    await h.settle();
    const [event] = r.ofType('PAYMENT.CAPTURE.COMPLETED');
    const eventId = event?.json.id as string;
    const created = changes.filter((c) => c.change === 'event-created').map((c) => c.event_id);
    expect(created).toContain(eventId);
    expect(new Set(created).size).toBeGreaterThanOrEqual(3); // order approved and completed, capture completed
    const attempts = () => changes.filter((c) => c.change === 'delivery-attempted');
    expect(attempts()).toEqual([
      {
        change: 'delivery-attempted',
        event_id: eventId,
        delivery_id: expect.any(String),
        delivery_status: 'PENDING',
      },
    ]);
    await h.advance(60);
    await eventually(() => attempts().length === 2);
    expect(attempts().map((c) => c.delivery_status)).toEqual(['PENDING', 'DELIVERED']);

    await h.request('POST', `/v1/notifications/webhooks-events/${eventId}/resend`, { body: {} });
    await h.settle();
    expect(changes.filter((c) => c.change === 'event-queued')).toEqual([
      { change: 'event-queued', event_id: eventId, delivery_id: null, delivery_status: null },
    ]);
    expect(attempts().map((c) => c.delivery_status)).toEqual(['PENDING', 'DELIVERED', 'DELIVERED']);

    const failing = await receiver();
    failing.status = 500;
    const failingId = await h.subscribe(failing.url, onlyCaptures);
    await captureOrder(h);
    await h.settle();
    expect((await h.request('DELETE', `/v1/notifications/webhooks/${failingId}`)).status).toBe(204);
    expect(changes.at(-1)).toEqual({
      change: 'deliveries-cancelled',
      event_id: null,
      delivery_id: null,
      delivery_status: null,
    });
    // What observers hear is what the store holds.
    expect(storedWhenTold).toEqual(attempts().map((c) => c.delivery_status));
  });

  it('a sandbox reset drops events and deliveries but keeps subscriptions', async () => {
    const { h, r, webhookId: id } = await firstAttemptTo(500);
    expect((await h.request('POST', '/v1/test-helpers/reset', { body: {} })).status).toBe(204);
    expect(await deliveries(h)).toEqual([]);
    expect((await h.request('GET', '/v1/notifications/webhooks-events')).body.events).toEqual([]);
    expect((await h.request('GET', `/v1/notifications/webhooks/${id}`)).status).toBe(200);
    await h.advance(4 * 86_400);
    expect(r.received).toHaveLength(1);
  });
});

describe('deliveries survive a restart', () => {
  const dirs: string[] = [];
  const closers: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const close of closers.splice(0)) await close();
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('resumes retries after a restart in the middle, numbering on, and never resends after the 2xx', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'workbench-webhooks-'));
    dirs.push(dir);
    const r = await new Receiver().start();
    closers.push(() => r.stop());
    r.status = 500;

    const first = await startWebhookHarness({ dataDir: dir });
    const webhookId = await first.subscribe(r.url, onlyCaptures);
    await captureOrder(first);
    await first.settle();
    await first.advance(60); // attempt 2
    await first.advance(4 * 60); // attempt 3
    expect(r.received).toHaveLength(3);
    // An event written while nothing delivers (the worker stopped, as in a crash right after the
    // commit) is kept in the outbox and goes out after the restart.
    await first.host.services.webhooks.worker.stop();
    await captureOrder(first, '44.00');
    await first.close();
    expect(r.received).toHaveLength(3);
    const seenBeforeRestart = r.received.length;

    r.status = 200;
    const second = await startWebhookHarness({ dataDir: dir });
    closers.push(() => second.close());
    await second.settle();
    // Anything due was sent at start; the first delivery's 4th attempt waits for its time (15 minutes).
    await second.advance(15 * 60);
    const list = await deliveries(second);
    expect(list).toHaveLength(2);
    expect(list.every((d) => d.status === 'DELIVERED')).toBe(true);
    const resumed = list.find((d) => d.attempts.length >= 4);
    expect(resumed?.attempts.map((a) => a.number)).toEqual([1, 2, 3, 4]);
    expect(resumed?.attempts.map((a) => a.status_code)).toEqual([500, 500, 500, 200]);
    const received = r.received.length;
    expect(received).toBe(seenBeforeRestart + 2);
    expect(list.find((d) => d !== resumed)?.attempts.map((a) => a.status_code)).toEqual([200]);
    for (const message of r.received.slice(seenBeforeRestart))
      expect(await verifyIndependently(message, webhookId)).toBe(true);
    await second.close();
    closers.pop();

    // A third start: everything was delivered, nothing goes out again.
    const third = await startWebhookHarness({ dataDir: dir });
    closers.push(() => third.close());
    await third.settle();
    await third.advance(5 * 86_400);
    await eventually(() => third.host.services.webhooks.worker.inFlightCount === 0);
    expect(r.received).toHaveLength(received);
  });
});
