import type { ResourceKind } from '../../../shared/bridge';

/**
 * Every react-query key of the workbench. Keys are built as prefixes of one another on purpose:
 * invalidating a prefix (`resources.all`, `webhooks.all`) refreshes every view under it, and the
 * shell's host-event handler (`app/use-host-events.ts`) invalidates exactly these prefixes. A view is
 * live when its key starts with one of them; a key outside them (a log entry) is never refreshed.
 */
export const queryKeys = {
  /** Host info: the simulated clock and the active environment (invalidated when the clock moves). */
  info: ['info'] as const,
  environments: ['environments'] as const,

  /** Lists of resources (invalidated by every resource change). */
  resources: {
    all: ['resources'] as const,
    page: (
      kind: ResourceKind,
      view: { status: string; search: string; page: number; sortBy: string; sortOrder: string },
    ) => ['resources', kind, view] as const,
    /** The console's recent ids for a `{id}` placeholder. */
    recent: (kind: ResourceKind | undefined) => ['resources', kind, 'console-ids'] as const,
    /** One page of a large lineage in the transaction view (a batch's items). */
    related: (kind: ResourceKind, rootId: string, page: number) =>
      ['resources', kind, 'related', rootId, page] as const,
  },

  /** One resource and what hangs off it (invalidated by every resource change and clock move). */
  resource: {
    all: ['resource'] as const,
    detail: (kind: ResourceKind, id: string) => ['resource', kind, id] as const,
    /** An authorization's order, read for its original amount (a reauthorization replaced the amount). */
    orderOfAuthorization: (orderId: string | null) =>
      ['resource', 'order', orderId, 'of-authorization'] as const,
    /** The transaction view of any id. */
    support: (id: string | undefined) => ['resource', 'support', id] as const,
  },

  /**
   * The Payouts page. Item lists and counts are under `resources`, so every resource change refreshes
   * them. A batch as the API shows it and a batch's snapshot (with every item it decided) are outside
   * every invalidated prefix on purpose: a 15,000-item batch sends 15,000 change events, and each would
   * re-read them; the page polls the one while the batch is in flight and reads the other once per status,
   * and the page's own writes invalidate `payouts.all`.
   */
  payouts: {
    all: ['payouts'] as const,
    batch: (batchId: string) => ['payouts', 'batch', batchId] as const,
    snapshot: (batchId: string, status: string) => ['payouts', 'snapshot', batchId, status] as const,
    items: (batchId: string, filter: { status: string; page: number }) =>
      ['resources', 'payout-item', 'of-batch', batchId, filter] as const,
    itemCounts: (batchId: string) => ['resources', 'payout-item', 'counts', batchId] as const,
    unclaimed: (batchId: string) => ['resources', 'payout-item', 'unclaimed', batchId] as const,
    /** A referenced batch as `GET /v1/payments/referenced-payouts/{id}` answers (polled while processing). */
    referencedBatch: (batchId: string) => ['payouts', 'referenced-batch', batchId] as const,
    /** The merchant's balances today, from its ledger (what funds a batch). */
    balances: ['resources', 'payout-balances'] as const,
    /** The captures a referenced payout may name, for the form's suggestions. */
    recentCaptures: ['resources', 'capture', 'recent-for-referenced-payouts'] as const,
  },

  /**
   * The Plans and Subscriptions pages. They read the API itself (its lists carry names and schedules
   * the host's summaries lack), under the `resources` and `resource` prefixes so every resource change
   * and clock move refreshes them: a renewal shows without a reload.
   */
  billing: {
    products: (page: number) => ['resources', 'billing', 'products', page] as const,
    product: (id: string) => ['resource', 'billing', 'product', id] as const,
    plans: (productId: string, page: number) => ['resources', 'billing', 'plans', productId, page] as const,
    /** The plans a picker offers (a product's first pages), all or only the ACTIVE ones. */
    planChoices: (productId: string, activeOnly: boolean) =>
      ['resources', 'billing', 'plans', productId, 0, activeOnly ? 'active' : 'all'] as const,
    plan: (id: string) => ['resource', 'billing', 'plan', id] as const,
    subscriptions: (planId: string, page: number) =>
      ['resources', 'billing', 'subscriptions', planId, page] as const,
    subscription: (id: string) => ['resource', 'billing', 'subscription', id] as const,
    /** A subscription's sales (`/transactions`) between two times, and the ledger lines of its lineage. */
    transactions: (id: string, start: string | undefined, end: string | undefined) =>
      ['resource', 'billing', 'transactions', id, start, end] as const,
    ledger: (id: string) => ['resource', 'billing', 'ledger', id] as const,
    legacyPlans: (page: number) => ['resources', 'billing', 'legacy-plans', page] as const,
    legacyPlan: (id: string) => ['resource', 'billing', 'legacy-plan', id] as const,
    legacyAgreement: (id: string) => ['resource', 'billing', 'legacy-agreement', id] as const,
  },

  /** The request log (invalidated on every logged request). */
  requestLog: {
    all: ['request-log'] as const,
    list: <F>(filters: F) => ['request-log', 'list', filters] as const,
    /** Entries never change: this key stays out of the `request-log` prefix the shell invalidates. */
    entry: (id: number) => ['request-log-entry', id] as const,
  },

  /** Reporting (invalidated when history is generated). */
  reports: {
    all: ['reports'] as const,
    searches: ['reports', 'search'] as const,
    search: <F>(form: F, page: number, pageSize: number) =>
      ['reports', 'search', form, page, pageSize] as const,
    balances: ['reports', 'balances'] as const,
    summary: (days: number) => ['reports', 'summary', days] as const,
  },

  /** The Events page: the webhooks API and the sandbox's listener (invalidated when it receives). */
  events: {
    all: ['webhooks'] as const,
    listener: ['webhooks', 'listener'] as const,
    messages: ['webhooks', 'messages'] as const,
    message: (id: string) => ['webhooks', 'message', id] as const,
    /** Every event list, whatever its filter. */
    eventLists: ['webhooks', 'events'] as const,
    events: (type: string) => ['webhooks', 'events', type] as const,
    /** Every single event. */
    eventDetails: ['webhooks', 'event'] as const,
    event: (id: string) => ['webhooks', 'event', id] as const,
    /** Every delivery list. */
    deliveryLists: ['webhooks', 'deliveries'] as const,
    deliveries: (eventId: string) => ['webhooks', 'deliveries', eventId] as const,
    subscriptions: ['webhooks', 'subscriptions'] as const,
    catalog: ['webhooks', 'catalog'] as const,
  },

  /** The start-here card of an empty workspace: whether there is an order yet, and the sandbox accounts. */
  startHere: {
    orders: ['resources', 'order', 'start-here'] as const,
    accounts: ['resources', 'sandbox-accounts', 'start-here'] as const,
  },

  /** The Accounts page: sandbox accounts with their ledger balances (a capture or a payout moves them). */
  accounts: {
    list: ['resources', 'sandbox-accounts'] as const,
  },

  /** The identity pages: SCIM users as the API answers, and the userinfo of the sandbox app. */
  identity: {
    users: (query: { userName: string; startIndex: number; count: number }) =>
      ['resources', 'scim-user', 'scim-list', query] as const,
    user: (id: string) => ['resource', 'scim-user', id, 'scim'] as const,
    /** A merchant's profile may change: under `resource`. */
    userinfo: ['resource', 'identity', 'userinfo'] as const,
  },

  /** The Invoices pages, as the invoicing API answers. */
  invoices: {
    search: <C>(criteria: C) => ['resources', 'invoices', 'search', criteria] as const,
    detail: (id: string) => ['resource', 'invoice', id, 'api'] as const,
  },

  /** The sandbox mailbox, by recipient (an invoice sent or a payout unclaimed adds to it). */
  mailbox: {
    all: ['resources', 'mailbox'] as const,
    messages: (recipient: string) => ['resources', 'mailbox', recipient] as const,
  },

  /** Orders v2's pages: a capture's shipment trackers (a tracker added or moved anywhere refreshes them). */
  orders: {
    captureTrackers: (captureId: string) => ['resources', 'tracker', 'of-capture', captureId] as const,
  },

  /** The Partners page's onboarding walk: the seller a referral made, polled until it appears, and its status. */
  partners: {
    seller: (partnerId: string, trackingId: string) =>
      ['resources', 'partner-seller', partnerId, trackingId] as const,
    sellerStatus: (partnerId: string, merchantId: string | undefined) =>
      ['resources', 'partner-seller-status', partnerId, merchantId] as const,
  },

  /** The Vault pages: the customers with vaulted tokens, and one customer's tokens by page. */
  vault: {
    customers: ['resources', 'payment-token', 'customers'] as const,
    customer: (customerId: string, page: number) =>
      ['resources', 'payment-token', 'customer', customerId, page] as const,
  },

  /** The Web experience profiles page, as the API lists them. */
  webProfiles: {
    list: ['resources', 'web-profile', 'api-list'] as const,
  },

  /**
   * The Disputes page: under `resources` and `resource`, so resource changes and clock moves refresh the
   * queue (time left) and the dispute (its due date, its links).
   */
  disputes: {
    queue: ['resources', 'dispute', 'queue'] as const,
    api: (id: string) => ['resource', 'dispute', id, 'as-the-api-shows-it'] as const,
  },
};
