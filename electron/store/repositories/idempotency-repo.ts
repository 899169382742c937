import type { Database } from '../db.js';

/** What a `Svc-Request-Id` produced the first time: the resource it created and the status sent. */
export interface IdempotencyRecord {
  app_id: string;
  operation: string;
  key: string;
  status_code: number;
  resource_kind: string;
  resource_id: string;
  created_at: number;
  expires_at: number;
}

export class IdempotencyRepository {
  constructor(private readonly store: Database) {}

  find(appId: string, operation: string, key: string, now: number): IdempotencyRecord | undefined {
    return this.store
      .prepare(
        'SELECT * FROM idempotency_keys WHERE app_id = ? AND operation = ? AND key = ? AND expires_at > ?',
      )
      .get(appId, operation, key, now) as IdempotencyRecord | undefined;
  }

  save(record: IdempotencyRecord): void {
    this.store
      .write(
        `INSERT INTO idempotency_keys (app_id, operation, key, status_code, resource_kind, resource_id, created_at, expires_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT(app_id, operation, key) DO UPDATE SET status_code = excluded.status_code,
           resource_kind = excluded.resource_kind, resource_id = excluded.resource_id,
           created_at = excluded.created_at, expires_at = excluded.expires_at`,
      )
      .run(
        record.app_id,
        record.operation,
        record.key,
        record.status_code,
        record.resource_kind,
        record.resource_id,
        record.created_at,
        record.expires_at,
      );
  }

  deleteExpired(now: number): number {
    return Number(this.store.write('DELETE FROM idempotency_keys WHERE expires_at <= ?').run(now).changes);
  }
}
