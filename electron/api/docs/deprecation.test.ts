import { afterEach, describe, expect, it } from 'vitest';
import { pathTemplate } from '../../../shared/api/endpoint.js';
import { ENDPOINTS } from '../../../shared/api/registry.js';
import { startHarness, type ApiHarness } from '../../test-support/api-harness.js';

type Operation = { deprecated?: boolean; description?: string };

/** Spec 9.2: /openapi.json marks every deprecated operation, and names what replaces it. */
describe('deprecation in /openapi.json', () => {
  let api: ApiHarness | undefined;
  afterEach(async () => {
    await api?.close();
    api = undefined;
  });

  it('marks exactly the deprecated endpoints of every group, with their replacement', async () => {
    api = await startHarness();
    const reply = await api.request('GET', '/openapi.json', { token: null });
    expect(reply.status).toBe(200);
    const paths = reply.body.paths as Record<string, Record<string, Operation>>;
    const operation = (method: string, path: string) => paths[pathTemplate(path)]?.[method.toLowerCase()];

    // Orders v1 is deprecated in favour of Orders v2; Orders v2 is not.
    expect(operation('POST', '/v1/checkout/orders')).toMatchObject({
      deprecated: true,
      description: expect.stringContaining('Orders v2'),
    });
    expect(operation('POST', '/v2/checkout/orders')?.deprecated).toBeUndefined();

    const deprecated = ENDPOINTS.filter((e) => e.deprecated);
    expect(deprecated.length).toBeGreaterThan(0);
    for (const endpoint of ENDPOINTS) {
      const documented = operation(endpoint.method, endpoint.path);
      const label = `${endpoint.method} ${endpoint.path}`;
      if (endpoint.deprecated) {
        expect(documented?.deprecated, label).toBe(true);
        expect(documented?.description, label).toContain(endpoint.deprecated.replacement);
      } else expect(documented?.deprecated, label).toBeUndefined();
    }
  });
});
