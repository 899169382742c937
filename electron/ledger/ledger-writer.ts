import type { TransactionStatus } from '../../shared/ledger/transaction-status.js';
import { randomString } from '../../shared/ids.js';
import type { ApiDeps } from '../api/deps.js';
import type { ResourceTransition } from '../api/transition-bus.js';
import type { LedgerPosting, LedgerPostings } from './ledger-posting.js';
import type { LedgerRepository } from './ledger-repo.js';
import type { NewLedgerEntry } from './ledger-types.js';
import type { Settlement } from './settlement.js';
import type { TransactionCodes } from './transaction-codes.js';

/** A transaction id of the report: 17 capital letters and digits, like every payment id. */
export const newTransactionId = (): string => randomString('ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789', 17);

/**
 * Writes the ledger. It listens to every resource transition, inside the transaction that made it, and
 * applies the postings the resource's group declares for it (`GroupModule.ledger`), so a capture and
 * its ledger entry commit or roll back together. It knows no group: what a transition means for the
 * money is the group's rule.
 */
export class LedgerWriter {
  private readonly rules: LedgerPostings[] = [];

  constructor(
    deps: ApiDeps,
    private readonly repo: LedgerRepository,
    private readonly codes: TransactionCodes,
    private readonly settlement: Settlement,
  ) {
    deps.transitions.subscribe((transition) => this.onTransition(transition));
  }

  /** A group's postings rule (the group registry adds them). */
  addPostings(rule: LedgerPostings): void {
    this.rules.push(rule);
  }

  /** Records money movements (call inside the operation's transaction). */
  record(entries: readonly NewLedgerEntry[]): void {
    for (const entry of entries) {
      if (!this.codes.get(entry.eventCode))
        throw new Error(`Unknown ledger event code ${entry.eventCode}: no group contributes it`);
    }
    this.repo.insert(entries);
    if (entries.some((e) => e.status === 'P' && e.availableMs != null)) this.settlement.scheduleNext();
  }

  /** Moves the entries of one transaction and code to `status` (e.g. a payout item that completed). */
  updateStatus(transactionId: string, code: string, status: TransactionStatus, atMs: number): number {
    const moved = this.repo.setStatus(this.repo.byTransaction(transactionId, code), status, atMs);
    this.settlement.scheduleNext();
    return moved;
  }

  apply(postings: readonly LedgerPosting[]): void {
    const inserts: NewLedgerEntry[] = [];
    for (const posting of postings) {
      if (posting.op === 'insert') {
        inserts.push(posting.entry);
        continue;
      }
      if (inserts.length > 0) this.record(inserts.splice(0));
      const entries = this.repo
        .byTransaction(posting.transactionId)
        .filter((e) => !posting.codes || posting.codes.includes(e.eventCode));
      this.repo.setStatus(entries, posting.status, posting.atMs);
    }
    if (inserts.length > 0) this.record(inserts);
  }

  private onTransition(transition: ResourceTransition): void {
    for (const rule of this.rules) {
      const postings = rule(transition);
      if (postings.length > 0) this.apply(postings);
    }
  }
}
