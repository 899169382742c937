import type { Database } from '../db.js';
import { hashClientSecret } from './client-secret-hash.js';

/**
 * A REST application: client credentials acting for one merchant account, with OAuth scopes. Its
 * secret is kept only as a derivation (client-secret-hash.ts): whoever needs the secret itself (the
 * workbench's own calls) holds it elsewhere.
 */
export interface App {
  id: string;
  client_id: string;
  client_secret_hash: string;
  name: string;
  merchant_id: string;
  scopes: string[];
  created_at: string;
}

interface AppRow extends Omit<App, 'scopes'> {
  scopes: string;
}

/** An app to register, with its secret as issued (only its derivation is stored). */
export type NewApp = Omit<App, 'client_secret_hash'> & { client_secret: string };

const toApp = (row: AppRow): App => ({ ...row, scopes: JSON.parse(row.scopes) as string[] });

export class AppsRepository {
  constructor(private readonly store: Database) {}

  insert(app: NewApp): App {
    const { client_secret: secret, ...rest } = app;
    const stored: App = { ...rest, client_secret_hash: hashClientSecret(secret) };
    this.store
      .write(
        'INSERT INTO apps (id, client_id, client_secret_hash, name, merchant_id, scopes, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
      )
      .run(
        app.id,
        app.client_id,
        stored.client_secret_hash,
        app.name,
        app.merchant_id,
        JSON.stringify(app.scopes),
        app.created_at,
      );
    return stored;
  }

  /** New credentials for an app; returns the derivation stored for the secret. */
  updateCredentials(id: string, clientId: string, clientSecret: string): string {
    const derived = hashClientSecret(clientSecret);
    this.store
      .write('UPDATE apps SET client_id = ?, client_secret_hash = ? WHERE id = ?')
      .run(clientId, derived, id);
    return derived;
  }

  updateScopes(id: string, scopes: readonly string[]): void {
    this.store.write('UPDATE apps SET scopes = ? WHERE id = ?').run(JSON.stringify(scopes), id);
  }

  /** Whether any app acts for the merchant (its account must then stay). */
  anyActsFor(merchantId: string): boolean {
    return (
      this.store.prepare('SELECT 1 FROM apps WHERE merchant_id = ? LIMIT 1').get(merchantId) !== undefined
    );
  }

  byId(id: string): App | undefined {
    const row = this.store.prepare('SELECT * FROM apps WHERE id = ?').get(id) as AppRow | undefined;
    return row ? toApp(row) : undefined;
  }

  byClientId(clientId: string): App | undefined {
    const row = this.store.prepare('SELECT * FROM apps WHERE client_id = ?').get(clientId) as
      AppRow | undefined;
    return row ? toApp(row) : undefined;
  }

  byName(name: string): App | undefined {
    const row = this.store.prepare('SELECT * FROM apps WHERE name = ?').get(name) as AppRow | undefined;
    return row ? toApp(row) : undefined;
  }
}
