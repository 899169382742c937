import { COMMON_ISSUES } from '../errors.js';
import type { AnyEndpoint } from './endpoint.js';
import type { IssueDefinition } from './issue.js';
import type { Machine } from '../machines/machine.js';
import { addTransactionCodes, type TransactionCode } from '../ledger/transaction-codes.js';
import { identityShared } from './identity/index.js';
import { invoicingShared } from './invoicing/index.js';
import { mailboxShared } from './mailbox/index.js';
import { billingV1Shared } from './billing-v1/index.js';
import { catalogProductsShared } from './catalog-products/index.js';
import { oauthShared } from './oauth/index.js';
import { ordersV1Shared } from './orders-v1/index.js';
import { accountsShared } from './accounts/index.js';
import { partnerReferralsShared } from './partner-referrals/index.js';
import { ordersV2Shared } from './orders-v2/index.js';
import { paymentsV1Shared } from './payments-v1/index.js';
import { paymentsV2Shared } from './payments-v2/index.js';
import { payoutsShared } from './payouts/index.js';
import { referencedPayoutsShared } from './referenced-payouts/index.js';
import { reportingShared } from './reporting/index.js';
import { sandboxShared } from './sandbox/index.js';
import { trackersShared } from './trackers/index.js';
import { vaultShared } from './vault/index.js';
import { subscriptionsShared } from './subscriptions/index.js';
import { webhooksShared } from './webhooks/index.js';
import { webProfilesShared } from './web-profiles/index.js';
import { disputesShared } from './disputes/index.js';

/**
 * Every API group's shared half, one line each. The console's endpoint list, the machines the UI
 * draws, the issue table behind every error body and the sandbox app's scopes are all read from here.
 */
export const SHARED_GROUPS = [
  oauthShared,
  ordersV1Shared,
  ordersV2Shared,
  paymentsV2Shared,
  paymentsV1Shared,
  payoutsShared,
  referencedPayoutsShared,
  webhooksShared,
  reportingShared,
  sandboxShared,
  identityShared,
  webProfilesShared,
  vaultShared,
  trackersShared,
  invoicingShared,
  mailboxShared,
  accountsShared,
  partnerReferralsShared,
  catalogProductsShared,
  subscriptionsShared,
  billingV1Shared,
  disputesShared,
] as const;

type IssueCodesOf<G> = G extends { issues: infer I } ? keyof I & string : never;

/** Every issue code: the pipeline's own and every group's. */
export type Issue = keyof typeof COMMON_ISSUES | IssueCodesOf<(typeof SHARED_GROUPS)[number]>;

function joinIssues(): Record<Issue, IssueDefinition> {
  const table: Record<string, IssueDefinition> = { ...COMMON_ISSUES };
  for (const group of SHARED_GROUPS) {
    for (const [code, definition] of Object.entries(group.issues as Record<string, IssueDefinition>)) {
      if (Object.hasOwn(table, code)) throw new Error(`issue ${code} is declared twice (${group.name})`);
      table[code] = definition;
    }
  }
  return table as Record<Issue, IssueDefinition>;
}

/** The one issue table: code -> error name (hence status) and description. */
export const ISSUES: Readonly<Record<Issue, IssueDefinition>> = joinIssues();

/** Every endpoint of every group, test helpers included. */
export const ENDPOINTS: readonly AnyEndpoint[] = SHARED_GROUPS.flatMap((group) => group.endpoints);

/** The machine of every resource kind. */
export const MACHINES: Readonly<Record<string, Machine<string, string>>> = Object.assign(
  {},
  ...SHARED_GROUPS.map((group) => group.machines),
);

/** Every resource kind the API stores. */
export const RESOURCE_KINDS: readonly string[] = Object.keys(MACHINES);

/** Every scope the sandbox app gets. */
export const ALL_SCOPES: readonly string[] = [...new Set(SHARED_GROUPS.flatMap((group) => group.scopes))];

function joinTransactionCodes(): readonly TransactionCode[] {
  const table = new Map<string, TransactionCode>();
  for (const group of SHARED_GROUPS) addTransactionCodes(table, group.transactionCodes ?? [], group.name);
  return [...table.values()].sort((a, b) => a.code.localeCompare(b.code));
}

/** Every ledger code some group posts, by code. */
export const TRANSACTION_CODES: readonly TransactionCode[] = joinTransactionCodes();

export const transactionCode = (code: string): TransactionCode | undefined =>
  TRANSACTION_CODES.find((c) => c.code === code);
