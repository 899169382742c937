import type { GroupDeps } from '../../group-deps.js';

/**
 * The sender's available balance (its balance less what is withheld) as one chunk of a batch spends it.
 * The batch's funding check runs once, when it starts; between two chunks the API serves other calls, and
 * one of them (a drain, a refund, another payout) may take what the batch was counting on. Each chunk
 * therefore reads the balance again (once per currency) and pays an item only from what is left, so no
 * batch takes a balance below zero.
 */
export class SenderFunds {
  private readonly available = new Map<string, bigint>();

  constructor(
    private readonly deps: GroupDeps,
    private readonly sender: string,
    private readonly atMs: number,
  ) {}

  /** Takes `minor` of `currency` when the balance still covers it; false (nothing taken) when not. */
  take(currency: string, minor: bigint): boolean {
    let left = this.available.get(currency);
    if (left === undefined) {
      const reads = this.deps.ledger.reads;
      left =
        reads.balance(this.sender, currency, this.atMs) - reads.withheld(this.sender, currency, this.atMs);
    }
    if (left < minor) {
      this.available.set(currency, left);
      return false;
    }
    this.available.set(currency, left - minor);
    return true;
  }
}
