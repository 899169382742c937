import { newAppId, newClientId, newClientSecret } from '../../shared/ids.js';
import { ALL_SCOPES } from '../../shared/api/registry.js';
import type { App } from '../store/repositories/apps-repo.js';
import type { Store } from '../store/store.js';
import { SEED_MERCHANT } from '../store/seed.js';

export const SANDBOX_APP_NAME = 'Sandbox app';

export interface SandboxCredentials {
  clientId?: string | undefined;
  clientSecret?: string | undefined;
}

/**
 * The REST app of the sandbox. Credentials given on the command line (or in SVC_CLIENT_ID /
 * SVC_CLIENT_SECRET) win; otherwise they are generated once per data dir and kept there.
 */
export function ensureSandboxApp(
  store: Store,
  given: SandboxCredentials,
  now: string,
): { app: App; generated: boolean } {
  return store.transaction(() => {
    const existing = store.apps.byName(SANDBOX_APP_NAME);
    if (existing) {
      // A workspace made by an older version gets the scopes of API groups added since.
      const missingScope = ALL_SCOPES.some((scope) => !existing.scopes.includes(scope));
      if (missingScope) store.apps.updateScopes(existing.id, ALL_SCOPES);
      const app = { ...existing, scopes: missingScope ? [...ALL_SCOPES] : existing.scopes };
      if (
        given.clientId &&
        given.clientSecret &&
        (existing.client_id !== given.clientId || existing.client_secret !== given.clientSecret)
      ) {
        store.apps.updateCredentials(existing.id, given.clientId, given.clientSecret);
        return {
          app: { ...app, client_id: given.clientId, client_secret: given.clientSecret },
          generated: false,
        };
      }
      return { app, generated: false };
    }
    const app: App = {
      id: newAppId(),
      client_id: given.clientId || newClientId(),
      client_secret: given.clientSecret || newClientSecret(),
      name: SANDBOX_APP_NAME,
      merchant_id: SEED_MERCHANT.id,
      scopes: [...ALL_SCOPES],
      created_at: now,
    };
    store.apps.insert(app);
    return { app, generated: !(given.clientId && given.clientSecret) };
  });
}
