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

  it('serves each document with an ETag and answers a revalidation with 304 and no body', async () => {
    api = await startHarness();
    for (const path of ['/openapi.json', '/docs/errors']) {
      const first = await api.request('GET', path, { token: null });
      const etag = first.headers.etag;
      expect(etag, path).toMatch(/^"[A-Za-z0-9_-]+"$/);
      const again = await api.request('GET', path, { token: null });
      expect(again.headers.etag, path).toBe(etag);
      expect(again.text, path).toBe(first.text);
      const revalidated = await api.request('GET', path, {
        token: null,
        headers: { 'if-none-match': `W/"other", ${String(etag)}` },
      });
      expect(revalidated.status, path).toBe(304);
      expect(revalidated.text, path).toBe('');
      const stale = await api.request('GET', path, { token: null, headers: { 'if-none-match': '"other"' } });
      expect(stale.status, path).toBe(200);
    }
  });

  it('names the base URL the caller used in each OpenAPI document it renders', async () => {
    api = await startHarness();
    const a = await api.request('GET', '/openapi.json', { token: null, headers: { host: 'a.test:1' } });
    const b = await api.request('GET', '/openapi.json', { token: null, headers: { host: 'b.test:2' } });
    expect(a.body.servers[0].url).toBe('http://a.test:1');
    expect(b.body.servers[0].url).toBe('http://b.test:2');
    expect(a.headers.etag).not.toBe(b.headers.etag);
  });
});
