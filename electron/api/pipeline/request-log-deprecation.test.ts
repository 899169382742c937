import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startHarness, type ApiHarness } from '../../test-support/api-harness.js';

/** Spec 9.2: the request log marks each call of a deprecated operation with its replacement. */
describe('deprecated operations in the request log', () => {
  let api: ApiHarness;
  beforeEach(async () => {
    api = await startHarness();
  });
  afterEach(async () => api.close());

  const logged = () => {
    return api.host.api.requestLogger.search({ limit: 50 });
  };

  it('marks a deprecated operation (even when it fails) and nothing else, and answers as before', async () => {
    const v1 = await api.request('GET', '/v1/checkout/orders/O-AAAAAAAAAAAAAAAAA');
    expect(v1.status).toBe(404);
    expect(v1.headers.deprecation).toBeUndefined();
    const v2 = await api.request('GET', '/v2/checkout/orders/AAAAAAAAAAAAAAAAA');
    expect(v2.status).toBe(404);

    const entries = logged();
    const v1Entry = entries.find((e) => e.path.startsWith('/v1/checkout/orders/'));
    const v2Entry = entries.find((e) => e.path.startsWith('/v2/checkout/orders/'));
    expect(v1Entry?.deprecated).toEqual({ operation_id: 'orders-v1.get', replacement: 'Orders v2' });
    expect(v2Entry?.deprecated).toBeUndefined();
  });

  it('tells the live log (the request-logged event) too', async () => {
    const heard: unknown[] = [];
    api.host.deps.events.on('request-logged', (entry) => heard.push(entry));
    await api.request('DELETE', '/v1/checkout/orders/O-AAAAAAAAAAAAAAAAA');
    // The event comes from the log's thread once the entry is written.
    await vi.waitFor(() =>
      expect(heard).toContainEqual(
        expect.objectContaining({
          deprecated: { operation_id: 'orders-v1.delete', replacement: 'Orders v2' },
        }),
      ),
    );
  });
});
