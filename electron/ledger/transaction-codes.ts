import { addTransactionCodes, type TransactionCode } from '../../shared/ledger/transaction-codes.js';
import type { TransactionStatus } from '../../shared/ledger/transaction-status.js';

/**
 * The codes the ledger accepts, as the groups that post them contribute them (the host hands every
 * group's `transactionCodes` over at start, from the shared registry). An entry with a code nobody contributed is refused:
 * what it means for the balance would be a guess.
 */
export class TransactionCodes {
  private readonly table = new Map<string, TransactionCode>();

  add(codes: readonly TransactionCode[], groupName: string): void {
    addTransactionCodes(this.table, codes, groupName);
  }

  get(code: string): TransactionCode | undefined {
    return this.table.get(code);
  }

  /** An entry moves the balance when its code does and it was not denied. */
  isBalanceAffecting(code: string, status: TransactionStatus): boolean {
    return status !== 'D' && (this.table.get(code)?.balanceAffecting ?? true);
  }
}
