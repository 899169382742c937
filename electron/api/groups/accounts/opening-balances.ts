import { toMinor } from '../../../../shared/money.js';
import type { Ledger } from '../../../ledger/ledger.js';
import type { NewLedgerEntry } from '../../../ledger/ledger-types.js';
import type { Account } from '../../../store/repositories/accounts-repo.js';

/**
 * An account's opening balances live in the ledger like every other movement: one T0300 line per
 * non-zero currency under the transaction id `OPEN` + account id (17 characters, like every transaction
 * id). The id is fixed, so writing the lines is idempotent: a workspace made before accounts had ledger
 * lines gets them on its next start, and a reset writes them again after the ledger was emptied.
 */
export const openingTransactionId = (accountId: string): string => `OPEN${accountId}`;

export function openingLines(account: Account, atMs: number): NewLedgerEntry[] {
  return account.balances.flatMap((balance) => {
    const minor = toMinor(balance.value, balance.currency_code);
    if (minor <= 0n) return [];
    return [
      {
        accountId: account.id,
        transactionId: openingTransactionId(account.id),
        eventCode: 'T0300',
        status: 'S' as const,
        initiatedMs: atMs,
        currency: balance.currency_code,
        amountMinor: minor,
        feeMinor: 0n,
        source: 'sandbox',
        details: { subject: 'Opening balance of the sandbox account' },
      },
    ];
  });
}

/** Writes the opening lines of every account that has none yet (call inside a transaction). */
export function ensureOpeningBalances(ledger: Ledger, accounts: readonly Account[], atMs: number): void {
  for (const account of accounts) {
    if (ledger.repo.byTransaction(openingTransactionId(account.id)).length > 0) continue;
    const lines = openingLines(account, atMs);
    if (lines.length > 0) ledger.writer.record(lines);
  }
}
