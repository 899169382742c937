import type { ApiDeps } from '../api/deps.js';
import { LedgerReads } from './ledger-reads.js';
import { LedgerRepository } from './ledger-repo.js';
import { LedgerWriter } from './ledger-writer.js';
import { Settlement } from './settlement.js';
import { TransactionCodes } from './transaction-codes.js';
import { Wallets } from './wallets.js';

/**
 * The ledger, wired once before any group: every money movement is written here (groups declare their
 * postings), and reporting, balances and the support view read only from here, so every view of the
 * same money agrees.
 */
export class Ledger {
  /** Filled at start with every group's codes, before anything is written. */
  readonly codes = new TransactionCodes();
  readonly repo: LedgerRepository;
  readonly reads: LedgerReads;
  readonly settlement: Settlement;
  readonly writer: LedgerWriter;
  readonly wallets: Wallets;

  constructor(deps: ApiDeps) {
    this.repo = new LedgerRepository(deps.store.db, this.codes);
    this.reads = new LedgerReads(this.repo);
    this.settlement = new Settlement(deps, this.repo);
    this.writer = new LedgerWriter(deps, this.repo, this.codes, this.settlement);
    this.wallets = new Wallets(deps, this.reads, this.writer);
  }

  /** The sandbox reset: every entry goes (inside the reset's transaction). */
  reset(): void {
    this.repo.deleteAll();
  }
}
