import { afterEach, describe, expect, it } from 'vitest';
import { pathTemplate } from '../../../shared/api/endpoint.js';
import { ENDPOINTS, ISSUES } from '../../../shared/api/registry.js';
import { ERROR_NAMES } from '../../../shared/errors.js';
import { startHarness, type ApiHarness } from '../../test-support/api-harness.js';

/** The public documents read the registries: a new group's operations and issues appear in them at once. */
describe('public documents', () => {
  let api: ApiHarness | undefined;
  afterEach(async () => {
    await api?.close();
    api = undefined;
  });

  it('/openapi.json documents every endpoint of every group, and the token page', async () => {
    api = await startHarness();
    const reply = await api.request('GET', '/openapi.json', { token: null });
    expect(reply.status).toBe(200);
    expect(reply.body.openapi).toBe('3.1.0');
    const paths = reply.body.paths as Record<string, Record<string, { operationId: string }>>;
    for (const endpoint of ENDPOINTS) {
      const operation = paths[pathTemplate(endpoint.path)]?.[endpoint.method.toLowerCase()];
      expect(operation?.operationId, `${endpoint.method} ${endpoint.path}`).toBe(endpoint.operationId);
    }
    expect(paths['/v1/oauth2/token']?.post?.operationId).toBe('oauth2.token');
    // Links go to the host the caller used.
    expect(reply.body.servers[0].url).toMatch(/^http:\/\//);
  });

  it('/docs/errors lists every error name and every issue of every group, each with an anchor', async () => {
    api = await startHarness();
    const reply = await api.request('GET', '/docs/errors', { token: null });
    expect(reply.status).toBe(200);
    expect(reply.headers['content-type']).toMatch(/^text\/html/);
    for (const name of Object.keys(ERROR_NAMES)) expect(reply.text).toContain(`id="${name}"`);
    for (const issue of Object.keys(ISSUES)) expect(reply.text).toContain(`id="${issue}"`);
  });
});
