import type { LedgerLine } from '../../shared/bridge.js';
import { isoSeconds } from '../clock.js';
import { money } from '../../shared/money.js';
import type { StoredResource } from '../store/repositories/resources-repo.js';
import type { Store } from '../store/store.js';
import type { LedgerRepository } from './ledger-repo.js';
import type { LedgerEntry } from './ledger-types.js';
import type { TransactionCodes } from './transaction-codes.js';

export interface SupportFindings {
  query: string;
  matches: { kind: string; id: string }[];
  /** The root of the lineage: an order, from a resource or from the ledger's order id. */
  rootId: string | null;
  /** Every resource of the lineage, root first (or the one resource found). */
  resources: StoredResource<unknown, unknown>[];
  ledger: LedgerEntry[];
}

/** A ledger entry as the support view shows it. */
export function ledgerLine(entry: LedgerEntry, codes: TransactionCodes): LedgerLine {
  return {
    seq: entry.seq,
    account_id: entry.accountId,
    transaction_id: entry.transactionId,
    event_code: entry.eventCode,
    event_name: codes.get(entry.eventCode)?.name ?? entry.eventCode,
    status: entry.status,
    initiated: isoSeconds(entry.initiatedMs),
    updated: isoSeconds(entry.updatedMs),
    amount: money(entry.amountMinor, entry.currency),
    fee: money(entry.feeMinor, entry.currency),
    net: money(entry.amountMinor + entry.feeMinor, entry.currency),
    balance_affecting: entry.balanceAffecting,
    order_id: entry.orderId,
    reference_id: entry.referenceId,
    source: entry.source,
    ...(entry.instrumentType ? { instrument_type: entry.instrumentType } : {}),
  };
}

/**
 * The support agent's lookup: any id (a resource of any registered kind, a transaction, or `O-` and an
 * order id) leads to the root of its lineage, every resource of that lineage and every ledger entry of
 * them. `kinds` are the registered resource kinds (the lookup knows no group).
 */
export function supportLookup(
  store: Store,
  ledger: LedgerRepository,
  kinds: readonly string[],
  raw: string,
): SupportFindings {
  const query = raw.trim().toUpperCase();
  const id = query.length === 19 && query.startsWith('O-') ? query.slice(2) : query;
  const matches: SupportFindings['matches'] = [];
  let rootId: string | null = null;
  const found: StoredResource<unknown, unknown>[] = [];
  for (const kind of kinds) {
    const resource = store.resources.get(kind, id);
    if (!resource) continue;
    matches.push({ kind, id });
    found.push(resource);
    rootId ??= resource.root_id;
  }
  const direct = ledger.related(id);
  if (direct.some((e) => e.transactionId === id)) matches.push({ kind: 'transaction', id });
  rootId ??= direct.find((e) => e.orderId)?.orderId ?? null;
  // An order known only from the ledger (generated history has no API resources).
  if (matches.length === 0 && direct.length > 0 && rootId === id) matches.push({ kind: 'order', id });

  const resources = rootId ? kinds.flatMap((kind) => store.resources.byRoot(kind, rootId ?? '')) : found;
  const entries = new Map<number, LedgerEntry>();
  for (const entry of [...direct, ...(rootId && rootId !== id ? ledger.related(rootId) : [])])
    entries.set(entry.seq, entry);
  return {
    query,
    matches,
    rootId,
    resources: resources.length > 0 ? resources : found,
    ledger: [...entries.values()].sort((a, b) => a.initiatedMs - b.initiatedMs || a.seq - b.seq),
  };
}
