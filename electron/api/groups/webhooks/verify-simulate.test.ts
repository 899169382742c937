import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../../../test-support/expect-error.js';
import {
  captureOrder,
  Receiver,
  startWebhookHarness,
  verifyIndependently,
  type Received,
  type WebhookHarness,
} from '../../../webhooks/webhooks-test-kit.js';

const VERIFY = '/v1/notifications/verify-webhook-signature';
const SIMULATE = '/v1/notifications/simulate-event';

/** The verify request as an integrator builds it: header values plus the raw body pasted in verbatim. */
function verifyPayload(
  message: Pick<Received, 'headers'>,
  webhookId: string,
  rawEvent: string,
  overrides: Record<string, string> = {},
): string {
  const h = (name: string) => String(message.headers[name] ?? '');
  const fields = {
    transmission_id: h('svc-transmission-id'),
    transmission_time: h('svc-transmission-time'),
    cert_url: h('svc-cert-url'),
    auth_algo: h('svc-auth-algo'),
    transmission_sig: h('svc-transmission-sig'),
    webhook_id: webhookId,
    ...overrides,
  };
  const head = Object.entries(fields)
    .map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v)}`)
    .join(',');
  return `{${head},"webhook_event":${rawEvent}}`;
}

describe('verify-webhook-signature (spec 4.12, 6.7) and the simulator (spec 6.8)', () => {
  let h: WebhookHarness;
  let r: Receiver;
  let webhookId: string;
  let otherWebhookId: string;
  let message: Received;
  let raw: string;
  const verify = (payload: string) =>
    h.request('POST', VERIFY, { payload, headers: { 'content-type': 'application/json' } });

  beforeAll(async () => {
    h = await startWebhookHarness();
    r = await new Receiver().start();
    webhookId = await h.subscribe(r.url, ['PAYMENT.CAPTURE.COMPLETED']);
    otherWebhookId = await h.subscribe('https://example.com/other', ['CHECKOUT.ORDER.APPROVED']);
    await captureOrder(h, '30.00');
    await h.settle();
    const [captured] = r.ofType('PAYMENT.CAPTURE.COMPLETED');
    if (!captured) throw new Error('no delivery');
    message = captured;
    raw = message.body.toString('utf8');
  });
  afterAll(async () => {
    await h.close();
    await r.stop();
  });

  it('says SUCCESS for the event exactly as received', async () => {
    const reply = await verify(verifyPayload(message, webhookId, raw));
    expect(reply.status, reply.text).toBe(200);
    expect(reply.body).toEqual({ verification_status: 'SUCCESS' });
    // Whitespace outside webhook_event does not matter; a JavaScript round trip of our compact JSON is byte-identical.
    expect(
      (await verify(`\n  ${verifyPayload(message, webhookId, raw).replace('{', '{ ')}  \n`)).body
        .verification_status,
    ).toBe('SUCCESS');
    expect(
      (await verify(verifyPayload(message, webhookId, JSON.stringify(JSON.parse(raw))))).body
        .verification_status,
    ).toBe('SUCCESS');
  });

  it.each([
    [
      'a changed amount in the body',
      (p: { raw: string }) => ({ raw: p.raw.replace('"value":"30.00"', '"value":"31.00"') }),
    ],
    [
      'a re-serialized body (other whitespace)',
      (p: { raw: string }) => ({ raw: JSON.stringify(JSON.parse(p.raw), null, 2) }),
    ],
    [
      're-ordered members',
      (p: { raw: string }) => ({
        raw: JSON.stringify(Object.fromEntries(Object.entries(JSON.parse(p.raw) as object).reverse())),
      }),
    ],
    [
      'a flipped signature byte',
      () => ({ overrides: { transmission_sig: flip(String(message.headers['svc-transmission-sig'])) } }),
    ],
    [
      'another transmission id',
      () => ({ overrides: { transmission_id: '00000000-0000-4000-8000-000000000000' } }),
    ],
    ['another transmission time', () => ({ overrides: { transmission_time: '2020-01-01T00:00:00Z' } })],
    ['another webhook id of the app', () => ({ webhook: otherWebhookId })],
    ['another algorithm', () => ({ overrides: { auth_algo: 'SHA1withRSA' } })],
    [
      'a certificate that is not ours',
      () => ({
        overrides: { cert_url: 'https://example.com/v1/notifications/certs/CERT-deadbeef-deadbeef-deadbeef' },
      }),
    ],
    ['a signature that is not Base64', () => ({ overrides: { transmission_sig: 'not*base64' } })],
  ] as [
    string,
    (p: { raw: string }) => { raw?: string; overrides?: Record<string, string>; webhook?: string },
  ][])('says FAILURE for %s', async (_label, change) => {
    const changed = change({ raw });
    const reply = await verify(
      verifyPayload(message, changed.webhook ?? webhookId, changed.raw ?? raw, changed.overrides),
    );
    expect(reply.status, reply.text).toBe(200);
    expect(reply.body).toEqual({ verification_status: 'FAILURE' });
  });

  it('accepts its certificate reached under another host name', async () => {
    const certUrl = String(message.headers['svc-cert-url']).replace('127.0.0.1', 'localhost');
    expect(
      (await verify(verifyPayload(message, webhookId, raw, { cert_url: certUrl }))).body.verification_status,
    ).toBe('SUCCESS');
  });

  it('answers bad requests with clear errors, and refuses mock events', async () => {
    expectError(await verify(verifyPayload(message, 'WEBHOOK_ID', raw)), 'UNPROCESSABLE_ENTITY', {
      issue: 'MOCK_EVENT_NOT_VERIFIABLE',
      field: '/webhook_id',
    });
    expectError(await verify(verifyPayload(message, 'NOSUCHWEBHOOK', raw)), 'INVALID_REQUEST', {
      issue: 'INVALID_RESOURCE_ID',
      field: '/webhook_id',
    });
    expectError(await verify(verifyPayload(message, 'bad id', raw)), 'INVALID_REQUEST', {
      issue: 'INVALID_PARAMETER_SYNTAX',
      field: '/webhook_id',
    });
    expectError(await verify(verifyPayload(message, webhookId, '"a string"')), 'INVALID_REQUEST', {
      issue: 'INVALID_PARAMETER_VALUE',
      field: '/webhook_event',
    });
    expectError(
      await verify(verifyPayload(message, webhookId, raw).replace(',"webhook_event"', ',"other"')),
      'INVALID_REQUEST',
      { issue: 'MISSING_REQUIRED_PARAMETER', field: '/webhook_event' },
    );
    expectError(
      await verify(`${verifyPayload(message, webhookId, raw)},`),
      'INVALID_REQUEST',
      'MALFORMED_REQUEST_JSON',
    );
    const noSig = JSON.parse(verifyPayload(message, webhookId, raw)) as Record<string, unknown>;
    delete noSig.transmission_sig;
    expectError(await verify(JSON.stringify(noSig)), 'INVALID_REQUEST', {
      issue: 'MISSING_REQUIRED_PARAMETER',
      field: '/transmission_sig',
    });

    const simulated = await h.request('POST', SIMULATE, {
      body: { url: r.url, event_type: 'PAYMENT.CAPTURE.COMPLETED' },
    });
    await h.settle();
    const mock = r.received.find((m) => m.json.id === simulated.body.id);
    if (!mock) throw new Error('mock event not received');
    expectError(
      await verify(verifyPayload(mock, webhookId, mock.body.toString('utf8'))),
      'UNPROCESSABLE_ENTITY',
      { issue: 'MOCK_EVENT_NOT_VERIFIABLE', field: '/webhook_event/id' },
    );
  });

  it('simulates every catalog type as a realistic mock event signed with WEBHOOK_ID, tried once, outside the events API', async () => {
    const catalog = (await h.request('GET', '/v1/notifications/webhooks-event-types')).body.event_types as {
      name: string;
      resource_type: string;
      resource_versions: string[];
    }[];
    for (const type of catalog) {
      // v1 APIs (payouts) emit 1.0 resources, v2 APIs 2.0: each type in its own default version.
      const version = type.resource_versions[0];
      const reply = await h.request('POST', SIMULATE, {
        body: { url: r.url, event_type: type.name, resource_version: version },
      });
      expect(reply.status, reply.text).toBe(202);
      expect(reply.body).toMatchObject({
        event_type: type.name,
        resource_type: type.resource_type,
        resource_version: version,
        event_version: '1.0',
      });
      expectError(
        await h.request('GET', `/v1/notifications/webhooks-events/${reply.body.id}`),
        'RESOURCE_NOT_FOUND',
      );
    }
    await h.settle();
    for (const type of catalog) {
      const [mock] = r.received
        .filter((m) => m.json.event_type === type.name && m.json.id !== message.json.id)
        .slice(-1);
      if (!mock) throw new Error(`no mock ${type.name}`);
      expect(await verifyIndependently(mock, 'WEBHOOK_ID')).toBe(true);
      expect(await verifyIndependently(mock, webhookId)).toBe(false);
    }
    const capture = r.received.filter((m) => m.json.event_type === 'PAYMENT.CAPTURE.COMPLETED').at(-1)?.json;
    expect(capture.resource).toMatchObject({
      status: 'COMPLETED',
      amount: { currency_code: 'USD', value: '30.00' },
      seller_receivable_breakdown: {
        gross_amount: { value: '30.00' },
        svc_fee: { value: '1.54' },
        net_amount: { value: '28.46' },
      },
      supplementary_data: { related_ids: { order_id: expect.stringMatching(/^[A-Z0-9]{17}$/) } },
    });
    expect(capture.resource.links.map((l: { rel: string }) => l.rel)).toEqual(['self', 'refund', 'up']);
    const events = (await h.request('GET', '/v1/notifications/webhooks-events?page_size=300')).body
      .events as { id: string }[];
    expect(events.some((e) => e.id === capture.id)).toBe(false);
  });

  it('sends to a subscription by webhook_id, and tries a mock event only once', async () => {
    const failing = await new Receiver().start();
    failing.status = 500;
    try {
      const id = await h.subscribe(failing.url, ['PAYMENT.CAPTURE.REFUNDED']);
      const reply = await h.request('POST', SIMULATE, {
        body: { webhook_id: id, event_type: 'CHECKOUT.ORDER.APPROVED' },
      });
      expect(reply.status).toBe(202);
      await h.settle();
      await h.advance(4 * 86_400);
      expect(failing.received).toHaveLength(1);
      expect(failing.received[0]?.json.id).toBe(reply.body.id);
      const deliveries = (
        await h.request('GET', `/v1/test-helpers/webhooks/deliveries?event_id=${reply.body.id}`)
      ).body.deliveries;
      expect(deliveries).toEqual([
        expect.objectContaining({
          webhook_id: 'WEBHOOK_ID',
          mock: true,
          status: 'FAILED',
          attempt_count: 1,
          max_attempts: 1,
        }),
      ]);
    } finally {
      await failing.stop();
    }
  });

  it.each([
    [
      'an unknown type',
      { url: 'https://example.com/x', event_type: 'NO.SUCH.TYPE' },
      'EVENT_TYPE_NOT_SUPPORTED',
      '/event_type',
    ],
    [
      'a version the type does not have',
      { url: 'https://example.com/x', event_type: 'PAYMENT.CAPTURE.COMPLETED', resource_version: '1.0' },
      'RESOURCE_VERSION_NOT_SUPPORTED',
      '/resource_version',
    ],
    [
      'a malformed version',
      { url: 'https://example.com/x', event_type: 'PAYMENT.CAPTURE.COMPLETED', resource_version: 'two' },
      'INVALID_PARAMETER_SYNTAX',
      '/resource_version',
    ],
    [
      'both url and webhook_id',
      { url: 'https://example.com/x', webhook_id: 'ABC', event_type: 'PAYMENT.CAPTURE.COMPLETED' },
      'WEBHOOK_TARGET_REQUIRED',
      '/',
    ],
    [
      'neither url nor webhook_id',
      { event_type: 'PAYMENT.CAPTURE.COMPLETED' },
      'WEBHOOK_TARGET_REQUIRED',
      '/',
    ],
    [
      'an unknown webhook_id',
      { webhook_id: 'NOSUCHWEBHOOK', event_type: 'PAYMENT.CAPTURE.COMPLETED' },
      'INVALID_RESOURCE_ID',
      '/webhook_id',
    ],
    [
      'a URL that is not http(s)',
      { url: 'file:///etc/passwd', event_type: 'PAYMENT.CAPTURE.COMPLETED' },
      'WEBHOOK_URL_NOT_SUPPORTED',
      '/url',
    ],
    ['no event type', { url: 'https://example.com/x' }, 'MISSING_REQUIRED_PARAMETER', '/event_type'],
  ])('simulate refuses %s with a clear 400', async (_label, body, issue, field) => {
    expectError(await h.request('POST', SIMULATE, { body }), 'INVALID_REQUEST', {
      issue: issue as never,
      field,
    });
  });
});

function flip(base64: string): string {
  const bytes = Buffer.from(base64, 'base64');
  bytes[0] = (bytes[0] ?? 0) ^ 0x01;
  return bytes.toString('base64');
}
