import type { Database } from '../db.js';

export interface Job {
  id: string;
  kind: string;
  /** Simulated-clock epoch milliseconds. */
  due_at: number;
  payload: unknown;
  /** At most one pending job per unique key (e.g. one expiry per authorization). */
  unique_key: string | null;
  created_at: number;
}

interface JobRow extends Omit<Job, 'payload'> {
  payload: string;
}

export class JobsRepository {
  constructor(private readonly store: Database) {}

  /** Adds a job; with a `unique_key` an existing pending job of that key is moved to the new time. */
  schedule(job: Job): void {
    this.store
      .write(
        `INSERT INTO jobs (id, kind, due_at, payload, unique_key, created_at) VALUES (?, ?, ?, ?, ?, ?)
         ON CONFLICT(unique_key) DO UPDATE SET due_at = excluded.due_at, payload = excluded.payload`,
      )
      .run(job.id, job.kind, job.due_at, JSON.stringify(job.payload), job.unique_key, job.created_at);
  }

  /** The earliest job due at or before `now`. */
  nextDue(now: number): Job | undefined {
    const row = this.store
      .prepare('SELECT * FROM jobs WHERE due_at <= ? ORDER BY due_at, created_at LIMIT 1')
      .get(now) as JobRow | undefined;
    return row ? { ...row, payload: JSON.parse(row.payload) as unknown } : undefined;
  }

  nextDueTime(): number | undefined {
    const row = this.store.prepare('SELECT MIN(due_at) AS due FROM jobs').get() as { due: number | null };
    return row.due ?? undefined;
  }

  /** How many jobs fall due by `untilMs`. */
  countDueBy(untilMs: number): number {
    const row = this.store.prepare('SELECT COUNT(*) AS n FROM jobs WHERE due_at <= ?').get(untilMs) as {
      n: number;
    };
    return Number(row.n);
  }

  /** The due time of the `n`-th job (1-based, in due order) due by `untilMs`; undefined when fewer are. */
  nthDueBy(untilMs: number, n: number): number | undefined {
    const row = this.store
      .prepare('SELECT due_at FROM jobs WHERE due_at <= ? ORDER BY due_at LIMIT 1 OFFSET ?')
      .get(untilMs, n - 1) as { due_at: number } | undefined;
    return row?.due_at;
  }

  delete(id: string): void {
    this.store.write('DELETE FROM jobs WHERE id = ?').run(id);
  }

  cancel(uniqueKey: string): void {
    this.store.write('DELETE FROM jobs WHERE unique_key = ?').run(uniqueKey);
  }

  listPending(): Job[] {
    return (this.store.prepare('SELECT * FROM jobs ORDER BY due_at').all() as unknown as JobRow[]).map(
      (row) => ({
        ...row,
        payload: JSON.parse(row.payload) as unknown,
      }),
    );
  }

  deleteAll(): void {
    this.store.write('DELETE FROM jobs').run();
  }
}
