import { expect } from 'vitest';
import { ALL_SCOPES } from '../../shared/api/registry.js';
import { newAppId } from '../../shared/ids.js';
import { basic, type ApiHarness, type Reply } from './api-harness.js';

/**
 * What every group's tests share: reading links, moving the simulated clock, reading a resource that
 * must be there. Group kits add their own paths and bodies on top and never write these again.
 */

/** A JSON answer as tests read it (any shape). */
export type Json = Reply['body'];

export const CLOCK = '/v1/test-helpers/clock';

export { usd } from './fixtures.js';

/** The rels of a links array, in order. */
export const rels = (links: { rel: string }[] | undefined): string[] => (links ?? []).map((l) => l.rel);

/** The link of `rel`, failing the test when it is absent. */
export function linkOf(links: { rel: string; href: string; method?: string }[], rel: string) {
  const found = links.find((l) => l.rel === rel);
  expect(found, `link ${rel} in ${JSON.stringify(links)}`).toBeDefined();
  return found as { rel: string; href: string; method?: string };
}

/** The path and query of an absolute link (`http://host/x?y` -> `/x?y`), to request it again. */
export const pathOf = (href: string): string => {
  const url = new URL(href);
  return url.pathname + url.search;
};

/** The reply's body once its status is `status` (the reply's text explains a failure). */
export function expectStatus(reply: Reply, status: number): Json {
  expect(reply.status, reply.text).toBe(status);
  return reply.body;
}

/** A GET that must answer 200: its body. */
export async function getJson(api: ApiHarness, url: string): Promise<Json> {
  return expectStatus(await api.request('GET', url), 200);
}

/** Moves the simulated clock by whole seconds: every job that falls due runs within the move. */
export async function advance(api: ApiHarness, seconds: number): Promise<Json> {
  return expectStatus(await api.request('POST', CLOCK, { body: { advance_seconds: seconds } }), 200);
}

/**
 * A token of a second app of the same workspace: its own credentials, the sandbox app's merchant and
 * every scope; for checking that one app's calls see nothing of another's.
 */
export async function otherAppToken(api: ApiHarness, clientId = 'other-client'): Promise<string> {
  const clientSecret = `${clientId}-secret`;
  api.host.deps.store.transaction(() =>
    api.host.deps.store.apps.insert({
      ...api.host.sandboxApp,
      id: newAppId(),
      client_id: clientId,
      client_secret: clientSecret,
      name: 'Other app',
      scopes: [...ALL_SCOPES],
    }),
  );
  const reply = await api.request('POST', '/v1/oauth2/token', {
    token: null,
    headers: {
      authorization: basic(clientId, clientSecret),
      'content-type': 'application/x-www-form-urlencoded',
    },
    payload: 'grant_type=client_credentials',
  });
  expect(reply.status, reply.text).toBe(200);
  return reply.body.access_token as string;
}
