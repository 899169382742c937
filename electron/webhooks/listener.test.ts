import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ListenerMessage } from '../../shared/webhooks/listener.js';
import { expectError } from '../test-support/expect-error.js';
import { captureOrder, eventually, startWebhookHarness, type WebhookHarness } from './webhooks-test-kit.js';

const LISTENER = '/v1/test-helpers/webhooks/listener';

async function messages(
  h: WebhookHarness,
): Promise<
  { id: string; event_type: string | null; verdict: string; answered_status: number; mock: boolean }[]
> {
  return (await h.request('GET', `${LISTENER}/messages`)).body.messages;
}

async function message(h: WebhookHarness, id: string): Promise<ListenerMessage> {
  const reply = await h.request('GET', `${LISTENER}/messages/${id}`);
  expect(reply.status, reply.text).toBe(200);
  return reply.body;
}

/** POSTs raw bytes with the given headers straight to the listener (as a forger would). */
async function post(url: string, body: string, headers: Record<string, string>): Promise<number> {
  const response = await fetch(url, { method: 'POST', body, headers });
  await response.text();
  return response.status;
}

describe('the local listener (spec 6.6)', () => {
  const cleanup: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const step of cleanup.splice(0).reverse()) await step();
  });
  const harness = async (options: Parameters<typeof startWebhookHarness>[0] = {}) => {
    const h = await startWebhookHarness({ listener: true, ...options });
    cleanup.push(() => h.close());
    return h;
  };

  it('is subscribed to * on first start, receives every event, keeps raw bytes and headers, and verifies each step', async () => {
    const h = await harness();
    const state = (await h.request('GET', LISTENER)).body;
    expect(state).toMatchObject({
      running: true,
      url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/),
      status: 200,
      delay_ms: 0,
      webhook_id: null,
      received: 0,
    });
    const hooks = (await h.request('GET', '/v1/notifications/webhooks')).body.webhooks;
    expect(hooks).toEqual([
      expect.objectContaining({
        id: state.subscription_id,
        url: `${state.url}/webhooks`,
        event_types: [{ name: '*', description: 'ALL', status: 'ENABLED' }],
      }),
    ]);
    const received: string[] = [];
    const answers: { status: number; mock: boolean }[] = [];
    h.host.deps.events.on('webhook-received', (e) => {
      received.push(e.event_type);
      answers.push({ status: e.answered_status, mock: e.mock });
    });

    await captureOrder(h);
    await h.settle();
    const list = await messages(h);
    expect(list.map((m) => m.event_type)).toEqual([
      'CHECKOUT.ORDER.COMPLETED',
      'PAYMENT.CAPTURE.COMPLETED',
      'CHECKOUT.ORDER.APPROVED',
    ]);
    expect(list.every((m) => m.verdict === 'SUCCESS' && m.answered_status === 200)).toBe(true);
    expect(received.sort()).toEqual([
      'CHECKOUT.ORDER.APPROVED',
      'CHECKOUT.ORDER.COMPLETED',
      'PAYMENT.CAPTURE.COMPLETED',
    ]);
    // The UI's notification says what the listener answered; events the API emitted are not mock events.
    expect(answers).toEqual(Array(3).fill({ status: 200, mock: false }));
    expect(list.every((m) => !m.mock)).toBe(true);

    const detail = await message(h, list[1]?.id ?? '');
    const stored = h.host.services.webhooks.events.get(detail.event_id ?? '');
    expect(detail.raw_body).toBe(stored?.body);
    expect(Buffer.from(detail.raw_body_base64, 'base64').toString('utf8')).toBe(stored?.body);
    expect(detail.json).toEqual(JSON.parse(stored?.body ?? '{}'));
    expect(detail.path).toBe('/webhooks');
    const headerNames = detail.headers.map(([name]) => name.toLowerCase());
    for (const name of [
      'svc-transmission-id',
      'svc-transmission-time',
      'svc-cert-url',
      'svc-auth-algo',
      'svc-transmission-sig',
    ])
      expect(headerNames).toContain(name);
    expect(detail.verification.verdict).toBe('SUCCESS');
    expect(detail.verification.webhook_id).toBe(state.subscription_id);
    expect(detail.verification.webhook_id_source).toBe('subscription');
    expect(detail.verification.certificate_fingerprint).toBe(
      h.host.services.webhooks.certificates.identity().fingerprint256,
    );
    expect(detail.verification.steps.map((s) => s.step)).toEqual([
      'headers',
      'crc32',
      'certificate',
      'webhook_id',
      'signed_string',
      'signature',
    ]);
    expect(detail.verification.steps.every((s) => s.ok)).toBe(true);
    const header = (name: string) => detail.headers.find(([n]) => n.toLowerCase() === name)?.[1] ?? '';
    const crc = detail.verification.steps.find((s) => s.step === 'crc32')?.value;
    expect(detail.verification.steps.find((s) => s.step === 'signed_string')?.value).toBe(
      `${header('svc-transmission-id')}|${header('svc-transmission-time')}|${state.subscription_id}|${crc}`,
    );
    // The certificate was fetched once and then served from the cache.
    const certSteps = await Promise.all(
      list.map(
        async (m) =>
          (await message(h, m.id)).verification.steps.find((s) => s.step === 'certificate')?.detail ?? '',
      ),
    );
    expect(certSteps.filter((d) => d.startsWith('fetched'))).toHaveLength(1);
    expect(certSteps.filter((d) => d.startsWith('from the cache'))).toHaveLength(2);
  });

  it('says FAILURE for a tampered body, a tampered signature and missing headers, and shows which step failed', async () => {
    const h = await harness();
    await captureOrder(h);
    await h.settle();
    const [latest] = await messages(h);
    const genuine = await message(h, latest?.id ?? '');
    const headers = Object.fromEntries(
      genuine.headers.filter(
        ([n]) => n.toLowerCase().startsWith('svc-') || n.toLowerCase() === 'content-type',
      ),
    );
    const url = `${h.host.listenerUrl()}/webhooks`;
    expect(await post(url, genuine.raw_body.replace('"COMPLETED"', '"VOIDED"'), headers)).toBe(200);
    const sig = Buffer.from(headers['svc-transmission-sig'] ?? '', 'base64');
    sig[5] = (sig[5] ?? 0) ^ 0xff;
    expect(
      await post(url, genuine.raw_body, { ...headers, 'svc-transmission-sig': sig.toString('base64') }),
    ).toBe(200);
    const { 'svc-cert-url': _dropped, ...withoutCert } = headers;
    expect(await post(url, genuine.raw_body, withoutCert)).toBe(200);
    await h.host.services.webhooks.listener.settled();
    const [missing, badSig, badBody] = (await messages(h)).slice(0, 3);
    const body = await message(h, badBody?.id ?? '');
    expect(body.verification.verdict).toBe('FAILURE');
    expect(body.verification.steps.find((s) => s.step === 'crc32')?.value).not.toBe(
      genuine.verification.steps.find((s) => s.step === 'crc32')?.value,
    );
    expect(body.verification.steps.find((s) => s.step === 'signature')).toMatchObject({ ok: false });
    const signature = await message(h, badSig?.id ?? '');
    expect(signature.verification.verdict).toBe('FAILURE');
    expect(signature.verification.steps.find((s) => s.step === 'crc32')?.value).toBe(
      genuine.verification.steps.find((s) => s.step === 'crc32')?.value,
    );
    expect(signature.verification.steps.find((s) => s.step === 'signature')).toMatchObject({ ok: false });
    const noCert = await message(h, missing?.id ?? '');
    expect(noCert.verification.verdict).toBe('FAILURE');
    expect(noCert.verification.steps[0]).toMatchObject({
      step: 'headers',
      ok: false,
      detail: 'missing: svc-cert-url',
    });
  });

  it('verifies mock events with WEBHOOK_ID, and events from elsewhere with a webhook id the user configures', async () => {
    const h = await harness();
    const url = `${h.host.listenerUrl()}/webhooks`;
    await h.request('POST', '/v1/notifications/simulate-event', {
      body: { url, event_type: 'PAYMENT.AUTHORIZATION.VOIDED' },
    });
    await h.settle();
    const [mock] = await messages(h);
    expect((await message(h, mock?.id ?? '')).verification).toMatchObject({
      verdict: 'SUCCESS',
      webhook_id: 'WEBHOOK_ID',
      webhook_id_source: 'mock',
    });
    // The inbox marks it as a mock event.
    expect(mock?.mock).toBe(true);

    // Another sandbox (its own app, certificate and webhook ids) delivers to this listener.
    const elsewhere = await startWebhookHarness();
    cleanup.push(() => elsewhere.close());
    const foreignId = await elsewhere.subscribe(`${h.host.listenerUrl()}/from-elsewhere`, [
      'PAYMENT.CAPTURE.COMPLETED',
    ]);
    await captureOrder(elsewhere);
    await elsewhere.settle();
    await h.settle();
    const [unknown] = await messages(h);
    const unverified = await message(h, unknown?.id ?? '');
    expect(unverified.path).toBe('/from-elsewhere');
    // No subscription of this sandbox points there: only the mock id is left to try, and it fails.
    expect(unverified.verification).toMatchObject({
      verdict: 'FAILURE',
      webhook_id: 'WEBHOOK_ID',
      webhook_id_source: 'mock',
    });

    const configured = await h.request('PUT', LISTENER, { body: { webhook_id: foreignId } });
    expect(configured.body.webhook_id).toBe(foreignId);
    const resent = await elsewhere.request(
      'POST',
      `/v1/notifications/webhooks-events/${unverified.event_id}/resend`,
      { body: {} },
    );
    expect(resent.status).toBe(202);
    await elsewhere.settle();
    await h.settle();
    const [known] = await messages(h);
    const verified = await message(h, known?.id ?? '');
    expect(verified.event_id).toBe(unverified.event_id);
    expect(verified.verification).toMatchObject({
      verdict: 'SUCCESS',
      webhook_id: foreignId,
      webhook_id_source: 'configured',
    });
    expect(verified.verification.certificate_fingerprint).toBe(
      elsewhere.host.services.webhooks.certificates.identity().fingerprint256,
    );

    await h.request('PUT', LISTENER, { body: { webhook_id: null } });
    expect((await h.request('GET', LISTENER)).body.webhook_id).toBeNull();
  });

  it('answers with the status and after the delay the user sets, which drives retries', async () => {
    const h = await harness({ timeoutMs: 400 });
    const set = await h.request('PUT', LISTENER, { body: { status: 503 } });
    expect(set.body).toMatchObject({ status: 503, delay_ms: 0 });
    await captureOrder(h);
    await h.settle();
    const pending = (await h.request('GET', '/v1/test-helpers/webhooks/deliveries')).body.deliveries as {
      status: string;
      attempts: { status_code: number }[];
    }[];
    expect(pending.every((d) => d.status === 'PENDING' && d.attempts[0]?.status_code === 503)).toBe(true);
    expect((await messages(h)).every((m) => m.answered_status === 503 && m.verdict === 'SUCCESS')).toBe(true);

    await h.request('PUT', LISTENER, { body: { status: 200, delay_ms: 1_000 } });
    await h.advance(61);
    const timedOut = (await h.request('GET', '/v1/test-helpers/webhooks/deliveries')).body.deliveries as {
      attempts: { error: string | null }[];
    }[];
    expect(timedOut.every((d) => d.attempts[1]?.error === 'no answer within 400 ms')).toBe(true);

    await h.request('PUT', LISTENER, { body: { delay_ms: 0 } });
    await h.advance(5 * 60);
    const delivered = (await h.request('GET', '/v1/test-helpers/webhooks/deliveries')).body.deliveries as {
      status: string;
      attempt_count: number;
    }[];
    expect(delivered.every((d) => d.status === 'DELIVERED' && d.attempt_count === 3)).toBe(true);
    await eventually(async () => (await h.request('GET', LISTENER)).body.received === 9);
  });

  it('validates its settings, answers GET / and refuses other methods; the inbox can be emptied', async () => {
    const h = await harness();
    expectError(await h.request('PUT', LISTENER, { body: { status: 99 } }), 'INVALID_REQUEST', {
      issue: 'INVALID_INTEGER_MIN_VALUE',
      field: '/status',
    });
    expectError(await h.request('PUT', LISTENER, { body: { delay_ms: -1 } }), 'INVALID_REQUEST', {
      issue: 'INVALID_INTEGER_MIN_VALUE',
      field: '/delay_ms',
    });
    expectError(await h.request('PUT', LISTENER, { body: { status: '200' } }), 'INVALID_REQUEST', {
      issue: 'INVALID_PARAMETER_VALUE',
      field: '/status',
    });
    expectError(await h.request('GET', `${LISTENER}/messages/NOPE`), 'RESOURCE_NOT_FOUND');
    const base = h.host.listenerUrl() ?? '';
    expect((await fetch(base)).status).toBe(200);
    expect((await fetch(`${base}/webhooks`, { method: 'PUT', body: '{}' })).status).toBe(405);
    expect(await post(`${base}/anything`, 'not json', { 'content-type': 'text/plain' })).toBe(200);
    await h.host.services.webhooks.listener.settled();
    const [junk] = await messages(h);
    expect(junk).toMatchObject({ event_type: null, verdict: 'FAILURE' });
    expect((await message(h, junk?.id ?? '')).verification.steps[0]).toMatchObject({
      step: 'headers',
      ok: false,
    });
    expect((await h.request('DELETE', `${LISTENER}/messages`)).status).toBe(204);
    expect(await messages(h)).toEqual([]);
  });
});

describe('the listener subscription across restarts', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('follows the listener to a new port, and is not made again once the user deleted it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'workbench-listener-'));
    dirs.push(dir);
    const first = await startWebhookHarness({ dataDir: dir, listener: true });
    const [made] = (await first.request('GET', '/v1/notifications/webhooks')).body.webhooks;
    await first.close();

    const second = await startWebhookHarness({ dataDir: dir, listener: true });
    const hooks = (await second.request('GET', '/v1/notifications/webhooks')).body.webhooks;
    expect(hooks).toHaveLength(1);
    expect(hooks[0].id).toBe(made.id);
    expect(hooks[0].url).toBe(`${second.host.listenerUrl()}/webhooks`);
    expect((await second.request('DELETE', `/v1/notifications/webhooks/${made.id}`)).status).toBe(204);
    await second.close();

    const third = await startWebhookHarness({ dataDir: dir, listener: true });
    expect((await third.request('GET', '/v1/notifications/webhooks')).body.webhooks).toEqual([]);
    expect((await third.request('GET', LISTENER)).body.subscription_id).toBeNull();
    await third.close();
  });
});
