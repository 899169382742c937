import { DAY_MS, HOUR_MS } from '../../shared/time-units.js';
import type { Database } from '../store/db.js';

/** The dimensions of one count bucket (every filter that the counts can answer). */
export interface CountKey {
  accountId: string;
  currency: string;
  eventCode: string;
  status: string;
  balanceAffecting: boolean;
}

const SEP = '\u0001';

/**
 * Changes to the rollups (`ledger_counts` per day and per hour, `ledger_daily` sums) gathered in memory
 * and written once: a bulk insert of a million entries touches each bucket once per batch, not once per
 * entry. Sums are exact bigints; the table keeps them as text.
 */
export class RollupDelta {
  private readonly counts = new Map<string, number>();
  private readonly sums = new Map<string, { n: number; amount: bigint; fee: bigint }>();

  /** Adds (`sign` 1) or removes (`sign` -1) one entry at `atMs`. */
  add(key: CountKey, atMs: number, amount: bigint, fee: bigint, sign: 1 | -1): void {
    // Plain concatenation: this runs once per entry of a million-entry bulk write.
    const dims =
      SEP +
      key.accountId +
      SEP +
      key.currency +
      SEP +
      key.eventCode +
      SEP +
      key.status +
      SEP +
      (key.balanceAffecting ? '1' : '0');
    const day = Math.floor(atMs / DAY_MS);
    const dayKey = 'D' + SEP + day + dims;
    const hourKey = 'H' + SEP + Math.floor(atMs / HOUR_MS) + dims;
    this.counts.set(dayKey, (this.counts.get(dayKey) ?? 0) + sign);
    this.counts.set(hourKey, (this.counts.get(hourKey) ?? 0) + sign);
    if (!key.balanceAffecting) return;
    const sumKey = key.accountId + SEP + key.currency + SEP + day + SEP + key.eventCode;
    const sum = this.sums.get(sumKey) ?? { n: 0, amount: 0n, fee: 0n };
    sum.n += sign;
    sum.amount += sign === 1 ? amount : -amount;
    sum.fee += sign === 1 ? fee : -fee;
    this.sums.set(sumKey, sum);
  }

  get empty(): boolean {
    return this.counts.size === 0 && this.sums.size === 0;
  }

  /** Writes every change (inside the caller's transaction). */
  apply(db: Database): void {
    const upsertCount = db.prepare(
      `INSERT INTO ledger_counts (grain, bucket, account_id, currency, event_code, status, balance_affecting, n)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT DO UPDATE SET n = n + excluded.n`,
    );
    const dropEmpty = db.prepare(
      `DELETE FROM ledger_counts WHERE grain = ? AND bucket = ? AND account_id = ? AND currency = ? AND event_code = ?
       AND status = ? AND balance_affecting = ? AND n <= 0`,
    );
    for (const [k, n] of this.counts) {
      if (n === 0) continue;
      const [
        grain = 'D',
        bucket = '0',
        account = '',
        currency = '',
        code = '',
        status = '',
        affecting = '0',
      ] = k.split(SEP);
      const args = [grain, Number(bucket), account, currency, code, status, Number(affecting)] as const;
      upsertCount.run(...args, n);
      if (n < 0) dropEmpty.run(...args);
    }
    const readSum = db.prepare(
      'SELECT n, amount, fee FROM ledger_daily WHERE account_id = ? AND currency = ? AND day = ? AND event_code = ?',
    );
    const writeSum = db.prepare(
      `INSERT INTO ledger_daily (account_id, currency, day, event_code, n, amount, fee) VALUES (?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT DO UPDATE SET n = excluded.n, amount = excluded.amount, fee = excluded.fee`,
    );
    const dropSum = db.prepare(
      'DELETE FROM ledger_daily WHERE account_id = ? AND currency = ? AND day = ? AND event_code = ?',
    );
    for (const [k, delta] of this.sums) {
      const [account = '', currency = '', day = '0', code = ''] = k.split(SEP);
      const key = [account, currency, Number(day), code] as const;
      const row = readSum.get(...key) as { n: number; amount: string; fee: string } | undefined;
      const n = (row?.n ?? 0) + delta.n;
      if (n <= 0) {
        dropSum.run(...key);
        continue;
      }
      const amount = BigInt(row?.amount ?? '0') + delta.amount;
      const fee = BigInt(row?.fee ?? '0') + delta.fee;
      writeSum.run(...key, n, amount.toString(), fee.toString());
    }
    this.counts.clear();
    this.sums.clear();
  }
}
