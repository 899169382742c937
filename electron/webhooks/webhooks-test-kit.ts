import { X509Certificate, verify as rsaVerify } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { crc32 } from 'node:zlib';
import { expect } from 'vitest';
import { simpleOrder, startHarness, type ApiHarness, type Reply } from '../test-support/api-harness.js';

/**
 * Shared pieces of the webhook tests: a host that really listens (deliveries need the cert URL), an
 * outside receiver that records raw requests, an independent signature check, and the error contract.
 * Test support only; no production code imports it.
 */

/** The members of an event envelope, in the order spec 6.3 shows them (and receivers may rely on). */
export const ENVELOPE_MEMBERS = [
  'id',
  'event_version',
  'create_time',
  'resource_type',
  'resource_version',
  'event_type',
  'summary',
  'resource',
  'links',
];

export interface WebhookHarness extends ApiHarness {
  baseUrl: string;
  /** Moves the simulated clock and waits until the deliveries that fell due are done. */
  advance(seconds: number): Promise<Reply>;
  /** Waits until no delivery is in flight or due. */
  settle(): Promise<void>;
  subscribe(url: string, eventTypes?: string[]): Promise<string>;
}

export async function startWebhookHarness(
  options: {
    dataDir?: string;
    persistent?: boolean;
    listener?: boolean;
    timeoutMs?: number;
    realNow?: () => number;
  } = {},
): Promise<WebhookHarness> {
  const harness = await startHarness({
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.persistent ? { persistent: true } : {}),
    ...(options.realNow ? { realNow: options.realNow } : {}),
    listener: options.listener ? { port: 0 } : false,
    webhooks: { delivery: { timeoutMs: options.timeoutMs ?? 2_000 } },
  });
  const baseUrl = await harness.host.listen('127.0.0.1', 0);
  const worker = harness.host.services.webhooks.worker;
  const settle = async () => {
    await worker.idle();
    await harness.host.services.webhooks.listener.settled();
  };
  return Object.assign(harness, {
    baseUrl,
    settle,
    async advance(seconds: number) {
      // Tokens expire on the simulated clock: a fresh one for every move keeps long runs authenticated.
      harness.token = await harness.newToken();
      const reply = await harness.request('POST', '/v1/test-helpers/clock', {
        body: { advance_seconds: seconds },
      });
      harness.token = await harness.newToken();
      expect(reply.status, reply.text).toBe(200);
      await settle();
      return reply;
    },
    async subscribe(url: string, eventTypes = ['*']) {
      const reply = await harness.request('POST', '/v1/notifications/webhooks', {
        body: { url, event_types: eventTypes.map((name) => ({ name })) },
      });
      expect(reply.status, reply.text).toBe(201);
      return reply.body.id as string;
    },
  });
}

/** One request as an outside receiver saw it. */
export interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
  // Events of any type are read field by field in the tests.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  json: any;
}

/** An outside webhook receiver: records every request byte for byte and answers as told. */
export class Receiver {
  readonly received: Received[] = [];
  /** Status to answer with; a function decides per request (1-based count). */
  status: number | ((n: number) => number) = 200;
  delayMs = 0;
  /** Never answer (the sender's timeout fires). */
  hang = false;
  private server: Server | undefined;
  url = '';

  async start(): Promise<this> {
    this.server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (c: Buffer) => chunks.push(c));
      request.on('end', () => {
        const body = Buffer.concat(chunks);
        let json: unknown;
        try {
          json = JSON.parse(body.toString('utf8'));
        } catch {
          json = undefined;
        }
        this.received.push({ path: request.url ?? '/', headers: request.headers, body, json });
        if (this.hang) return;
        const status = typeof this.status === 'function' ? this.status(this.received.length) : this.status;
        setTimeout(
          () => response.writeHead(status, { 'content-type': 'text/plain' }).end(`answer ${status}`),
          this.delayMs,
        );
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/hooks`;
    return this;
  }

  ofType(type: string): Received[] {
    return this.received.filter((r) => r.json?.event_type === type);
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

/**
 * Verifies a delivery the way an integrator would, with Node's crypto only (none of our signing
 * code): fetch the certificate from svc-cert-url, CRC32 the raw bytes, rebuild the signed string with
 * the webhook id we subscribed with, check the RSA-SHA256 signature.
 */
export async function verifyIndependently(
  received: Pick<Received, 'headers' | 'body'>,
  webhookId: string,
): Promise<boolean> {
  const header = (name: string) => String(received.headers[name] ?? '');
  const response = await fetch(header('svc-cert-url'));
  expect(response.status).toBe(200);
  const certificate = new X509Certificate(Buffer.from(await response.arrayBuffer()));
  expect(header('svc-auth-algo')).toBe('SHA256withRSA');
  const message = `${header('svc-transmission-id')}|${header('svc-transmission-time')}|${webhookId}|${crc32(received.body) >>> 0}`;
  return rsaVerify(
    'sha256',
    Buffer.from(message),
    certificate.publicKey,
    Buffer.from(header('svc-transmission-sig'), 'base64'),
  );
}

/** Creates an order, approves it as the sandbox buyer, captures it; returns the order and capture ids. */
export async function captureOrder(
  harness: ApiHarness,
  value = '30.00',
): Promise<{ orderId: string; captureId: string }> {
  const created = await harness.createOrder(simpleOrder('CAPTURE', value));
  expect(created.status, created.text).toBe(201);
  const orderId = created.body.id as string;
  const approved = await harness.request('POST', `/v1/test-helpers/checkout/orders/${orderId}/approve`, {
    body: {},
  });
  expect(approved.status, approved.text).toBe(200);
  const captured = await harness.request('POST', `/v2/checkout/orders/${orderId}/capture`, { body: {} });
  expect(captured.status, captured.text).toBe(201);
  return { orderId, captureId: captured.body.purchase_units[0].payments.captures[0].id as string };
}

/** An authorization of `value` USD through an approved AUTHORIZE order. */
export async function authorizeOrder(
  harness: ApiHarness,
  value = '100.00',
): Promise<{ orderId: string; authorizationId: string }> {
  const created = await harness.createOrder(simpleOrder('AUTHORIZE', value));
  const orderId = created.body.id as string;
  await harness.request('POST', `/v1/test-helpers/checkout/orders/${orderId}/approve`, { body: {} });
  const authorized = await harness.request('POST', `/v2/checkout/orders/${orderId}/authorize`, { body: {} });
  expect(authorized.status, authorized.text).toBe(201);
  return {
    orderId,
    authorizationId: authorized.body.purchase_units[0].payments.authorizations[0].id as string,
  };
}

/** Polls until `check` holds (real time), for things that settle asynchronously. */
export async function eventually(check: () => boolean | Promise<boolean>, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
