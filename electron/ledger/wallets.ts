import type { ApiDeps } from '../api/deps.js';
import type { LedgerReads } from './ledger-reads.js';
import { newTransactionId, type LedgerWriter } from './ledger-writer.js';

/** What a wallet line says about itself in the payer's ledger. */
export interface WalletLine {
  /** The payment's code, as the payee's side of it has (T0002 a subscription payment, T0000 an invoice). */
  eventCode: string;
  subject: string;
  transactionId?: string;
}

/**
 * The sandbox accounts' wallets: a wallet's balance in a currency is what the ledger holds for the
 * account, and a wallet payment is a line on the payer's account. So the Accounts page, a drain that
 * provokes a failure, a subscription renewal and an invoice paid on the buyer's page all see the same
 * money. Call inside the caller's transaction.
 */
export class Wallets {
  constructor(
    private readonly deps: ApiDeps,
    private readonly reads: LedgerReads,
    private readonly writer: LedgerWriter,
  ) {}

  /** The balance now, in minor units. */
  balance(accountId: string, currency: string): bigint {
    return this.reads.balance(accountId, currency, this.deps.clock.now());
  }

  /** Takes `amountMinor` from the wallet; false, and nothing written, when the balance does not cover it. */
  debit(accountId: string, currency: string, amountMinor: bigint, line: WalletLine): boolean {
    if (amountMinor <= 0n) return true;
    if (this.balance(accountId, currency) < amountMinor) return false;
    this.write(accountId, currency, -amountMinor, line);
    return true;
  }

  /** Puts `amountMinor` into the wallet (a refund to a wallet, a balance the sandbox sets). */
  credit(accountId: string, currency: string, amountMinor: bigint, line: WalletLine): void {
    if (amountMinor <= 0n) return;
    this.write(accountId, currency, amountMinor, line);
  }

  private write(accountId: string, currency: string, amountMinor: bigint, line: WalletLine): void {
    this.writer.record([
      {
        accountId,
        transactionId: line.transactionId ?? newTransactionId(),
        eventCode: line.eventCode,
        status: 'S',
        initiatedMs: this.deps.clock.now(),
        currency,
        amountMinor,
        feeMinor: 0n,
        source: 'sandbox',
        details: { subject: line.subject },
      },
    ]);
  }
}
