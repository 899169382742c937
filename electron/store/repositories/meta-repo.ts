import type { Database } from '../db.js';

/** Small key/value settings of a workspace (clock offset, sandbox credentials' origin, ...). */
export class MetaRepository {
  /** The database the settings live in (the clock writes its offset in a transaction of it). */
  constructor(readonly store: Database) {}

  get(key: string): string | undefined {
    const row = this.store.prepare('SELECT value FROM meta WHERE key = ?').get(key) as
      { value: string } | undefined;
    return row?.value;
  }

  set(key: string, value: string): void {
    this.store
      .write(
        'INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value',
      )
      .run(key, value);
  }
}
