import { RESOURCE_KINDS } from './api/registry.js';
import { z } from 'zod';
import type { BridgeEventName, BridgeMethodName, LEFT_OUT_EVENT } from './bridge-methods.js';
import { REQUEST_SOURCES, type RequestSource } from './request-source.js';

/**
 * The one contract between the host (Electron main or the headless server) and the renderer. Every
 * method has a zod input schema (the host parses every call with it) and an output type; every event
 * the host pushes has a payload type. Secrets never appear here: the renderer sees masked values only.
 */

// ---- shapes that cross the bridge -----------------------------------------------------------------

export interface EnvironmentSummary {
  id: string;
  name: string;
  kind: 'embedded' | 'remote';
  base_url: string;
  client_id: string;
  /** Always masked, e.g. `••••••••3f9a`. */
  client_secret_masked: string;
  active: boolean;
}

export interface WorkbenchInfo {
  version: string;
  mode: 'electron' | 'browser';
  embedded_base_url: string;
  active_environment: EnvironmentSummary;
  clock: { now: string; offset_seconds: number };
}

export interface SentRequest {
  method: string;
  url: string;
  /** Request headers as sent, with `Authorization` masked. */
  headers: Record<string, string>;
  body?: unknown;
}

export interface ApiResponse {
  status: number;
  headers: Record<string, string>;
  /** Parsed JSON when the answer is JSON, else the text (a binary answer: a line saying its size). */
  body: unknown;
  /** A binary answer's bytes (a dispute document), base64: text would not carry them intact. */
  body_base64?: string;
  duration_ms: number;
  request: SentRequest;
  /** The same call as a curl command line (token replaced by $TOKEN). */
  curl: string;
}

export interface ResourceSummary {
  kind: ResourceKind;
  id: string;
  status: string;
  /** The resource its lineage starts at (an order for its payments); a root names itself. */
  root: { kind: ResourceKind; id: string } | null;
  parent_id: string | null;
  amount?: { currency_code: string; value: string };
  intent?: string;
  create_time: string;
  update_time: string;
}

export interface HistoryEntry {
  trigger: string;
  from_status: string | null;
  to_status: string;
  at: string;
  note: string | null;
}

export interface ResourceDetail {
  summary: ResourceSummary;
  /** The resource exactly as the API shows it (with links). */
  resource: Record<string, unknown>;
  history: HistoryEntry[];
  /** Resources of the same lineage (an order's payments, a batch's items), oldest first: at most 200 of each kind. */
  related: ResourceSummary[];
  /** How many resources the lineage has besides this one (more than `related` holds for a large batch). */
  related_total: number;
}

export interface AccountSummary {
  id: string;
  email: string;
  type: 'BUSINESS' | 'PERSONAL';
  name: string;
  balances: { currency_code: string; value: string }[];
}

export interface RequestLogSummary {
  id: number;
  /** Real (wall-clock) time it was answered. */
  at: string;
  /** Simulated time it was answered; null for entries logged before it was recorded. */
  simulated_at: string | null;
  /** Who sent it, by its User-Agent (rules in shared/request-source.ts). */
  source: RequestSource;
  method: string;
  path: string;
  status: number;
  duration_ms: number;
  debug_id: string | null;
  /** The operation is deprecated (spec 9.2): its operation id and what replaces it. */
  deprecated?: { operation_id: string; replacement: string };
}

export interface RequestLogDetail extends RequestLogSummary {
  /** The User-Agent the source was told by (null when none was sent or the entry predates it). */
  user_agent: string | null;
  request: { headers: Record<string, string>; body: unknown };
  response: { headers: Record<string, string>; body: unknown };
}

/** A resource kind some API group registered (`RESOURCE_KINDS` of shared/api/registry.ts). */
export type ResourceKind = string;

// ---- reporting and the support view ----------------------------------------------------------------

/** One ledger entry as the support view shows it (amounts in Money v2, times in RFC 3339). */
export interface LedgerLine {
  seq: number;
  account_id: string;
  transaction_id: string;
  event_code: string;
  event_name: string;
  status: 'D' | 'P' | 'S' | 'V';
  initiated: string;
  updated: string;
  amount: { currency_code: string; value: string };
  fee: { currency_code: string; value: string };
  net: { currency_code: string; value: string };
  balance_affecting: boolean;
  order_id: string | null;
  reference_id: string | null;
  source: string;
  instrument_type?: string;
}

/** A payment resource in the support view: what the API shows, and its transitions. */
export interface SupportResource {
  summary: ResourceSummary;
  resource: Record<string, unknown>;
  history: HistoryEntry[];
}

/**
 * Everything related to one pasted id, bounded at any volume: its lineage's root, the resources of it
 * (the whole lineage when it is small, else the ones the id names and the root, with `related` saying
 * what else there is to page through) and the first ledger entries with the count and net of all.
 */
export interface SupportLookupResult {
  query: string;
  matches: { kind: ResourceKind; id: string }[];
  /** The root of the lineage (an order for payments, a batch for its items), when one was found. */
  root_id: string | null;
  /** The root as a summary (null when only the ledger knows it). */
  root: ResourceSummary | null;
  resources: SupportResource[];
  /** Lineage kinds with more resources than `resources` shows: page them with listResources({kind, root_id}). */
  related: { kind: ResourceKind; total: number }[];
  /** The first ledger entries found, oldest first. */
  ledger: LedgerLine[];
  /** How many ledger entries were found (more than `ledger` holds for a large flow). */
  ledger_total: number;
  /** Net of every balance-affecting entry found (amount + fee), per currency. */
  net: { currency_code: string; value: string }[];
}

/** One UTC day of one currency for the Reports charts (decimal strings, exact). */
export interface ReportingDay {
  day: string;
  volume: string;
  refunds: string;
  fees: string;
  net: string;
  count: number;
  balance: string;
}

export interface ReportingSummary {
  account_id: string;
  first_day: string;
  last_day: string;
  currencies: { currency: string; primary: boolean; days: ReportingDay[] }[];
}

// ---- method input schemas -------------------------------------------------------------------------

const Empty = z.object({}).strict();
const HttpMethod = z.enum(['GET', 'POST', 'PATCH', 'PUT', 'DELETE']);

/** A kind some API group registered; the list grows with the registry. */
const resourceKind = z
  .string()
  .refine((kind) => RESOURCE_KINDS.includes(kind), { message: 'Unknown resource kind.' });

export const BridgeInputs = {
  getInfo: Empty,
  listEnvironments: Empty,
  addEnvironment: z
    .object({
      name: z.string().trim().min(1).max(60),
      base_url: z
        .string()
        .url()
        .max(2048)
        .refine((u) => /^https?:\/\//.test(u), 'Only http and https URLs.'),
      client_id: z.string().min(1).max(200),
      client_secret: z.string().min(1).max(200),
    })
    .strict(),
  removeEnvironment: z.object({ id: z.string().min(1).max(64) }).strict(),
  selectEnvironment: z.object({ id: z.string().min(1).max(64) }).strict(),
  sendRequest: z
    .object({
      method: HttpMethod,
      /** A path on the active environment, e.g. `/v2/checkout/orders`. */
      path: z.string().min(1).max(4096).startsWith('/'),
      headers: z.record(z.string().max(200), z.string().max(16_000)).optional(),
      /** JSON body (sent as application/json) or a form object when `form` is true. */
      body: z.unknown().optional(),
      form: z.boolean().optional(),
      /**
       * Files to upload: the call goes as multipart/form-data, `body` (if any) as its JSON `input` part
       * (the platform's dispute actions take documents so).
       */
      files: z
        .array(
          z
            .object({
              field: z.string().min(1).max(100),
              name: z.string().min(1).max(255),
              type: z.string().min(1).max(100),
              /** The file's bytes, base64 (10 MB of file at most). */
              data_base64: z.string().max(14_000_000),
            })
            .strict(),
        )
        .max(10)
        .optional(),
      /** Send without the bearer token (e.g. to see the 401). */
      anonymous: z.boolean().optional(),
    })
    .strict(),
  listResources: z
    .object({
      kind: resourceKind,
      status: z.string().max(40).optional(),
      search: z.string().max(64).optional(),
      /** Only the resources of one lineage (e.g. an order's captures). */
      root_id: z.string().max(128).optional(),
      page: z.number().int().min(1).max(100_000).default(1),
      page_size: z.number().int().min(1).max(200).default(25),
      /** Newest first unless asked otherwise. */
      sort_by: z.enum(['create_time', 'update_time', 'status', 'id']).default('create_time'),
      sort_order: z.enum(['asc', 'desc']).default('desc'),
    })
    .strict(),
  getResource: z.object({ kind: resourceKind, id: z.string().min(1).max(128) }).strict(),
  listAccounts: Empty,
  listRequestLog: z
    .object({
      before_id: z.number().int().positive().optional(),
      limit: z.number().int().min(1).max(500).default(100),
      path: z.string().max(200).optional(),
      status: z.enum(['2xx', '3xx', '4xx', '5xx']).optional(),
      since: z.string().max(40).optional(),
      source: z.enum(REQUEST_SOURCES as [RequestSource, ...RequestSource[]]).optional(),
    })
    .strict(),
  getRequestLogEntry: z.object({ id: z.number().int().positive() }).strict(),
  exportHar: z.object({ ids: z.array(z.number().int().positive()).max(5000).optional() }).strict(),
  openExternal: z.object({ url: z.string().url().max(2048) }).strict(),
  lookupId: z.object({ id: z.string().trim().min(1).max(64) }).strict(),
  reportingSummary: z
    .object({
      days: z.number().int().min(1).max(366).default(31),
      currency: z
        .string()
        .regex(/^[A-Z]{3}$/)
        .optional(),
    })
    .strict(),
} satisfies Record<BridgeMethodName, z.ZodType>;

export interface BridgeOutputs {
  getInfo: WorkbenchInfo;
  listEnvironments: EnvironmentSummary[];
  addEnvironment: EnvironmentSummary;
  removeEnvironment: { removed: boolean };
  selectEnvironment: EnvironmentSummary;
  sendRequest: ApiResponse;
  listResources: { items: ResourceSummary[]; total: number; page: number; page_size: number };
  getResource: ResourceDetail;
  listAccounts: AccountSummary[];
  listRequestLog: { items: RequestLogSummary[] };
  getRequestLogEntry: RequestLogDetail;
  exportHar: { har: unknown; count: number };
  openExternal: { opened: boolean };
  lookupId: SupportLookupResult;
  reportingSummary: ReportingSummary;
}

export type BridgeInput<M extends BridgeMethodName> = z.input<(typeof BridgeInputs)[M]>;
export type BridgeParsedInput<M extends BridgeMethodName> = z.output<(typeof BridgeInputs)[M]>;

/**
 * A change in the webhook outbox, so the Events page follows deliveries as they happen instead of
 * polling: an event written, an event queued again (resend), one delivery attempt recorded, or a deleted
 * subscription's pending deliveries cancelled.
 */
export interface WebhookOutboxChange {
  change: 'event-created' | 'event-queued' | 'delivery-attempted' | 'deliveries-cancelled';
  /** Null when the change spans several events (a cancelled subscription). */
  event_id: string | null;
  delivery_id: string | null;
  /** The delivery's status after an attempt (`PENDING` when a retry follows). */
  delivery_status: string | null;
}

export interface BridgeEvents {
  'request-logged': RequestLogSummary;
  'resource-changed': { kind: string; id: string; status: string; trigger: string };
  /** The local listener received a delivery: what it answered, and whether it was a mock event. */
  'webhook-received': {
    id: string;
    event_type: string;
    received_at: string;
    answered_status: number;
    mock: boolean;
  };
  'webhook-outbox-changed': WebhookOutboxChange;
  'clock-moved': { now: string; offset_ms: number };
}

/**
 * What one flush of the browser's event stream did not send: the events of each type it left out
 * (past its cap per type, or replaced by a newer event about the same thing), and the resource kinds
 * of the resource changes among them. Sent after the flush's events, only when something was left out.
 */
export interface EventsLeftOut {
  counts: Partial<Record<BridgeEventName, number>>;
  resource_kinds: Record<string, number>;
}

/** A host event as the bridge carries it. */
export type HostBridgeEvent = {
  [E in BridgeEventName]: { type: E; payload: BridgeEvents[E] };
}[BridgeEventName];

/** What a page hears: the host's events, and in the browser the stream's account of what it left out. */
export type BridgeEvent = HostBridgeEvent | { type: typeof LEFT_OUT_EVENT; payload: EventsLeftOut };

/** What `window.workbench` (Electron) and the HTTP client (browser) both are. */
export type WorkbenchBridge = {
  [M in BridgeMethodName]: (input: BridgeInput<M>) => Promise<BridgeOutputs[M]>;
} & {
  /** Subscribes to host events; returns the unsubscribe function. */
  onEvent(listener: (event: BridgeEvent) => void): () => void;
};

/** Errors crossing the bridge: the name says what kind, details say where. */
export interface BridgeErrorBody {
  error: { name: 'INVALID_INPUT' | 'NOT_FOUND' | 'FAILED' | 'FORBIDDEN'; message: string; details?: unknown };
}
