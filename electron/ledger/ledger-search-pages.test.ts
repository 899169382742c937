import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DAY_MS } from '../../shared/time-units.js';
import type { Database } from '../store/db.js';
import type { LedgerReads } from './ledger-reads.js';
import type { LedgerRepository } from './ledger-repo.js';
import { openMemoryLedger } from './ledger-test-kit.js';
import type { LedgerFilter, NewLedgerEntry } from './ledger-types.js';

const ACCOUNT = 'ACCOUNT-1';
const START = 20_000 * DAY_MS;

describe('LedgerReads.page: the search pages, read in any order, around writes', () => {
  let db: Database;
  let repo: LedgerRepository;
  let reads: LedgerReads;
  let n = 0;
  const entry = (initiatedMs: number, over: Partial<NewLedgerEntry> = {}): NewLedgerEntry => ({
    accountId: ACCOUNT,
    transactionId: `TX${String(++n).padStart(15, '0')}`,
    eventCode: 'T0006',
    status: 'S',
    initiatedMs,
    currency: 'USD',
    amountMinor: 1_000n,
    feeMinor: -30n,
    source: 'api',
    details: {},
    ...over,
  });
  const insert = (entries: NewLedgerEntry[]) => db.transaction(() => repo.insert(entries));
  const filter: LedgerFilter = {
    accountId: ACCOUNT,
    fromMs: START,
    toMs: START + DAY_MS,
    balanceAffectingOnly: true,
  };

  /** The search's entries as its definition says, from every stored row: transaction ids, in order. */
  function expected(f: LedgerFilter = filter): string[] {
    return (
      db
        .prepare(
          `SELECT transaction_id FROM ledger_entries WHERE account_id = ? AND initiated_ms BETWEEN ? AND ?
           AND balance_affecting = 1 ORDER BY initiated_ms, seq`,
        )
        .all(f.accountId, f.fromMs, f.toMs) as { transaction_id: string }[]
    ).map((r) => r.transaction_id);
  }
  const ids = (page: number, size: number, f: LedgerFilter = filter) =>
    reads.page(f, (page - 1) * size, size).map((e) => e.transactionId);
  const expectedPage = (page: number, size: number, f: LedgerFilter = filter) =>
    expected(f).slice((page - 1) * size, page * size);

  beforeEach(() => {
    ({ db, repo, reads } = openMemoryLedger());
    // 1,000 entries, many sharing a millisecond (a payout batch writes hundreds at one instant).
    insert(Array.from({ length: 1_000 }, (_, i) => entry(START + Math.floor(i / 7) * 1_000)));
  });
  afterEach(() => db.close());

  it('reads every page of a search forward, backward and out of order exactly as the order defines it', () => {
    const size = 45;
    const pages = Math.ceil(1_000 / size);
    const forward = Array.from({ length: pages }, (_, i) => ids(i + 1, size)).flat();
    expect(forward).toEqual(expected());
    for (let page = pages; page >= 1; page--) expect(ids(page, size)).toEqual(expectedPage(page, size));
    for (const page of [3, 17, 4, 4, 22, 1, 9, 8, 10])
      expect(ids(page, size)).toEqual(expectedPage(page, size));
  });

  it('keeps reading right when its window grows while it pages, as reporting visibility moves on', () => {
    const narrow = { ...filter, toMs: START + 60_000 };
    expect(ids(1, 50, narrow)).toEqual(expectedPage(1, 50, narrow));
    const wider = { ...filter, toMs: START + 100_000 };
    expect(ids(2, 50, wider)).toEqual(expectedPage(2, 50, wider));
    expect(ids(3, 50, filter)).toEqual(expectedPage(3, 50));
  });

  it('moves the following pages when an entry is written before where the last page ended', () => {
    for (let page = 1; page <= 5; page++) ids(page, 100);
    // Inserted in the middle of page 1: every later entry moves one place on.
    insert([entry(START + 10_500)]);
    expect(ids(6, 100)).toEqual(expectedPage(6, 100));
    expect(ids(6, 100)[0]).toBe(expected()[500]);
  });

  it('moves the following pages when an early entry leaves the search (its status no longer moves the balance)', () => {
    for (let page = 1; page <= 5; page++) ids(page, 100);
    const early = reads.page(filter, 3, 1);
    db.transaction(() => repo.setStatus(early, 'D', START + 2 * DAY_MS));
    expect(ids(6, 100)).toEqual(expectedPage(6, 100));
  });

  it('forgets what a rolled-back write let it see', () => {
    for (let page = 1; page <= 2; page++) ids(page, 100);
    expect(() =>
      db.transaction(() => {
        repo.insert([entry(START + 5_500), entry(START + 5_500)]);
        // A page read inside the write sees its entries; the write then fails and they are gone.
        for (let page = 1; page <= 4; page++) ids(page, 100);
        throw new Error('the operation failed after its ledger write');
      }),
    ).toThrow('failed');
    expect(ids(5, 100)).toEqual(expectedPage(5, 100));
    expect(ids(3, 100)).toEqual(expectedPage(3, 100));
  });

  it('starts over when the ledger is emptied and written again', () => {
    for (let page = 1; page <= 5; page++) ids(page, 100);
    db.transaction(() => repo.deleteAll());
    insert(Array.from({ length: 700 }, (_, i) => entry(START + 50_000 + i)));
    expect(ids(6, 100)).toEqual(expectedPage(6, 100));
    expect(ids(7, 100)).toEqual(expectedPage(7, 100));
    expect(ids(8, 100)).toEqual([]);
  });

  it('keeps the searches apart: another filter has its own pages', () => {
    insert(Array.from({ length: 300 }, (_, i) => entry(START + i * 500, { currency: 'EUR' })));
    const euros: LedgerFilter = { ...filter, currency: 'EUR' };
    for (let page = 1; page <= 8; page++) ids(page, 100);
    const eurIds = (
      db
        .prepare(
          `SELECT transaction_id FROM ledger_entries WHERE currency = 'EUR' ORDER BY initiated_ms, seq`,
        )
        .all() as { transaction_id: string }[]
    ).map((r) => r.transaction_id);
    expect(ids(2, 100, euros)).toEqual(eurIds.slice(100, 200));
    expect(ids(3, 100, euros)).toEqual(eurIds.slice(200, 300));
  });
});
