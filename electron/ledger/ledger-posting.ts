import type { TransactionStatus } from '../../shared/ledger/transaction-status.js';
import type { ResourceTransition } from '../api/transition-bus.js';
import type { NewLedgerEntry } from './ledger-types.js';

/**
 * What one transition does to the ledger, as data: the ledger writer applies the postings inside the
 * transaction of the transition, so money and state commit or roll back together.
 */
export type LedgerPosting =
  /** New entries (a capture's sale, a refund, an authorization's memo). */
  | { op: 'insert'; entry: NewLedgerEntry }
  /** Moves the entries of one transaction (only those with one of `codes`, when given) to `status`. */
  | {
      op: 'set-status';
      transactionId: string;
      codes?: readonly string[];
      status: TransactionStatus;
      atMs: number;
    };

/** Moves the entries of one transaction that have one of `codes` to `status` (a hold released, a sale voided). */
export const setStatus = (
  transactionId: string,
  codes: readonly string[],
  status: TransactionStatus,
  atMs: number,
): LedgerPosting => ({ op: 'set-status', transactionId, codes, status, atMs });

/** A group's rule from its transitions to ledger postings. */
export type LedgerPostings = (transition: ResourceTransition) => LedgerPosting[];
