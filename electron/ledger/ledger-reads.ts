import { DAY_MS, HOUR_MS } from '../../shared/time-units.js';
import type { Database } from '../store/db.js';
import { amountKey, ENTRY_COLUMNS, type EntryRow, type LedgerRepository } from './ledger-repo.js';
import type { LedgerEntry, LedgerFilter } from './ledger-types.js';
import { SearchCursors, searchKey } from './search-cursors.js';

type Arg = string | number | bigint;

/** The conditions of a filter on `ledger_entries`, within [fromMs, toMs]. */
function conditions(filter: LedgerFilter, fromMs: number, toMs: number): { sql: string; args: Arg[] } {
  const where = ['account_id = ?', 'initiated_ms BETWEEN ? AND ?'];
  const args: Arg[] = [filter.accountId, fromMs, toMs];
  const equal = (column: string, value: string | undefined) => {
    if (value === undefined) return;
    where.push(`${column} = ?`);
    args.push(value);
  };
  if (filter.balanceAffectingOnly) where.push('balance_affecting = 1');
  equal('currency', filter.currency);
  equal('status', filter.status);
  equal('event_code', filter.eventCode);
  equal('instrument_type', filter.instrumentType);
  equal('store_id', filter.storeId);
  equal('terminal_id', filter.terminalId);
  if (filter.amountLow !== undefined && filter.amountHigh !== undefined) {
    where.push('amount_key BETWEEN ? AND ?');
    args.push(amountKey(filter.amountLow), amountKey(filter.amountHigh));
  }
  if (filter.transactionId !== undefined || filter.orderId !== undefined) {
    // Driven by the id indexes: a handful of entries, whatever the size of the window.
    where.push(
      'seq IN (SELECT seq FROM ledger_entries WHERE transaction_id = ? UNION SELECT seq FROM ledger_entries WHERE order_id = ?)',
    );
    args.push(filter.transactionId ?? '', filter.orderId ?? filter.transactionId ?? '');
  }
  return { sql: where.join(' AND '), args };
}

/** Whether `ledger_counts` can answer the filter (its dimensions are account, currency, code, status). */
function countable(filter: LedgerFilter): boolean {
  return (
    filter.transactionId === undefined &&
    filter.orderId === undefined &&
    filter.amountLow === undefined &&
    filter.instrumentType === undefined &&
    filter.storeId === undefined &&
    filter.terminalId === undefined
  );
}

/**
 * A balance reads the day's rollup less the entries after its cut when there are at most this many of
 * them (else the entries before the cut): reading a few more than this before giving up is the price.
 */
const LATER_ENTRIES = 256;

const sumOf = (rows: { amount: string; fee: string }[]): bigint =>
  rows.reduce((total, row) => total + BigInt(row.amount) + BigInt(row.fee), 0n);

/**
 * Reads of the ledger: the search page and its count, balances as of a time, daily totals. Costs stay
 * flat as history grows: see migration 003 for the indexes and rollups each read relies on.
 */
export class LedgerReads {
  private readonly db: Database;
  private readonly cursors = new SearchCursors();

  constructor(private readonly repo: LedgerRepository) {
    this.db = repo.db;
    repo.onWrite((fromMs) => this.cursors.forgetFrom(fromMs));
  }

  /**
   * Entries matching the filter, oldest first, `limit` from `offset`. A page that follows one read
   * before (the next page of an export, of an SDK walking the pages) starts at the cursor where that one
   * ended, through the index, instead of skipping `offset` entries one by one.
   */
  page(filter: LedgerFilter, offset: number, limit: number): LedgerEntry[] {
    const key = searchKey(filter);
    const cursor = this.cursors.nearest(key, offset, filter.toMs);
    const { sql, args } = conditions(filter, cursor?.initiatedMs ?? filter.fromMs, filter.toMs);
    // After the cursor's entry: later in time, or later in the same millisecond.
    const after = cursor ? ' AND (initiated_ms > ? OR seq > ?)' : '';
    const rows = this.db
      .prepare(
        `SELECT ${ENTRY_COLUMNS} FROM ledger_entries WHERE seq IN (
           SELECT seq FROM ledger_entries WHERE ${sql}${after} ORDER BY initiated_ms, seq LIMIT ? OFFSET ?)
         ORDER BY initiated_ms, seq`,
      )
      .all(
        ...args,
        ...(cursor ? [cursor.initiatedMs, cursor.seq] : []),
        limit,
        offset - (cursor?.offset ?? 0),
      ) as unknown as EntryRow[];
    const last = rows[rows.length - 1];
    if (last)
      this.cursors.remember(key, {
        offset: offset + rows.length,
        initiatedMs: last.initiated_ms,
        seq: last.seq,
      });
    return rows.map((row) => this.repo.entry(row));
  }

  /**
   * The balances right after the first `offset` entries of a search that lists every balance-affecting
   * entry, per currency, as `noteBalancesAt` left them when the page ending there was read.
   */
  balancesAt(filter: LedgerFilter, offset: number): ReadonlyMap<string, bigint> | undefined {
    return this.cursors.at(searchKey(filter), offset, filter.toMs)?.balances;
  }

  /** Keeps the running balances at the end of a page just read (see `balancesAt`). */
  noteBalancesAt(filter: LedgerFilter, offset: number, balances: ReadonlyMap<string, bigint>): void {
    const cursor = this.cursors.at(searchKey(filter), offset, filter.toMs);
    if (cursor) cursor.balances = new Map(balances);
  }

  /** How many entries match: whole days and hours from the counts, the rest from the index. */
  count(filter: LedgerFilter): number {
    if (filter.toMs < filter.fromMs) return 0;
    if (!countable(filter)) return this.countEntries(filter, filter.fromMs, filter.toMs);
    return this.countRange(filter, filter.fromMs, filter.toMs, [
      ['D', DAY_MS],
      ['H', HOUR_MS],
    ]);
  }

  private countRange(
    filter: LedgerFilter,
    from: number,
    to: number,
    grains: readonly (readonly ['D' | 'H', number])[],
  ): number {
    if (to < from) return 0;
    const [grain, size] = grains[0] ?? [];
    if (!grain || !size) return this.countEntries(filter, from, to);
    const first = Math.ceil(from / size);
    const last = Math.floor((to + 1) / size) - 1;
    const rest = grains.slice(1);
    if (first > last) return this.countRange(filter, from, to, rest);
    return (
      this.countBuckets(filter, grain, first, last) +
      this.countRange(filter, from, first * size - 1, rest) +
      this.countRange(filter, (last + 1) * size, to, rest)
    );
  }

  private countBuckets(filter: LedgerFilter, grain: 'D' | 'H', first: number, last: number): number {
    const where = ['account_id = ?', 'grain = ?', 'bucket BETWEEN ? AND ?'];
    const args: Arg[] = [filter.accountId, grain, first, last];
    if (filter.balanceAffectingOnly) where.push('balance_affecting = 1');
    for (const [column, value] of [
      ['currency', filter.currency],
      ['status', filter.status],
      ['event_code', filter.eventCode],
    ] as const) {
      if (value === undefined) continue;
      where.push(`${column} = ?`);
      args.push(value);
    }
    const row = this.db
      .prepare(`SELECT TOTAL(n) AS n FROM ledger_counts WHERE ${where.join(' AND ')}`)
      .get(...args) as { n: number };
    return Number(row.n);
  }

  private countEntries(filter: LedgerFilter, from: number, to: number): number {
    const { sql, args } = conditions(filter, from, to);
    return Number(
      (this.db.prepare(`SELECT COUNT(*) AS n FROM ledger_entries WHERE ${sql}`).get(...args) as { n: number })
        .n,
    );
  }

  /**
   * The balance of one currency: every balance-affecting entry initiated at or before `untilMs` (and, when
   * `beforeSeq` is given, only those before that entry of the same millisecond).
   *
   * Whole days come from `ledger_daily`. The day of `untilMs` too, less its entries after the cut, when
   * those are few (a balance as of now has none): a busy day (a 15,000-item payout batch writes 15,000
   * entries) then costs no more than a quiet one. Otherwise its entries up to the cut are added up.
   */
  balance(accountId: string, currency: string, untilMs: number, beforeSeq?: number): bigint {
    const day = Math.floor(untilMs / DAY_MS);
    const before = beforeSeq ?? Number.MAX_SAFE_INTEGER;
    const later = this.db
      .prepare(
        `SELECT amount, fee FROM ledger_entries WHERE account_id = ? AND initiated_ms BETWEEN ? AND ?
         AND balance_affecting = 1 AND currency = ? AND (initiated_ms > ? OR seq >= ?) LIMIT ?`,
      )
      .all(accountId, untilMs, (day + 1) * DAY_MS - 1, currency, untilMs, before, LATER_ENTRIES + 1) as {
      amount: string;
      fee: string;
    }[];
    if (later.length <= LATER_ENTRIES) {
      const days = this.db
        .prepare('SELECT amount, fee FROM ledger_daily WHERE account_id = ? AND currency = ? AND day <= ?')
        .all(accountId, currency, day) as { amount: string; fee: string }[];
      return sumOf(days) - sumOf(later);
    }
    const days = this.db
      .prepare('SELECT amount, fee FROM ledger_daily WHERE account_id = ? AND currency = ? AND day < ?')
      .all(accountId, currency, day) as { amount: string; fee: string }[];
    const sameDay = this.db
      .prepare(
        `SELECT amount, fee FROM ledger_entries WHERE account_id = ? AND initiated_ms BETWEEN ? AND ?
         AND balance_affecting = 1 AND currency = ? AND (initiated_ms < ? OR seq < ?)`,
      )
      .all(accountId, day * DAY_MS, untilMs, currency, untilMs, before) as {
      amount: string;
      fee: string;
    }[];
    return sumOf(days) + sumOf(sameDay);
  }

  /** The part of the balance still pending at `atMs`: held entries whose funds were not yet available. */
  withheld(accountId: string, currency: string, atMs: number): bigint {
    const rows = this.db
      .prepare(
        `SELECT amount, fee FROM ledger_entries WHERE held = 1 AND account_id = ? AND currency = ? AND initiated_ms <= ?
         AND balance_affecting = 1 AND ((available_ms IS NULL AND status = 'P') OR available_ms > ?)`,
      )
      .all(accountId, currency, atMs, atMs) as { amount: string; fee: string }[];
    return sumOf(rows);
  }

  /** Currencies the account has ever had a balance-affecting entry in. */
  currencies(accountId: string): string[] {
    return (
      this.db
        .prepare('SELECT DISTINCT currency FROM ledger_daily WHERE account_id = ? ORDER BY currency')
        .all(accountId) as {
        currency: string;
      }[]
    ).map((r) => r.currency);
  }

  /** Per-day sums of one currency in [firstDay, lastDay] (UTC day numbers), by event code. */
  dailySums(
    accountId: string,
    currency: string,
    firstDay: number,
    lastDay: number,
  ): { day: number; event_code: string; n: number; amount: bigint; fee: bigint }[] {
    const rows = this.db
      .prepare(
        `SELECT day, event_code, n, amount, fee FROM ledger_daily WHERE account_id = ? AND currency = ? AND day BETWEEN ? AND ?
         ORDER BY day`,
      )
      .all(accountId, currency, firstDay, lastDay) as {
      day: number;
      event_code: string;
      n: number;
      amount: string;
      fee: string;
    }[];
    return rows.map((r) => ({
      day: r.day,
      event_code: r.event_code,
      n: r.n,
      amount: BigInt(r.amount),
      fee: BigInt(r.fee),
    }));
  }
}
