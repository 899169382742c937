import type { LedgerLine } from '../../shared/bridge.js';
import { isoSeconds } from '../clock.js';
import { fromMinor, money } from '../../shared/money.js';
import type { StoredResource } from '../store/repositories/resources-repo.js';
import type { Store } from '../store/store.js';
import type { EntryRow, LedgerRepository } from './ledger-repo.js';
import type { LedgerEntry } from './ledger-types.js';
import type { TransactionCodes } from './transaction-codes.js';

/**
 * How much one lookup carries, whatever the volume: a lineage of at most `lineage` resources is shown
 * whole; a larger one (a 15,000-item batch) shows the resources the id names and its root, and says how
 * many of each kind there are, for the view to page. At most `ledger` entries travel, oldest first;
 * the count and the net cover every entry found.
 */
export const SUPPORT_LIMITS = { lineage: 25, ledger: 200 } as const;

/** What the lookup needs to know of the registered kinds (it knows no group). */
export interface SupportKinds {
  list(): string[];
  /** The kinds at the root of `kind`'s lineage (several for a kind that joins others' lineages). */
  rootKindsOf(kind: string): readonly string[];
  /** The kinds whose lineage starts at `rootKind`. */
  lineageOf(rootKind: string): string[];
}

export interface SupportFindings {
  query: string;
  matches: { kind: string; id: string }[];
  /** The root of the lineage: a resource's root, or an order id from the ledger. */
  rootId: string | null;
  /** The root resource, when the store holds it. */
  root: StoredResource<unknown, unknown> | null;
  /** The resources shown in full: the whole lineage when it is small, else the ones the id names and the root. */
  resources: StoredResource<unknown, unknown>[];
  /** Lineage kinds with more resources than `resources` holds, with their count (for paging). */
  related: { kind: string; total: number }[];
  /** The first `SUPPORT_LIMITS.ledger` entries found, oldest first. */
  ledger: LedgerEntry[];
  ledgerTotal: number;
  /** Net (amount + fee) of every balance-affecting entry found, minor units per currency. */
  net: Map<string, bigint>;
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

/** The net of a currency as a decimal string (for the bridge). */
export const netAmounts = (net: Map<string, bigint>) =>
  [...net].map(([currency, minor]) => ({ currency_code: currency, value: fromMinor(minor, currency) }));

// Entries naming one of the ids as their transaction or their order; both columns are indexed, so the
// cost follows the entries found, never the size of the ledger.
const FOUND = `SELECT seq FROM ledger_entries WHERE transaction_id IN (SELECT value FROM json_each(?1))
  UNION SELECT seq FROM ledger_entries WHERE order_id IN (SELECT value FROM json_each(?1))`;

/** The ledger side of a lookup: the first entries, how many there are, and their net. */
function ledgerOf(ledger: LedgerRepository, ids: readonly string[], limit: number) {
  const db = ledger.db;
  const key = JSON.stringify([...new Set(ids)]);
  const rows = db
    .prepare(`SELECT * FROM ledger_entries WHERE seq IN (${FOUND}) ORDER BY initiated_ms, seq LIMIT ?2`)
    .all(key, limit) as unknown as EntryRow[];
  let total = 0;
  const net = new Map<string, bigint>();
  const sums = db.prepare(
    `SELECT currency, amount, fee, balance_affecting FROM ledger_entries WHERE seq IN (${FOUND})`,
  );
  for (const row of sums.iterate(key) as Iterable<{
    currency: string;
    amount: string;
    fee: string;
    balance_affecting: number;
  }>) {
    total++;
    if (row.balance_affecting !== 1) continue;
    net.set(row.currency, (net.get(row.currency) ?? 0n) + BigInt(row.amount) + BigInt(row.fee));
  }
  return { entries: rows.map((row) => ledger.entry(row)), total, net };
}

/**
 * The ledger transaction a resource's view names (a payout item's `transaction_id`): its entries are
 * booked under that id, not under the resource's own.
 */
function transactionIdOf(resource: StoredResource<unknown, unknown>): string | undefined {
  const named = (resource.body as Record<string, unknown> | null)?.['transaction_id'];
  return typeof named === 'string' && named !== '' ? named : undefined;
}

/** The registered kind that stores a resource under `id`, if any (a lookup by key per kind). */
function kindHolding(store: Store, kinds: SupportKinds, id: string): string | undefined {
  return kinds.list().find((kind) => store.resources.get(kind, id) !== undefined);
}

/** Of the kinds a root may be, the one that stores `rootId` (the only one when there is one). */
function rootKindHolding(store: Store, candidates: readonly string[], rootId: string): string | null {
  if (candidates.length <= 1) return candidates[0] ?? null;
  return candidates.find((kind) => store.resources.get(kind, rootId) !== undefined) ?? candidates[0] ?? null;
}

/**
 * The support agent's lookup: any id (a resource of any registered kind, a ledger transaction, or `O-`
 * and an order id) leads to the root of its lineage, the resources of it and the ledger entries of
 * them; bounded by `limits` at any volume.
 */
export function supportLookup(
  store: Store,
  ledger: LedgerRepository,
  kinds: SupportKinds,
  raw: string,
  limits: { lineage: number; ledger: number } = SUPPORT_LIMITS,
): SupportFindings {
  const query = raw.trim().toUpperCase();
  const id = query.length === 19 && query.startsWith('O-') ? query.slice(2) : query;
  const matches: SupportFindings['matches'] = [];
  let rootId: string | null = null;
  let rootKind: string | null = null;
  const found: StoredResource<unknown, unknown>[] = [];
  for (const kind of kinds.list()) {
    const resource = store.resources.get(kind, id);
    if (!resource) continue;
    matches.push({ kind, id });
    found.push(resource);
    if (rootId === null && resource.root_id) {
      rootId = resource.root_id;
      rootKind =
        resource.root_id === resource.id
          ? resource.kind
          : rootKindHolding(store, kinds.rootKindsOf(resource.kind), resource.root_id);
    }
  }
  const direct = ledgerOf(ledger, [id], 1);
  const asTransaction = ledger.byTransaction(id);
  if (asTransaction.length > 0) matches.push({ kind: 'transaction', id });
  // An id known only to the ledger: its order (generated history has no API resources).
  if (rootId === null) {
    rootId = asTransaction.find((e) => e.orderId)?.orderId ?? direct.entries[0]?.orderId ?? null;
    // The ledger's order column names the root of whatever was paid (an order, an invoice, a
    // subscription): its kind is the one that holds that id; generated history holds none (an order).
    if (rootId !== null) rootKind = kindHolding(store, kinds, rootId) ?? 'order';
  }
  if (matches.length === 0 && direct.total > 0 && rootId === id) matches.push({ kind: 'order', id });

  const root = rootId && rootKind ? (store.resources.get(rootKind, rootId) ?? null) : null;
  // The lineage, counted per kind first: a small one is shown whole, a large one only counted.
  const lineageKinds = rootKind ? kinds.lineageOf(rootKind) : [];
  const counts = rootId
    ? lineageKinds.map((kind) => ({
        kind,
        total: store.resources.list(kind, { rootId: rootId ?? '' }, 0, 0).total,
      }))
    : [];
  const lineageSize = counts.reduce((sum, c) => sum + c.total, 0);
  let resources: StoredResource<unknown, unknown>[];
  let related: SupportFindings['related'] = [];
  if (rootId && lineageSize > 0 && lineageSize <= limits.lineage) {
    resources = counts
      .filter((c) => c.total > 0)
      .flatMap((c) => store.resources.byRoot(c.kind, rootId ?? ''));
  } else {
    const shown = new Map(found.map((r) => [`${r.kind}:${r.id}`, r]));
    if (root) shown.set(`${root.kind}:${root.id}`, root);
    // Root first, as in a whole lineage.
    resources = [...shown.values()].sort((a, b) => Number(b.id === rootId) - Number(a.id === rootId));
    related = counts.filter(
      (c) => c.total > 0 && c.total > resources.filter((r) => r.kind === c.kind).length,
    );
  }

  const ids = [id, ...(rootId ? [rootId] : []), ...resources.map((r) => r.id)];
  for (const resource of resources) {
    const named = transactionIdOf(resource);
    if (named) ids.push(named);
  }
  // The root's own entries name it as their order (an order's payments); a large root's members are
  // counted above and paged, not read here.
  const entries = ledgerOf(ledger, ids, limits.ledger);
  return {
    query,
    matches,
    rootId,
    root,
    resources: resources.length > 0 ? resources : found,
    related,
    ledger: entries.entries,
    ledgerTotal: entries.total,
    net: entries.net,
  };
}
