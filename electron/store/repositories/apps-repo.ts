import type { Database } from '../db.js';

/** A REST application: client credentials acting for one merchant account, with OAuth scopes. */
export interface App {
  id: string;
  client_id: string;
  client_secret: string;
  name: string;
  merchant_id: string;
  scopes: string[];
  created_at: string;
}

interface AppRow extends Omit<App, 'scopes'> {
  scopes: string;
}

const toApp = (row: AppRow): App => ({ ...row, scopes: JSON.parse(row.scopes) as string[] });

export class AppsRepository {
  constructor(private readonly store: Database) {}

  insert(app: App): void {
    this.store
      .write(
        'INSERT INTO apps (id, client_id, client_secret, name, merchant_id, scopes, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
      )
      .run(
        app.id,
        app.client_id,
        app.client_secret,
        app.name,
        app.merchant_id,
        JSON.stringify(app.scopes),
        app.created_at,
      );
  }

  updateCredentials(id: string, clientId: string, clientSecret: string): void {
    this.store
      .write('UPDATE apps SET client_id = ?, client_secret = ? WHERE id = ?')
      .run(clientId, clientSecret, id);
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
