import { DAY_MS } from '../../shared/time-units.js';
import type { ReportingDay, ReportingSummary } from '../../shared/bridge.js';
import { fromMinor } from '../../shared/money.js';
import type { LedgerReads } from './ledger-reads.js';
import type { TransactionCodes } from './transaction-codes.js';

const dayName = (day: number): string => new Date(day * DAY_MS).toISOString().slice(0, 10);

/**
 * Daily totals per currency for the Reports charts (balance over time, daily volume, fees), from the
 * exact daily sums of the ledger: volume is money received, refunds and fees are what went out (fees
 * net of fees returned by refunds), balance is the end-of-day balance.
 */
export function reportingSummary(
  reads: LedgerReads,
  codes: TransactionCodes,
  accountId: string,
  primary: string,
  nowMs: number,
  days: number,
  currency: string | undefined,
): ReportingSummary {
  const lastDay = Math.floor(nowMs / DAY_MS);
  const firstDay = lastDay - days + 1;
  const currencies = currency ? [currency] : [...new Set([primary, ...reads.currencies(accountId)])];
  return {
    account_id: accountId,
    first_day: dayName(firstDay),
    last_day: dayName(lastDay),
    currencies: currencies.map((code) => {
      let balance = reads.balance(accountId, code, firstDay * DAY_MS - 1);
      const byDay = new Map<
        number,
        { volume: bigint; refunds: bigint; fees: bigint; net: bigint; count: number }
      >();
      for (const sum of reads.dailySums(accountId, code, firstDay, lastDay)) {
        const day = byDay.get(sum.day) ?? { volume: 0n, refunds: 0n, fees: 0n, net: 0n, count: 0 };
        const direction = codes.get(sum.event_code)?.direction;
        if (direction === 'CR' || (direction === undefined && sum.amount > 0n)) day.volume += sum.amount;
        else day.refunds -= sum.amount;
        day.fees -= sum.fee;
        day.net += sum.amount + sum.fee;
        day.count += sum.n;
        byDay.set(sum.day, day);
      }
      const series: ReportingDay[] = [];
      for (let day = firstDay; day <= lastDay; day++) {
        const totals = byDay.get(day) ?? { volume: 0n, refunds: 0n, fees: 0n, net: 0n, count: 0 };
        balance += totals.net;
        series.push({
          day: dayName(day),
          volume: fromMinor(totals.volume, code),
          refunds: fromMinor(totals.refunds, code),
          fees: fromMinor(totals.fees, code),
          net: fromMinor(totals.net, code),
          count: totals.count,
          balance: fromMinor(balance, code),
        });
      }
      return { currency: code, primary: code === primary, days: series };
    }),
  };
}
