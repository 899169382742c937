/**
 * The ledger's transaction (event) codes: T-codes, `T` + a two-digit group + a two-digit type. The
 * ledger knows none of its own: each API group contributes the codes it posts (its shared half's
 * `transactionCodes`), as it contributes its event types, and the registries join them. The real
 * platform's enumeration is larger; any well-formed code is accepted as a search filter.
 */

export const TRANSACTION_CODE_PATTERN = /^T\d{4}$/;

/** One code: what it records and whether it moves the account's balance. */
export interface TransactionCode {
  code: string;
  name: string;
  /** Credit or debit of the merchant's balance, or a memo that moves no money. */
  direction: 'CR' | 'DR' | 'MEMO';
  balanceAffecting: boolean;
  /** What writes it; joined over every group that posts the code. */
  source: string;
}

/**
 * Adds one group's codes to a table. Several groups may post the same code (a sale is T0006 in Orders
 * v1, Payments v1 and Payments v2): they must agree on what it means, and the table names every source.
 */
export function addTransactionCodes(
  table: Map<string, TransactionCode>,
  contributed: readonly TransactionCode[],
  groupName: string,
): void {
  for (const code of contributed) {
    if (!TRANSACTION_CODE_PATTERN.test(code.code))
      throw new Error(`${groupName}: ${code.code} is not a transaction code (T and four digits)`);
    const known = table.get(code.code);
    if (!known) {
      table.set(code.code, { ...code });
      continue;
    }
    if (
      known.name !== code.name ||
      known.direction !== code.direction ||
      known.balanceAffecting !== code.balanceAffecting
    )
      throw new Error(
        `${groupName}: transaction code ${code.code} means something else elsewhere (${known.name})`,
      );
    table.set(code.code, { ...known, source: `${known.source}; ${code.source}` });
  }
}
