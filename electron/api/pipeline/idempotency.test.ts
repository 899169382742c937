import { afterEach, describe, expect, it } from 'vitest';
import {
  simpleOrder,
  startHarness,
  TEST_CLIENT_ID,
  type ApiHarness,
} from '../../test-support/api-harness.js';
import { expectError } from '../../test-support/expect-error.js';
import { authorizeOrder } from '../../webhooks/webhooks-test-kit.js';
import { IdempotencyGate } from './idempotency.js';

/** Every character percent-encoded: `AB` -> `%41%42`. */
const encodeAll = (text: string): string =>
  [...text].map((c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`).join('');

/**
 * A `Svc-Request-Id` is scoped to the app and the operation the router matched
 * with its canonical ids (not the URL text); a repeat of a finished request answers its result, however
 * many arrive at once; only a repeat while the first is still running gets 409.
 */
describe('idempotency by operation', () => {
  let h: ApiHarness;
  afterEach(async () => h?.close());

  /** Sends `count` requests at once through Fastify's inject (no awaiting in between). */
  const together = (count: number, send: () => ReturnType<ApiHarness['request']>) =>
    Promise.all(Array.from({ length: count }, send));

  it('one key through encoded spellings of the same path makes one order', async () => {
    h = await startHarness();
    const spellings = [
      '/v2/checkout/orders',
      '/v2/checkout/%6Frders',
      '/v2/%63heckout/orders',
      '/%762/checkout/orders',
      '/v2/checkout/orders/',
    ];
    const replies = [];
    for (const path of spellings) {
      replies.push(
        await h.request('POST', path, { body: simpleOrder(), headers: { 'svc-request-id': 'one-key' } }),
      );
    }
    const created = replies.filter((r) => r.status === 201 || r.status === 200);
    expect(replies[0]?.status, replies[0]?.text).toBe(201);
    expect(new Set(created.map((r) => r.body.id)).size).toBe(1);
    for (const reply of replies.slice(1)) expect([200, 404], reply.text).toContain(reply.status);
    expect(h.host.deps.store.resources.count('order')).toBe(1);
  });

  it('a percent-encoded authorization id is the same capture', async () => {
    h = await startHarness();
    const { authorizationId } = await authorizeOrder(h, '100.00');
    const capture = (id: string) =>
      h.request('POST', `/v2/payments/authorizations/${id}/capture`, {
        body: { amount: { currency_code: 'USD', value: '10.00' } },
        headers: { 'svc-request-id': 'capture-key' },
      });
    const first = await capture(authorizationId);
    expect(first.status, first.text).toBe(201);
    const encoded = await capture(encodeAll(authorizationId));
    expect(encoded.status, encoded.text).toBe(200);
    expect(encoded.body.id).toBe(first.body.id);
    expect(h.host.deps.store.resources.count('capture')).toBe(1);
  });

  it('the same key on two different operations runs both', async () => {
    h = await startHarness();
    const a = await authorizeOrder(h, '100.00');
    const b = await authorizeOrder(h, '100.00');
    for (const { authorizationId } of [a, b]) {
      const reply = await h.request('POST', `/v2/payments/authorizations/${authorizationId}/capture`, {
        body: { amount: { currency_code: 'USD', value: '10.00' } },
        headers: { 'svc-request-id': 'shared-key' },
      });
      expect(reply.status, reply.text).toBe(201);
    }
    expect(h.host.deps.store.resources.count('capture')).toBe(2);
  });

  it('50 concurrent repeats of a finished create all answer 200 with its result', async () => {
    h = await startHarness();
    const first = await h.createOrder(simpleOrder(), { 'svc-request-id': 'repeat-key' });
    expect(first.status, first.text).toBe(201);
    const repeats = await together(50, () =>
      h.request('POST', '/v2/checkout/orders', {
        body: simpleOrder(),
        headers: { 'svc-request-id': 'repeat-key' },
      }),
    );
    expect(repeats.map((r) => r.status)).toEqual(Array.from({ length: 50 }, () => 200));
    expect(new Set(repeats.map((r) => r.body.id))).toEqual(new Set([first.body.id]));
    expect(h.host.deps.store.resources.count('order')).toBe(1);
  });

  it('50 concurrent first calls with one key make one order; the others wait for it or get 409', async () => {
    h = await startHarness();
    const replies = await together(50, () =>
      h.request('POST', '/v2/checkout/orders', {
        body: simpleOrder(),
        headers: { 'svc-request-id': 'race-key' },
      }),
    );
    const statuses = replies.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    for (const reply of replies) {
      if (reply.status === 409) expectError(reply, 'RESOURCE_CONFLICT', 'REQUEST_IN_PROGRESS');
      else expect([200, 201]).toContain(reply.status);
    }
    expect(h.host.deps.store.resources.count('order')).toBe(1);
  });

  it('the gate: 409 only while the first is in flight; a finished key reserves nothing', async () => {
    h = await startHarness();
    const store = h.host.deps.store;
    const gate = new IdempotencyGate(store);
    const app = store.apps.byClientId(TEST_CLIENT_ID);
    if (!app) throw new Error('no sandbox app');
    const ctx = { app } as Parameters<IdempotencyGate['reserve']>[0];
    const operation = IdempotencyGate.operation('POST', '/v2/checkout/orders');
    const slot = gate.reserve(ctx, operation, 'k', 1_000);
    expect(slot).toBeDefined();
    expect(() => gate.reserve(ctx, operation, 'k', 1_000)).toThrowError(
      expect.objectContaining({ errorName: 'RESOURCE_CONFLICT' }),
    );
    // The first finishes: its record is saved, its reservation released.
    const order = store.resources.count('order');
    store.transaction(() =>
      store.idempotency.save({
        app_id: app.id,
        operation,
        key: 'k',
        status_code: 201,
        resource_kind: 'order',
        resource_id: 'X',
        created_at: 1_000,
        expires_at: 10_000,
      }),
    );
    gate.release(slot as string);
    for (let i = 0; i < 50; i++) expect(gate.reserve(ctx, operation, 'k', 2_000)).toBeUndefined();
    expect(store.resources.count('order')).toBe(order);
  });

  it('names an operation by route and decoded parameters in name order', () => {
    expect(IdempotencyGate.operation('POST', '/v2/checkout/orders')).toBe('POST /v2/checkout/orders');
    expect(IdempotencyGate.operation('POST', '/a/:y/b/:x', { y: 'Y 1', x: 'X' })).toBe(
      'POST /a/:y/b/:x {"x":"X","y":"Y 1"}',
    );
  });
});
