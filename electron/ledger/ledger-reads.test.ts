import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DAY_MS } from '../../shared/time-units.js';
import type { Database } from '../store/db.js';
import type { LedgerReads } from './ledger-reads.js';
import type { LedgerRepository } from './ledger-repo.js';
import { openMemoryLedger } from './ledger-test-kit.js';
import type { NewLedgerEntry } from './ledger-types.js';

const ACCOUNT = 'ACCOUNT-1';
const DAY = 20_000 * DAY_MS;

/** The balance as its definition says, from every stored row. */
function expected(db: Database, currency: string, untilMs: number, beforeSeq?: number): bigint {
  const rows = db
    .prepare(
      'SELECT seq, initiated_ms, amount, fee FROM ledger_entries WHERE account_id = ? AND currency = ? AND balance_affecting = 1',
    )
    .all(ACCOUNT, currency) as { seq: number; initiated_ms: number; amount: string; fee: string }[];
  return rows
    .filter(
      (r) =>
        r.initiated_ms < untilMs ||
        (r.initiated_ms === untilMs && (beforeSeq === undefined || r.seq < beforeSeq)),
    )
    .reduce((sum, r) => sum + BigInt(r.amount) + BigInt(r.fee), 0n);
}

describe('LedgerReads.balance', () => {
  let db: Database;
  let repo: LedgerRepository;
  let reads: LedgerReads;
  let n = 0;
  const entry = (
    initiatedMs: number,
    amount: number,
    over: Partial<NewLedgerEntry> = {},
  ): NewLedgerEntry => ({
    accountId: ACCOUNT,
    transactionId: `TX${String(++n).padStart(15, '0')}`,
    eventCode: 'T0006',
    status: 'S',
    initiatedMs: initiatedMs,
    currency: 'USD',
    amountMinor: BigInt(amount),
    feeMinor: BigInt(-Math.floor(amount / 10)),
    source: 'api',
    details: {},
    ...over,
  });

  beforeEach(() => {
    ({ db, repo, reads } = openMemoryLedger());
  });
  afterEach(() => db.close());

  it('agrees with the sum of the entries at every cut: before, within and after a busy day', () => {
    db.transaction(() =>
      repo.insert([
        entry(DAY - DAY_MS + 5, 10_000),
        entry(DAY - 1, 2_500),
        entry(DAY, 700),
        entry(DAY + 1_000, 1_234),
        entry(DAY + 1_000, 99),
        entry(DAY + 1_000, 45),
        entry(DAY + 5_000, -800, { eventCode: 'T0001' }),
        entry(DAY + 6_000, 5_000, { currency: 'EUR' }),
        entry(DAY + 7_000, 3_000, { status: 'D' }),
        entry(DAY + DAY_MS - 1, 321),
        entry(DAY + DAY_MS, 50),
      ]),
    );
    // A status change keeps the rollups exact: a reversed entry leaves the balance.
    db.transaction(() => repo.setStatus(repo.byTransaction(`TX${String(4).padStart(15, '0')}`), 'D', DAY));
    const seqs = (
      db.prepare('SELECT seq FROM ledger_entries WHERE initiated_ms = ? ORDER BY seq').all(DAY + 1_000) as {
        seq: number;
      }[]
    ).map((r) => r.seq);
    const cuts = [
      DAY - DAY_MS,
      DAY - 1,
      DAY,
      DAY + 999,
      DAY + 1_000,
      DAY + 4_999,
      DAY + 5_000,
      DAY + 10_000,
      DAY + DAY_MS - 2,
      DAY + DAY_MS - 1,
      DAY + DAY_MS,
      DAY + 3 * DAY_MS,
    ];
    for (const currency of ['USD', 'EUR']) {
      for (const cut of cuts) {
        expect(reads.balance(ACCOUNT, currency, cut), `${currency} at ${cut - DAY}`).toBe(
          expected(db, currency, cut),
        );
      }
      for (const seq of [...seqs, seqs[0]! - 1, seqs.at(-1)! + 1]) {
        expect(reads.balance(ACCOUNT, currency, DAY + 1_000, seq), `${currency} before #${seq}`).toBe(
          expected(db, currency, DAY + 1_000, seq),
        );
      }
    }
  });

  it('adds up the entries before the cut when many of the day follow it', () => {
    db.transaction(() =>
      repo.insert(
        Array.from({ length: 600 }, (_, i) =>
          entry(DAY + i * 100, 100 + i, i % 7 === 0 ? { status: 'D' } : {}),
        ),
      ),
    );
    for (const cut of [DAY, DAY + 150, DAY + 30_000, DAY + 59_900, DAY + DAY_MS - 1]) {
      expect(reads.balance(ACCOUNT, 'USD', cut), `at ${cut - DAY}`).toBe(expected(db, 'USD', cut));
    }
  });
});
