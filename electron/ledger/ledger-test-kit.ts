import { TRANSACTION_CODES } from '../../shared/api/registry.js';
import { Database } from '../store/db.js';
import { LedgerReads } from './ledger-reads.js';
import { LedgerRepository } from './ledger-repo.js';
import { TransactionCodes } from './transaction-codes.js';

/** A ledger of its own in an in-memory database, every group's transaction codes known: for unit tests. */
export function openMemoryLedger(): { db: Database; repo: LedgerRepository; reads: LedgerReads } {
  const db = new Database({ kind: 'memory' });
  const codes = new TransactionCodes();
  codes.add(TRANSACTION_CODES, 'every group');
  const repo = new LedgerRepository(db, codes);
  return { db, repo, reads: new LedgerReads(repo) };
}
