import type { TransactionStatus } from '../../shared/ledger/transaction-status.js';
import type { Database } from '../store/db.js';
import { multiRowInsertSql, ROWS_PER_STATEMENT } from '../store/multi-row-insert.js';
import { decodeDetails, encodeDetails, Parties } from './details-codec.js';
import { RollupDelta } from './ledger-rollups.js';
import type { LedgerEntry, NewLedgerEntry } from './ledger-types.js';
import type { TransactionCodes } from './transaction-codes.js';

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

/** A minor-unit amount as a 64-bit key for range filters (exact below 9.2e18, clamped beyond). */
export function amountKey(minor: bigint): bigint {
  return minor < INT64_MIN ? INT64_MIN : minor > INT64_MAX ? INT64_MAX : minor;
}

export interface EntryRow {
  seq: number;
  account_id: string;
  transaction_id: string;
  event_code: string;
  status: TransactionStatus;
  initiated_ms: number;
  updated_ms: number;
  currency: string;
  amount: string;
  fee: string;
  balance_affecting: number;
  held: number;
  available_ms: number | null;
  order_id: string | null;
  reference_id: string | null;
  instrument_type: string | null;
  store_id: string | null;
  terminal_id: string | null;
  source: string;
  party_id: number | null;
  details: string;
}

/**
 * The columns an entry is read from: every one but `amount_key`, a 64-bit integer that node:sqlite
 * cannot hand to JavaScript as a number past 2^53 (an amount of 90,071,992,547,409.92 or more). It is
 * only for range filters in SQL; the exact amount is the text column.
 */
export const ENTRY_COLUMNS =
  'seq, account_id, transaction_id, event_code, status, initiated_ms, updated_ms, currency, amount, fee, ' +
  'balance_affecting, held, available_ms, order_id, reference_id, instrument_type, store_id, terminal_id, ' +
  'source, party_id, details';

function toEntry(row: EntryRow, parties: Parties): LedgerEntry {
  return {
    seq: row.seq,
    accountId: row.account_id,
    transactionId: row.transaction_id,
    eventCode: row.event_code,
    status: row.status,
    initiatedMs: row.initiated_ms,
    updatedMs: row.updated_ms,
    currency: row.currency,
    amountMinor: BigInt(row.amount),
    feeMinor: BigInt(row.fee),
    balanceAffecting: row.balance_affecting === 1,
    held: row.held === 1,
    availableMs: row.available_ms,
    orderId: row.order_id,
    referenceId: row.reference_id,
    instrumentType: row.instrument_type,
    storeId: row.store_id,
    terminalId: row.terminal_id,
    source: row.source,
    details: decodeDetails(row.details, parties.byId(row.party_id)),
  };
}

const COLUMNS =
  'account_id, transaction_id, event_code, status, initiated_ms, updated_ms, currency, amount, fee, amount_key, ' +
  'balance_affecting, held, available_ms, order_id, reference_id, instrument_type, store_id, terminal_id, source, party_id, details';
const COLUMN_COUNT = 21;
const INSERT_HEAD = `INSERT INTO ledger_entries (${COLUMNS})`;

/**
 * Writes of the ledger: entries and their status changes, each keeping the rollups exact in the same
 * transaction. Every write runs inside the caller's transaction (an API operation or a bulk batch).
 */
export class LedgerRepository {
  readonly parties: Parties;
  private readonly writeListeners = new Set<(fromMs: number) => void>();

  constructor(
    readonly db: Database,
    private readonly codes: TransactionCodes,
  ) {
    this.parties = new Parties(db);
  }

  /**
   * Calls `listener` on every write with the earliest initiation time among the entries it inserted or
   * changed (-Infinity when it deleted them all), and again if that write is rolled back: what a reader
   * keeps about the entries from that time on is no longer sure. Returns the unsubscribe function.
   */
  onWrite(listener: (fromMs: number) => void): () => void {
    this.writeListeners.add(listener);
    return () => this.writeListeners.delete(listener);
  }

  private written(fromMs: number): void {
    if (this.writeListeners.size === 0) return;
    const tell = () => {
      for (const listener of this.writeListeners) listener(fromMs);
    };
    tell();
    // A read between the write and its rollback saw entries that are then gone.
    this.db.onRollback(tell);
  }

  /** A stored row as an entry. */
  entry(row: EntryRow): LedgerEntry {
    return toEntry(row, this.parties);
  }

  /** Inserts entries (any number) and updates the rollups once. */
  insert(entries: readonly NewLedgerEntry[]): void {
    if (entries.length === 0) return;
    const delta = new RollupDelta();
    const values: (string | number | bigint | null)[] = [];
    const flush = (rows: number) => {
      if (rows === 0) return;
      this.db.prepare(multiRowInsertSql(INSERT_HEAD, COLUMN_COUNT, rows)).run(...values);
      values.length = 0;
    };
    let pending = 0;
    let earliest = Number.POSITIVE_INFINITY;
    for (const entry of entries) {
      earliest = Math.min(earliest, entry.initiatedMs);
      const affecting = this.codes.isBalanceAffecting(entry.eventCode, entry.status);
      const held = entry.status === 'P' && affecting;
      const available = held ? (entry.availableMs ?? null) : entry.status === 'D' ? null : entry.initiatedMs;
      values.push(
        entry.accountId,
        entry.transactionId,
        entry.eventCode,
        entry.status,
        entry.initiatedMs,
        entry.updatedMs ?? entry.initiatedMs,
        entry.currency,
        entry.amountMinor.toString(),
        entry.feeMinor.toString(),
        amountKey(entry.amountMinor),
        affecting ? 1 : 0,
        held ? 1 : 0,
        available,
        entry.orderId ?? null,
        entry.referenceId ?? null,
        entry.instrumentType ?? null,
        entry.storeId ?? null,
        entry.terminalId ?? null,
        entry.source,
        this.parties.idOf(entry.details.payer),
        encodeDetails(entry.details),
      );
      delta.add(
        {
          accountId: entry.accountId,
          currency: entry.currency,
          eventCode: entry.eventCode,
          status: entry.status,
          balanceAffecting: affecting,
        },
        entry.initiatedMs,
        entry.amountMinor,
        entry.feeMinor,
        1,
      );
      if (++pending === ROWS_PER_STATEMENT) {
        flush(pending);
        pending = 0;
      }
    }
    flush(pending);
    delta.apply(this.db);
    this.written(earliest);
  }

  /** Entries of one transaction id, optionally of one event code, oldest first. */
  byTransaction(transactionId: string, code?: string): LedgerEntry[] {
    const rows = code
      ? this.db
          .prepare(
            `SELECT ${ENTRY_COLUMNS} FROM ledger_entries WHERE transaction_id = ? AND event_code = ? ORDER BY initiated_ms, seq`,
          )
          .all(transactionId, code)
      : this.db
          .prepare(
            `SELECT ${ENTRY_COLUMNS} FROM ledger_entries WHERE transaction_id = ? ORDER BY initiated_ms, seq`,
          )
          .all(transactionId);
    return (rows as unknown as EntryRow[]).map((row) => this.entry(row));
  }

  /** Every entry that names `id` as its transaction, its order or the transaction it refers to. */
  related(id: string): LedgerEntry[] {
    const rows = this.db
      .prepare(
        `SELECT ${ENTRY_COLUMNS} FROM ledger_entries WHERE seq IN (
           SELECT seq FROM ledger_entries WHERE transaction_id = ?
           UNION SELECT seq FROM ledger_entries WHERE order_id = ?)
         ORDER BY initiated_ms, seq`,
      )
      .all(id, id) as unknown as EntryRow[];
    return rows.map((row) => this.entry(row));
  }

  /**
   * Moves entries to `status` at `atMs` (spec part 3: P becomes S when its process completes; a refunded
   * payment becomes V). A pending entry's funds stop being withheld at that moment. Returns how many moved.
   */
  setStatus(
    entries: readonly LedgerEntry[],
    status: TransactionStatus,
    at: number | ((entry: LedgerEntry) => number),
  ): number {
    const delta = new RollupDelta();
    const update = this.db.prepare(
      'UPDATE ledger_entries SET status = ?, updated_ms = ?, balance_affecting = ?, available_ms = ? WHERE seq = ?',
    );
    let moved = 0;
    let earliest = Number.POSITIVE_INFINITY;
    for (const entry of entries) {
      if (entry.status === status) continue;
      earliest = Math.min(earliest, entry.initiatedMs);
      const atMs = typeof at === 'number' ? at : at(entry);
      const affecting = this.codes.isBalanceAffecting(entry.eventCode, status);
      const leavesPending = entry.status === 'P' && (entry.availableMs === null || entry.availableMs > atMs);
      const available = leavesPending ? atMs : entry.availableMs;
      update.run(status, atMs, affecting ? 1 : 0, available, entry.seq);
      const base = { accountId: entry.accountId, currency: entry.currency, eventCode: entry.eventCode };
      delta.add(
        { ...base, status: entry.status, balanceAffecting: entry.balanceAffecting },
        entry.initiatedMs,
        entry.amountMinor,
        entry.feeMinor,
        -1,
      );
      delta.add(
        { ...base, status, balanceAffecting: affecting },
        entry.initiatedMs,
        entry.amountMinor,
        entry.feeMinor,
        1,
      );
      moved++;
    }
    delta.apply(this.db);
    if (moved > 0) this.written(earliest);
    return moved;
  }

  /** Pending entries whose funds became available by `nowMs`. */
  dueForSettlement(nowMs: number, limit: number): LedgerEntry[] {
    const rows = this.db
      .prepare(
        `SELECT ${ENTRY_COLUMNS} FROM ledger_entries WHERE status = 'P' AND available_ms IS NOT NULL AND available_ms <= ?
         ORDER BY available_ms LIMIT ?`,
      )
      .all(nowMs, limit) as unknown as EntryRow[];
    return rows.map((row) => this.entry(row));
  }

  /** When the next pending entry's funds become available. */
  nextSettlement(): number | undefined {
    const row = this.db
      .prepare(
        "SELECT MIN(available_ms) AS due FROM ledger_entries WHERE status = 'P' AND available_ms IS NOT NULL",
      )
      .get() as { due: number | null };
    return row.due ?? undefined;
  }

  count(): number {
    return Number((this.db.prepare('SELECT COUNT(*) AS n FROM ledger_entries').get() as { n: number }).n);
  }

  deleteAll(): void {
    this.db.prepare('DELETE FROM ledger_entries').run();
    this.db.prepare('DELETE FROM ledger_counts').run();
    this.db.prepare('DELETE FROM ledger_daily').run();
    this.db.prepare('DELETE FROM ledger_parties').run();
    this.parties.clear();
    this.written(Number.NEGATIVE_INFINITY);
  }
}
