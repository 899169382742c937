import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startServe, stopProcess } from '../../scripts/serve-process.js';
import { eventually, Receiver, verifyIndependently } from './webhooks-test-kit.js';

interface Ready {
  base_url: string;
  listener_url: string;
}

/** Starts `serve` with its API and listener on ports the system chooses, and fixed credentials. */
const serve = (args: string[]) =>
  startServe<Ready>([
    '--port',
    '0',
    '--listener-port',
    '0',
    '--client-id',
    'cid',
    '--client-secret',
    'csecret',
    ...args,
  ]);

/** A client of one running sandbox, as a CI script would be. */
async function client(base: string) {
  const tokenReply = await fetch(`${base}/v1/oauth2/token`, {
    method: 'POST',
    headers: {
      authorization: 'Basic ' + Buffer.from('cid:csecret').toString('base64'),
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: 'grant_type=client_credentials',
  });
  let token = ((await tokenReply.json()) as { access_token: string }).access_token;
  const call = async (
    method: string,
    path: string,
    body?: unknown,
    raw?: string,
  ): Promise<{ status: number; body: any }> => {
    const response = await fetch(base + path, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body !== undefined || raw !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      ...(raw !== undefined ? { body: raw } : body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : undefined };
  };
  const refresh = async () => {
    const again = await fetch(`${base}/v1/oauth2/token`, {
      method: 'POST',
      headers: {
        authorization: 'Basic ' + Buffer.from('cid:csecret').toString('base64'),
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials',
    });
    token = ((await again.json()) as { access_token: string }).access_token;
  };
  return { call, refresh };
}

describe('webhooks against a real `serve` (the scripted check of the issue)', () => {
  const dirs: string[] = [];
  const children: ChildProcessWithoutNullStreams[] = [];
  const receivers: Receiver[] = [];
  afterEach(async () => {
    await Promise.all(children.splice(0).map((c) => stopProcess(c, 'SIGKILL')));
    await Promise.all(receivers.splice(0).map((r) => r.stop()));
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('delivers a verifiable capture event, retries on the clock, and loses nothing through a kill -9 mid-retries', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'workbench-serve-webhooks-'));
    dirs.push(dir);
    const receiver = await new Receiver().start();
    receivers.push(receiver);
    receiver.status = 500;

    const first = await serve(['--data-dir', dir]);
    children.push(first.child);
    expect(first.ready.listener_url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const api = await client(first.ready.base_url);
    const subscribed = await api.call('POST', '/v1/notifications/webhooks', {
      url: receiver.url,
      event_types: [{ name: 'PAYMENT.CAPTURE.COMPLETED' }],
    });
    expect(subscribed.status).toBe(201);
    const webhookId = subscribed.body.id as string;
    const order = await api.call('POST', '/v2/checkout/orders', {
      intent: 'CAPTURE',
      purchase_units: [{ amount: { currency_code: 'USD', value: '42.00' } }],
    });
    await api.call('POST', `/v1/test-helpers/checkout/orders/${order.body.id}/approve`, {});
    const captured = await api.call('POST', `/v2/checkout/orders/${order.body.id}/capture`, {});
    expect(captured.status).toBe(201);
    await eventually(() => receiver.received.length === 1, 20_000);
    const [delivery] = receiver.received;
    if (!delivery) throw new Error('no delivery');
    expect(delivery.json.event_type).toBe('PAYMENT.CAPTURE.COMPLETED');
    expect(delivery.json.resource.supplementary_data.related_ids.order_id).toBe(order.body.id);
    expect(await verifyIndependently(delivery, webhookId)).toBe(true);

    // The verify endpoint: SUCCESS for the genuine bytes, FAILURE for tampered ones.
    const h = (name: string) => JSON.stringify(String(delivery.headers[name]));
    const verifyBody = (event: string) =>
      `{"transmission_id":${h('svc-transmission-id')},"transmission_time":${h('svc-transmission-time')},"cert_url":${h('svc-cert-url')},"auth_algo":${h('svc-auth-algo')},"transmission_sig":${h('svc-transmission-sig')},"webhook_id":"${webhookId}","webhook_event":${event}}`;
    const raw = delivery.body.toString('utf8');
    expect(
      (await api.call('POST', '/v1/notifications/verify-webhook-signature', undefined, verifyBody(raw))).body,
    ).toEqual({ verification_status: 'SUCCESS' });
    expect(
      (
        await api.call(
          'POST',
          '/v1/notifications/verify-webhook-signature',
          undefined,
          verifyBody(raw.replace('42.00', '24.00')),
        )
      ).body,
    ).toEqual({ verification_status: 'FAILURE' });

    // Retries as the clock advances: 1 and 5 minutes.
    await api.call('POST', '/v1/test-helpers/clock', { advance_seconds: 61 });
    await eventually(() => receiver.received.length === 2, 20_000);
    await api.call('POST', '/v1/test-helpers/clock', { advance_seconds: 4 * 60 });
    await eventually(() => receiver.received.length === 3, 20_000);
    // The local listener got the same events through the sandbox's own * subscription, and verified them.
    await eventually(
      async () =>
        (await api.call('GET', '/v1/test-helpers/webhooks/listener/messages')).body.messages.length === 3,
      20_000,
    );
    const inbox = (await api.call('GET', '/v1/test-helpers/webhooks/listener/messages')).body.messages as {
      verdict: string;
    }[];
    await eventually(
      async () =>
        (
          (await api.call('GET', '/v1/test-helpers/webhooks/listener/messages')).body.messages as {
            verdict: string;
          }[]
        ).every((m) => m.verdict === 'SUCCESS'),
      20_000,
    );
    expect(inbox).toHaveLength(3);

    await stopProcess(first.child, 'SIGKILL');
    children.splice(children.indexOf(first.child), 1);
    receiver.status = 200;

    const second = await serve(['--data-dir', dir]);
    children.push(second.child);
    const again = await client(second.ready.base_url);
    await again.call('POST', '/v1/test-helpers/clock', { advance_seconds: 15 * 60 });
    await eventually(() => receiver.received.length === 4, 20_000);
    // The receiver sees the request before the sender has read the answer and recorded the attempt.
    const deliveriesOf = async () =>
      (await again.call('GET', `/v1/test-helpers/webhooks/deliveries?webhook_id=${webhookId}`)).body
        .deliveries as { status: string; attempt_count: number; attempts: { status_code: number }[] }[];
    await eventually(async () => (await deliveriesOf())[0]?.attempt_count === 4, 20_000);
    const deliveries = await deliveriesOf();
    expect(deliveries).toHaveLength(1);
    expect(deliveries[0]).toMatchObject({ status: 'DELIVERED', attempt_count: 4 });
    expect(deliveries[0]?.attempts.map((a) => a.status_code)).toEqual([500, 500, 500, 200]);
    const last = receiver.received[3];
    if (!last) throw new Error('no fourth attempt');
    expect(last.body.equals(delivery.body)).toBe(true);
    expect(await verifyIndependently(last, webhookId)).toBe(true);
    await again.call('POST', '/v1/test-helpers/clock', { advance_seconds: 4 * 86_400 });
    await again.refresh();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(receiver.received).toHaveLength(4);

    // The simulator signs with WEBHOOK_ID.
    const simulated = await again.call('POST', '/v1/notifications/simulate-event', {
      url: receiver.url,
      event_type: 'PAYMENT.CAPTURE.COMPLETED',
    });
    expect(simulated.status).toBe(202);
    await eventually(() => receiver.received.length === 5, 20_000);
    const mock = receiver.received[4];
    if (!mock) throw new Error('no mock');
    expect(await verifyIndependently(mock, 'WEBHOOK_ID')).toBe(true);
  }, 120_000);
});
