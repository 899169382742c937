import type { Machine } from '../machines/machine.js';
import type { AnyEndpoint } from './endpoint.js';
import type { TransactionCode } from '../ledger/transaction-codes.js';
import type { IssueDefinition } from './issue.js';

/**
 * The half of an API group both sides import: its issues, the machines of its resource kinds, and its
 * endpoints (the host binds handlers to them; the console completes and validates with them).
 */
export interface SharedGroup<I extends Record<string, IssueDefinition>> {
  name: string;
  issues: I;
  /** Machines by resource kind. */
  machines: Readonly<Record<string, Machine<string, string>>>;
  endpoints: readonly AnyEndpoint[];
  /** Scopes its endpoints require, granted to the sandbox app. */
  scopes: readonly string[];
  /** The ledger codes it posts, where money moves (the Reports page and the ledger read them joined). */
  transactionCodes?: readonly TransactionCode[];
}

export type AnySharedGroup = SharedGroup<Record<string, IssueDefinition>>;

export function defineSharedGroup<I extends Record<string, IssueDefinition>>(
  group: SharedGroup<I>,
): SharedGroup<I> {
  return group;
}
