import { newAppId, newClientId, newClientSecret } from '../../shared/ids.js';
import { ALL_SCOPES } from '../../shared/api/registry.js';
import type { App } from '../store/repositories/apps-repo.js';
import { clientSecretMatches } from '../store/repositories/client-secret-hash.js';
import type { Store } from '../store/store.js';
import { SEED_MERCHANT } from '../store/seed.js';
import type { SecretVault } from './vault.js';

export const SANDBOX_APP_NAME = 'Sandbox app';

export interface SandboxCredentials {
  clientId?: string | undefined;
  clientSecret?: string | undefined;
}

/** The sandbox app with the secret the workbench calls it with (held here, never in the database). */
export interface SandboxApp {
  app: App;
  clientSecret: string;
  /** True when the secret was made on this start: the one time it is printed. */
  generated: boolean;
}

/** The vault entry of an app's client secret. */
export const appSecretKey = (appId: string): string => `app-secret.${appId}`;

/**
 * Reads and writes of the vault that never stop the host: a vault that cannot store (no OS secret
 * storage) leaves the secret in memory for this run, and the next start makes a new one.
 */
function kept(vault: SecretVault, appId: string): string | undefined {
  try {
    return vault.get(appSecretKey(appId));
  } catch {
    return undefined;
  }
}
function keep(vault: SecretVault, appId: string, secret: string): void {
  try {
    if (kept(vault, appId) !== secret) vault.set(appSecretKey(appId), secret);
  } catch {
    // Not kept: see above.
  }
}

/**
 * The REST app of the sandbox. Credentials given on the command line (or in SVC_CLIENT_ID /
 * SVC_CLIENT_SECRET) win; otherwise they are generated once per data dir. The database keeps only the
 * secret's derivation; the secret itself goes to the host's secret vault (Electron: safeStorage; headless:
 * a 0600 file beside the workspace; in memory for an ephemeral one), from where the workbench's own
 * calls use it. A workspace whose vault lost the secret (or one upgraded from when the database held
 * it) gets a new secret, printed like a first one.
 */
export function ensureSandboxApp(
  store: Store,
  vault: SecretVault,
  given: SandboxCredentials,
  now: string,
): SandboxApp {
  return store.transaction(() => {
    const existing = store.apps.byName(SANDBOX_APP_NAME);
    if (!existing) {
      const clientSecret = given.clientSecret || newClientSecret();
      const app = store.apps.insert({
        id: newAppId(),
        client_id: given.clientId || newClientId(),
        client_secret: clientSecret,
        name: SANDBOX_APP_NAME,
        merchant_id: SEED_MERCHANT.id,
        scopes: [...ALL_SCOPES],
        created_at: now,
      });
      keep(vault, app.id, clientSecret);
      return { app, clientSecret, generated: !(given.clientId && given.clientSecret) };
    }
    // A workspace made by an older version gets the scopes of API groups added since.
    const missingScope = ALL_SCOPES.some((scope) => !existing.scopes.includes(scope));
    if (missingScope) store.apps.updateScopes(existing.id, ALL_SCOPES);
    let app: App = { ...existing, scopes: missingScope ? [...ALL_SCOPES] : existing.scopes };
    if (given.clientId && given.clientSecret) {
      if (
        existing.client_id !== given.clientId ||
        !clientSecretMatches(existing.client_secret_hash, given.clientSecret)
      ) {
        const hash = store.apps.updateCredentials(existing.id, given.clientId, given.clientSecret);
        app = { ...app, client_id: given.clientId, client_secret_hash: hash };
      }
      keep(vault, app.id, given.clientSecret);
      return { app, clientSecret: given.clientSecret, generated: false };
    }
    const stored = kept(vault, app.id);
    if (stored !== undefined && clientSecretMatches(app.client_secret_hash, stored))
      return { app, clientSecret: stored, generated: false };
    const clientSecret = newClientSecret();
    const hash = store.apps.updateCredentials(app.id, app.client_id, clientSecret);
    keep(vault, app.id, clientSecret);
    return { app: { ...app, client_secret_hash: hash }, clientSecret, generated: true };
  });
}
