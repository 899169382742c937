import type { DatabaseSync, SQLInputValue, StatementSync } from 'node:sqlite';
import { CarriedInserts } from './carried-inserts.js';
import { CACHE_KIB, LARGE_CACHE_KIB, openConnection, type StoreLocation } from './connection.js';
import { DeferredInserts, isPlainRead } from './deferred-inserts.js';
import { applyMigrations } from './migrations/apply.js';
import { multiRowInsertSql } from './multi-row-insert.js';
import { OutsideTransactionError } from './outside-transaction-error.js';

/** The lengths of the after-commit and rollback queues when a work began. */
interface QueueMarks {
  afterCommit: number;
  rollback: number;
}

/** A request waiting on the open group's COMMIT; `failure` is set when its carried rows could not be written. */
interface GroupWaiter {
  resolve: () => void;
  reject: (error: Error) => void;
  failure?: Error;
}

/**
 * A grouped work that ended with its rows still waiting (see `grouped`): where its after-commit callbacks
 * and undo steps sit in the queues, so that a failure to write its rows undoes it alone.
 */
interface CarriedWork {
  waiter?: GroupWaiter;
  afterCommit: { from: number; to: number };
  rollback: { from: number; to: number };
}

const NOTHING = (): void => undefined;

/**
 * The one SQLite database of a workspace. Synchronous by design (`node:sqlite`): a request's service
 * work and its writes run without an `await` in between, inside one transaction, so concurrent requests
 * cannot interleave half-written state.
 */
export class Database {
  readonly db: DatabaseSync;
  private readonly statements = new Map<string, StatementSync>();
  private depth = 0;
  private afterCommitQueue: (() => void)[] = [];
  /** Undo steps for in-memory state changed by the open transaction's works (see `onRollback`). */
  private rollbackQueue: (() => void)[] = [];
  /** The requests waiting on the open commit group's COMMIT (undefined when none is open). */
  private group: GroupWaiter[] | undefined;
  /** Rows inserted inside `deferInserts`, written a few dozen per statement. */
  private readonly deferred = new DeferredInserts();
  /** Rows of grouped works that have ended, written together before anything that must follow them. */
  private readonly carried = new CarriedInserts<CarriedWork>();
  /** Whether a `withLargeCache` pass runs. */
  private largeCache = false;
  /**
   * The savepoint of the grouped work that runs (see `grouped`): none outside one, due until the work's
   * first write, open from then on.
   */
  private workSavepoint: 'none' | 'due' | 'open' = 'none';

  constructor(readonly location: StoreLocation) {
    this.db = openConnection(location);
    applyMigrations(this.db, (work) => this.transaction(work));
  }

  /** A cached prepared statement: preparing is the expensive part of a small query. */
  prepare(sql: string): StatementSync {
    // Every statement goes through here: rows of ended works go first, a grouped work's first write opens
    // its savepoint, and one that must see rows still waiting gets them written first.
    if (this.carried.size > 0 && this.carried.mustFlushBefore(sql)) this.writeCarried();
    if (this.workSavepoint === 'due' && !isPlainRead(sql)) this.openWorkSavepoint();
    if (this.deferred.rows > 0 && this.deferred.mustFlushBefore(sql)) this.writeDeferred();
    return this.cached(sql);
  }

  /** The cached statement of `sql`, prepared on first use; nothing else (see `prepare`). */
  private cached(sql: string): StatementSync {
    let statement = this.statements.get(sql);
    if (!statement) {
      statement = this.db.prepare(sql);
      this.statements.set(sql, statement);
    }
    return statement;
  }

  /**
   * Runs `work`, a long pass of writes in one transaction (a clock move through thousands of due jobs),
   * with a page cache as large as the dirty pages such a transaction may keep. With the usual cache its
   * dirty pages soon fill it, and every row it then reads (an order, an index page it read a moment
   * before) is read from the file again: measured on a 20,000-job move, 92,000 page reads instead of
   * 18,000. The cache returns to its usual size after, so the memory is used only while such a pass
   * runs. In memory (memdb) pages are read in place, and nothing changes.
   */
  withLargeCache<T>(work: () => T): T {
    if (this.location.kind !== 'dir' || this.largeCache) return work();
    this.largeCache = true;
    this.run(`PRAGMA cache_size = -${LARGE_CACHE_KIB}`);
    try {
      return work();
    } finally {
      this.largeCache = false;
      this.run(`PRAGMA cache_size = -${CACHE_KIB}`);
    }
  }

  /**
   * A cached prepared statement for a write (INSERT, UPDATE, DELETE): the repositories' one way to write.
   * Throws `OutsideTransactionError` when no transaction is open, so a write can never be committed on its
   * own, apart from the work it belongs to. Reads use `prepare`.
   */
  write(sql: string): StatementSync {
    // The message is built only when it is thrown: this runs on every write of every request.
    if (this.depth === 0) this.assertInTransaction(`The write "${sql.replace(/\s+/g, ' ')}"`);
    return this.prepare(sql);
  }

  /**
   * Inserts one row (`head` is `INSERT INTO table (columns)`, `values` one per column), inside a
   * transaction as `write` requires. Inside `deferInserts` the row waits and is written with the next
   * rows of the same head, a few dozen per statement; otherwise at once.
   */
  insert(head: string, values: readonly SQLInputValue[]): void {
    if (this.depth === 0) this.assertInTransaction(`An insert "${head}"`);
    const { kept, full } = this.deferred.add(head, values);
    if (!kept) this.prepare(multiRowInsertSql(head, values.length, 1)).run(...values);
    else if (full) this.writeDeferred();
  }

  /**
   * Runs `work` with the rows it inserts through `insert` written together, a few dozen per statement,
   * for work that inserts thousands (a chunk of payout items: its items, their events, their notices).
   * Nothing else changes: every statement that must see those rows (a write, a savepoint, a commit, a
   * read of their table) gets them written before it runs, and the rest are written before `work`
   * returns. A failure to insert them surfaces there instead of at the insert, and fails `work` as it
   * would have; rows of work that is rolled back are dropped.
   */
  deferInserts<T>(work: () => T): T {
    this.deferred.enter();
    try {
      const result = work();
      this.writeDeferred();
      return result;
    } catch (error) {
      this.deferred.discard();
      throw error;
    } finally {
      this.deferred.leave();
    }
  }

  private writeDeferred(): void {
    for (const { sql, values } of this.deferred.take()) this.prepare(sql).run(...values);
  }

  /** Throws `OutsideTransactionError` unless a transaction (or a request's commit group work) is open. */
  assertInTransaction(what = 'A write'): void {
    if (this.depth === 0) throw new OutsideTransactionError(what);
  }

  /**
   * Runs `work` in one transaction (BEGIN IMMEDIATE, so a second process on the same file waits instead
   * of failing mid-request). A nested call becomes a savepoint: its failure undoes only its own writes,
   * which lets a scheduled job fail inside a request without taking the request down with it. A caller
   * outside any transaction gets its writes committed when this returns, so an open commit group (see
   * `grouped`) commits first.
   */
  transaction<T>(work: () => T): T {
    const nested = this.depth > 0;
    if (!nested) this.commitGroup();
    const savepoint = `sp${this.depth}`;
    const marks = this.marks();
    this.run(nested ? `SAVEPOINT ${savepoint}` : 'BEGIN IMMEDIATE');
    this.depth++;
    let result: T;
    try {
      result = work();
      this.run(nested ? `RELEASE ${savepoint}` : 'COMMIT');
    } catch (error) {
      this.undo(nested ? savepoint : undefined, marks, error);
      throw error;
    } finally {
      this.depth--;
    }
    if (nested) return result;
    this.rollbackQueue = [];
    this.runAfterCommit();
    return result;
  }

  /**
   * Group commit for API requests: runs `work` at once, in its own savepoint of a transaction that the
   * other requests of this event-loop turn share, and resolves once that transaction has committed
   * (rejects with the commit's error if it fails). Each request's writes stay atomic, a failing one is
   * undone alone, and nothing is answered before its writes are durable; what the group saves is a
   * COMMIT (and, in WAL mode, a write of every touched page) per request.
   *
   * The savepoint is opened at the work's first write, and the rows it inserts (`insert`) wait until
   * then, or until it ends. So a work that fails before writing has nothing to roll back, and a work
   * whose only write is one statement (an order create's insert) needs no savepoint at all: one
   * statement is atomic by itself. That spares the SAVEPOINT and its RELEASE, and SQLite's copy of every
   * page the statement touches into the savepoint's journal. Such a work's rows wait on past its end,
   * and those of the turn's works are written together, in the order the works ended, before any
   * statement that must follow them (a write, a savepoint, the commit, a read of their table): one
   * multi-row INSERT for the turn's order creates instead of one each. If that statement fails, each
   * work's rows are written again alone, and a work whose rows fail is undone alone (its after-commit
   * callbacks dropped, its undo steps run) and told when the group commits.
   */
  grouped<T>(work: () => T): Promise<T> {
    if (this.depth > 0) return Promise.resolve(this.transaction(work));
    if (!this.group) {
      this.run('BEGIN IMMEDIATE');
      this.group = [];
      // After the I/O callbacks of this turn: every request read in it has run its work by then.
      setImmediate(() => this.commitGroup());
    }
    const group = this.group;
    const marks = this.marks();
    this.workSavepoint = 'due';
    this.deferred.enter();
    this.depth++;
    let result: T;
    let carried: CarriedWork | undefined;
    try {
      result = work();
      carried = this.endGroupedWork(marks);
    } catch (error) {
      this.undo(this.workWritten() ? 'grouped' : null, marks, error);
      return Promise.reject(error as Error);
    } finally {
      this.workSavepoint = 'none';
      this.depth--;
      this.deferred.leave();
    }
    return new Promise<T>((resolve, reject) => {
      const waiter: GroupWaiter = { resolve: () => resolve(result), reject };
      if (carried) carried.waiter = waiter;
      group.push(waiter);
    });
  }

  /**
   * A grouped work ran: its waiting rows are written and its savepoint, if it opened one, released; or,
   * when they are one statement and nothing of the work was written yet, they wait on, carried (returned:
   * what to undo if they fail).
   */
  private endGroupedWork(marks: QueueMarks): CarriedWork | undefined {
    if (this.workSavepoint === 'due') {
      const statements = this.deferred.take();
      const [only] = statements;
      if (statements.length <= 1) {
        // One statement is atomic by itself: if it fails, nothing of the work was written.
        this.workSavepoint = 'none';
        if (!only) return undefined;
        const carried: CarriedWork = {
          afterCommit: { from: marks.afterCommit, to: this.afterCommitQueue.length },
          rollback: { from: marks.rollback, to: this.rollbackQueue.length },
        };
        this.carried.add(only, carried);
        return carried;
      }
      this.openWorkSavepoint();
      for (const { sql, values } of statements) this.cached(sql).run(...values);
    } else this.writeDeferred();
    this.run('RELEASE grouped');
    return undefined;
  }

  /**
   * Writes the rows of ended works (see `grouped`). A statement that fails has written none of its rows
   * (one statement is atomic); then each work's rows are written alone, and a work whose rows fail is
   * undone alone. When SQLite has rolled the whole transaction back (a full store), the error goes on to
   * the caller, and the group is lost as with any statement that fails so.
   */
  private writeCarried(): void {
    for (const { sql, values, parts } of this.carried.take()) {
      try {
        this.cached(sql).run(...values);
      } catch (error) {
        if (!this.db.isTransaction) throw error;
        const [only] = parts;
        if (parts.length === 1 && only) {
          this.failCarried(only.owner, error as Error);
          continue;
        }
        for (const { statement, owner } of parts) {
          try {
            this.cached(statement.sql).run(...statement.values);
          } catch (own) {
            if (!this.db.isTransaction) throw own;
            this.failCarried(owner, own as Error);
          }
        }
      }
    }
  }

  /** A carried work whose rows could not be written: its callbacks dropped, its undo steps run, its request told. */
  private failCarried(work: CarriedWork, error: Error): void {
    for (let i = work.afterCommit.from; i < work.afterCommit.to; i++) this.afterCommitQueue[i] = NOTHING;
    for (let i = work.rollback.to - 1; i >= work.rollback.from; i--) {
      const step = this.rollbackQueue[i];
      this.rollbackQueue[i] = NOTHING;
      step?.();
    }
    if (work.waiter) work.waiter.failure = error;
  }

  /** Whether the running grouped work has written anything (its savepoint is open). */
  private workWritten(): boolean {
    return this.workSavepoint === 'open';
  }

  /** Opens the running grouped work's savepoint, before anything of the work is written. */
  private openWorkSavepoint(): void {
    // Rows of works that ended before this one are theirs, not part of this savepoint.
    if (this.carried.size > 0) this.writeCarried();
    this.workSavepoint = 'open';
    this.cached('SAVEPOINT grouped').run();
  }

  /** Resolves once every write made so far is committed: at once unless a commit group is open. */
  committed(): Promise<void> {
    if (!this.group) return Promise.resolve();
    const group = this.group;
    return new Promise((resolve, reject) => group.push({ resolve, reject }));
  }

  /** Commits the open group, if any, and settles its waiters. */
  commitGroup(): void {
    const group = this.group;
    if (!group) return;
    try {
      this.run('COMMIT');
    } catch (error) {
      if (this.db.isTransaction) this.run('ROLLBACK');
      this.abandonGroup(error);
      return;
    }
    this.group = undefined;
    this.rollbackQueue = [];
    for (const waiter of group) {
      if (waiter.failure) waiter.reject(waiter.failure);
      else waiter.resolve();
    }
    this.runAfterCommit();
  }

  /**
   * Runs `callback` once the current transaction commits (at once outside one); dropped on rollback.
   * Events and notifications go through here, so nothing leaves the process before its data is durable.
   */
  afterCommit(callback: () => void): void {
    if (this.depth === 0) callback();
    else this.afterCommitQueue.push(callback);
  }

  /**
   * Runs `undo` if the current transaction's or savepoint's work is rolled back (dropped once it commits;
   * ignored outside a transaction, where there is nothing to roll back). For in-memory state that a work
   * changes before its commit and that must not outlive a rollback; undo steps run newest first.
   */
  onRollback(undo: () => void): void {
    if (this.depth > 0) this.rollbackQueue.push(undo);
  }

  get inTransaction(): boolean {
    return this.depth > 0;
  }

  close(): void {
    if (this.db.isOpen) this.commitGroup();
    this.statements.clear();
    if (this.db.isOpen) this.db.close();
  }

  /** Transaction control through cached statements: `exec` would parse the SQL on every request. */
  private run(sql: string): void {
    this.prepare(sql).run();
  }

  /**
   * Undoes failed work: its savepoint (`undefined`: the whole transaction; `null`: a grouped work that
   * wrote nothing, so only its queues). After SQLITE_FULL or an I/O error SQLite may already have rolled
   * the entire transaction back, savepoints and all; then every request of the open group lost its writes
   * too, and each is told so instead of being answered.
   */
  private undo(savepoint: string | undefined | null, marks: QueueMarks, error: unknown): void {
    // Rows still waiting were inserted by the work being undone (a savepoint writes them before it starts).
    this.deferred.discard();
    if (!this.db.isTransaction) {
      this.abandonGroup(error);
      return;
    }
    if (savepoint === undefined) this.run('ROLLBACK');
    else if (savepoint !== null) {
      this.run(`ROLLBACK TO ${savepoint}`);
      this.run(`RELEASE ${savepoint}`);
    }
    this.afterCommitQueue.length = marks.afterCommit;
    this.runRollback(marks.rollback);
  }

  /** Where the queues stand when a work starts: what it adds is dropped, or undone, with it. */
  private marks(): QueueMarks {
    return { afterCommit: this.afterCommitQueue.length, rollback: this.rollbackQueue.length };
  }

  /** The open group's writes are gone: every request waiting on it fails with `error`. */
  private abandonGroup(error: unknown): void {
    this.deferred.discard();
    this.carried.clear();
    const group = this.group ?? [];
    this.group = undefined;
    this.afterCommitQueue = [];
    this.runRollback(0);
    for (const waiter of group) waiter.reject(error as Error);
  }

  /** Runs, newest first, and drops the undo steps registered since `mark`. */
  private runRollback(mark: number): void {
    const steps = this.rollbackQueue.splice(mark);
    for (let i = steps.length - 1; i >= 0; i--) steps[i]?.();
  }

  private runAfterCommit(): void {
    const callbacks = this.afterCommitQueue;
    this.afterCommitQueue = [];
    for (const callback of callbacks) callback();
  }
}
