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
  /** The earliest due time scheduled since `takeEarliestScheduled` was last called. */
  private earliestScheduled = Infinity;

  constructor(private readonly store: Database) {}

  /** Adds a job; with a `unique_key` an existing pending job of that key is moved to the new time. */
  schedule(job: Job): void {
    if (job.due_at < this.earliestScheduled) this.earliestScheduled = job.due_at;
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

  /** The first `limit` jobs due at or before `now`, in the order they run. */
  dueFirst(now: number, limit: number): Job[] {
    const rows = this.store
      .prepare('SELECT * FROM jobs WHERE due_at <= ? ORDER BY due_at, created_at LIMIT ?')
      .all(now, limit) as unknown as JobRow[];
    return rows.map((row) => ({ ...row, payload: JSON.parse(row.payload) as unknown }));
  }

  /**
   * Removes job `id` if it is still pending and due at `now`; false when it was cancelled or moved
   * later since it was listed. (One moved to a time still due is read again: see takeEarliestScheduled.)
   */
  take(id: string, now: number): boolean {
    return Number(this.store.write('DELETE FROM jobs WHERE id = ? AND due_at <= ?').run(id, now).changes) > 0;
  }

  /**
   * The earliest due time scheduled since the last call (Infinity when none), and starts watching again:
   * whoever runs a listed page of due jobs learns whether a job it ran made another one due before the
   * rest of the page.
   */
  takeEarliestScheduled(): number {
    const earliest = this.earliestScheduled;
    this.earliestScheduled = Infinity;
    return earliest;
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
