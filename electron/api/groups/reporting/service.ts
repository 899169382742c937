import {
  FIELD_GROUPS,
  REPORTING_LIMITS,
  checkReportRange,
  formatReportDateTime,
  historyStart,
  parseAmountRange,
  parseReportDateTime,
  type BalancesResponse,
  type CurrencyBalance,
  type FieldGroup,
  type ReportDateFormat,
  type TransactionSearchResponse,
  type TransactionStatus,
} from '../../../../shared/api/reporting/schemas.js';
import {
  FILTER_PARAMETERS,
  type BalancesParams,
  type ReportingHeaderParams,
  type TransactionSearchParams,
} from '../../../../shared/api/reporting/query-schemas.js';
import type { ErrorDetail } from '../../../../shared/errors.js';
import { money } from '../../../../shared/money.js';
import type { LedgerReads } from '../../../ledger/ledger-reads.js';
import type { LedgerFilter } from '../../../ledger/ledger-types.js';
import type { ApiDeps } from '../../deps.js';
import { type ApiError, detail, invalidRequest } from '../../pipeline/api-error.js';
import { pageLinks, pageOffset, readPage, type PageLinkRule } from '../../pipeline/paging.js';
import type { RequestContext } from '../../route.js';
import type { ReportingSettingsStore } from './settings.js';
import { transactionDetail } from './transaction-view.js';

const TRANSACTIONS_PATH = '/v1/reporting/transactions';
/** First and last on every page; no previous from a page past the end. */
const TRANSACTION_PAGE_LINKS: readonly PageLinkRule[] = [
  { step: 'self' },
  { step: 'first', always: true },
  { step: 'prev', onlyWithinPages: true },
  { step: 'next' },
  { step: 'last', always: true },
];

export function dateFormatOf(headers: ReportingHeaderParams | undefined): ReportDateFormat {
  return headers?.['svc-enforce-iso8601-format']?.toLowerCase() === 'true' ? 'iso' : 'legacy';
}

/** The groups `fields` selects: `transaction_info` by default, every group for `all`. */
function groupsOf(fields: string | undefined): Set<FieldGroup> {
  if (fields === undefined) return new Set(['transaction_info']);
  if (fields === 'all') return new Set(FIELD_GROUPS);
  return new Set(fields.split(',') as FieldGroup[]);
}

const rangeError = (
  problems: ReturnType<typeof checkReportRange>,
  values: Record<string, string>,
): ApiError =>
  invalidRequest(
    ...problems.map((p) =>
      detail(p.issue, {
        field: p.field,
        value: values[p.field],
        location: 'query',
        description: p.description,
      }),
    ),
  );

/**
 * Transaction search and balances (spec 2.15, 4.11, 8, 9.3), read only from the ledger. The visibility
 * delay and the 3-year history run on the simulated clock.
 */
export class ReportingService {
  constructor(
    private readonly deps: ApiDeps,
    private readonly reads: LedgerReads,
    readonly settings: ReportingSettingsStore,
  ) {}

  search(
    query: TransactionSearchParams,
    headers: ReportingHeaderParams | undefined,
    ctx: RequestContext,
  ): TransactionSearchResponse {
    const format = dateFormatOf(headers);
    const startMs = parseReportDateTime(query.start_date) ?? 0;
    const endMs = parseReportDateTime(query.end_date) ?? 0;
    const now = this.deps.clock.now();
    const problems = checkReportRange(startMs, endMs, now);
    if (problems.length > 0)
      throw rangeError(problems, { start_date: query.start_date, end_date: query.end_date });

    const refreshed = this.settings.lastRefreshed(now);
    const filter: LedgerFilter = {
      accountId: ctx.merchant.id,
      fromMs: startMs,
      toMs: Math.min(endMs, refreshed),
      balanceAffectingOnly: query.balance_affecting_records_only !== 'N',
    };
    const id = query.transaction_id;
    if (id !== undefined) {
      // 19 characters: `O-` and an order id (every entry of that order); 17: a transaction or an order id.
      if (id.length === 19 && id.startsWith('O-')) filter.orderId = id.slice(2);
      else filter.transactionId = id;
    }
    if (query.transaction_type !== undefined) filter.eventCode = query.transaction_type;
    if (query.transaction_status !== undefined) filter.status = query.transaction_status as TransactionStatus;
    if (query.transaction_currency !== undefined) filter.currency = query.transaction_currency;
    if (query.payment_instrument_type !== undefined) filter.instrumentType = query.payment_instrument_type;
    if (query.store_id !== undefined) filter.storeId = query.store_id;
    if (query.terminal_id !== undefined) filter.terminalId = query.terminal_id;
    const range =
      query.transaction_amount !== undefined ? parseAmountRange(query.transaction_amount) : undefined;
    if (range) {
      filter.amountLow = range.low;
      filter.amountHigh = range.high;
    }

    const request = readPage(query, { defaultPageSize: REPORTING_LIMITS.defaultPageSize });
    const { page, pageSize } = request;
    const total = filter.toMs < filter.fromMs ? 0 : this.reads.count(filter);
    const totalPages = Math.ceil(total / pageSize);
    const offset = pageOffset(request);
    const entries = page <= totalPages ? this.reads.page(filter, offset, pageSize) : [];

    // Spec 4.11: with any filter, ending_balance is empty; without one the list is every balance-affecting
    // entry in order, so each entry can carry the balance right after it. A page that follows the one
    // read before goes on from that page's balances.
    const unfiltered = FILTER_PARAMETERS.every((name) => query[name] === undefined);
    const running = new Map<string, bigint>(unfiltered ? this.reads.balancesAt(filter, offset) : undefined);
    const groups = groupsOf(query.fields);
    const details = entries.map((entry) => {
      let ending: bigint | undefined;
      if (unfiltered && entry.balanceAffecting) {
        const before =
          running.get(entry.currency) ??
          this.reads.balance(entry.accountId, entry.currency, entry.initiatedMs, entry.seq);
        ending = before + entry.amountMinor + entry.feeMinor;
        running.set(entry.currency, ending);
      }
      return transactionDetail(entry, groups, format, ending);
    });
    if (unfiltered && entries.length > 0) this.reads.noteBalancesAt(filter, offset + entries.length, running);

    return {
      transaction_details: details,
      start_date: formatReportDateTime(startMs, format),
      end_date: formatReportDateTime(endMs, format),
      last_refreshed_datetime: formatReportDateTime(refreshed, format),
      page,
      total_items: total,
      total_pages: totalPages,
      // self, first, previous, next and last, each with every parameter of the request.
      links: pageLinks({
        baseUrl: ctx.baseUrl,
        path: TRANSACTIONS_PATH,
        request,
        total,
        params: query,
        rules: TRANSACTION_PAGE_LINKS,
      }),
    };
  }

  balances(
    query: BalancesParams,
    headers: ReportingHeaderParams | undefined,
    ctx: RequestContext,
  ): BalancesResponse {
    const format = dateFormatOf(headers);
    const now = this.deps.clock.now();
    const refreshed = this.settings.lastRefreshed(now);
    const visible = this.settings.visibleUntil(now);
    let asOf = visible;
    if (query.as_of_time !== undefined) {
      const requested = parseReportDateTime(query.as_of_time) ?? 0;
      if (requested < historyStart(now)) {
        const problem: ErrorDetail = detail('DATE_BEYOND_HISTORY', {
          field: 'as_of_time',
          value: query.as_of_time,
          location: 'query',
          description: `Balances reach back ${REPORTING_LIMITS.historyYears} years; the earliest is ${formatReportDateTime(historyStart(now), 'iso')}.`,
        });
        throw invalidRequest(problem);
      }
      // A time on a whole second stands for all of that second; nothing after the last refresh is known
      // yet (the visibility delay).
      asOf = Math.min(requested + 999, visible);
    }
    const account = ctx.merchant;
    const primary = account.balances[0]?.currency_code ?? 'USD';
    const currencies =
      query.currency_code !== undefined
        ? [query.currency_code]
        : [...new Set([primary, ...this.reads.currencies(account.id)])];
    const balances = currencies.map((currency) =>
      this.currencyBalance(account.id, currency, asOf, currency === primary),
    );
    return {
      balances,
      account_id: account.id,
      as_of_time: formatReportDateTime(asOf, format),
      last_refresh_time: formatReportDateTime(refreshed, format),
    };
  }

  currencyBalance(accountId: string, currency: string, atMs: number, primary: boolean): CurrencyBalance {
    const total = this.reads.balance(accountId, currency, atMs);
    const withheld = this.reads.withheld(accountId, currency, atMs);
    return {
      currency,
      primary,
      total_balance: money(total, currency),
      available_balance: money(total - withheld, currency),
      withheld_balance: money(withheld, currency),
    };
  }
}
