import { fromMinor, toMinor } from '../../../../shared/money';

/** What a batch spends of one currency: its items' amounts and their fees (decimal strings). */
export interface BatchNeed {
  currency: string;
  amount: string;
  fees: string;
}

/** A currency the merchant's balance cannot cover for a batch, fees included. */
export interface Shortfall {
  currency: string;
  /** Amount plus fees. */
  needed: string;
  available: string;
  /** What to add so the batch is funded. */
  short: string;
}

/**
 * The currencies of `needs` that `balances` cannot fund, compared in exact minor units: the same test the
 * sandbox applies when it processes the batch (which denies it, paying nothing, when one fails). A currency
 * without a balance has none.
 */
export function shortfalls(
  needs: readonly BatchNeed[],
  balances: readonly { currency_code: string; value: string }[],
): Shortfall[] {
  const result: Shortfall[] = [];
  for (const need of needs) {
    const c = need.currency;
    const needed = toMinor(need.amount, c) + toMinor(need.fees, c);
    const balance = balances.find((b) => b.currency_code === c);
    const available = balance ? toMinor(balance.value, c) : 0n;
    if (available >= needed) continue;
    result.push({
      currency: c,
      needed: fromMinor(needed, c),
      available: fromMinor(available, c),
      short: fromMinor(needed - available, c),
    });
  }
  return result;
}
