import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type ApiHarness } from '../../../test-support/api-harness.js';
import { IDENTITY_CONSENT_REVOKED } from './events.js';

/** What the registries make of the identity group: its event type, its documents and its forms. */
describe('identity in the catalog and the OpenAPI document', () => {
  let api: ApiHarness;
  beforeAll(async () => {
    api = await startHarness();
  });
  afterAll(async () => api.close());

  it('lists the consent-revoked event, which the simulator can send', async () => {
    const catalog = await api.request('GET', '/v1/notifications/webhooks-event-types');
    const names = (catalog.body.event_types as { name: string }[]).map((t) => t.name);
    expect(names).toContain(IDENTITY_CONSENT_REVOKED);
    const simulated = await api.request('POST', '/v1/notifications/simulate-event', {
      body: { url: 'https://listener.example/hooks', event_type: IDENTITY_CONSENT_REVOKED },
    });
    expect(simulated.status).toBe(202);
    expect(simulated.body.resource).toMatchObject({
      user_id: expect.any(String),
      client_id: expect.any(String),
    });
  });

  it('documents SCIM bodies as application/scim+json and each error form', async () => {
    const doc = (await api.request('GET', '/openapi.json', { token: null })).body;
    const create = doc.paths['/v2/scim/Users'].post;
    expect(Object.keys(create.requestBody.content)).toContain('application/scim+json');
    expect(create.responses['409'].$ref).toBe('#/components/responses/ScimError');
    const userinfo = doc.paths['/v1/identity/openidconnect/userinfo'].get;
    expect(userinfo.responses['401'].$ref).toBe('#/components/responses/IdentityError');
    expect(userinfo['x-required-scope']).toBe('openid');
  });
});
