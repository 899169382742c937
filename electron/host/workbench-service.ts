import type {
  AccountSummary,
  BridgeEvents,
  HostBridgeEvent,
  BridgeOutputs,
  BridgeParsedInput,
  RequestLogSummary,
  ResourceDetail,
  ResourceSummary,
  SupportLookupResult,
  WorkbenchInfo,
} from '../../shared/bridge.js';
import { BridgeInputs } from '../../shared/bridge.js';
import { fromMinor } from '../../shared/money.js';
import type { BridgeEventName, BridgeMethodName } from '../../shared/bridge-methods.js';
import type { RequestLogEntry, RequestLogSummaryRow } from '../store/repositories/request-log-repo.js';
import type { StoredResource } from '../store/repositories/resources-repo.js';
import type { Store } from '../store/store.js';
import { ApiClient } from './api-client.js';
import type { HostEventMap } from '../events.js';
import type { Host } from './create-host.js';
import { EMBEDDED_ENVIRONMENT_ID, Environments, type Environment } from './environments.js';
import { toHar } from './har.js';
import { workbenchUserAgent } from '../../shared/request-source.js';
import { ledgerLine, netAmounts, supportLookup } from '../ledger/support-lookup.js';
import { reportingSummary } from '../ledger/ledger-summary.js';
import type { ResourceKinds } from '../api/resource-kinds.js';
import type { SecretVault } from './vault.js';

/** A failure the bridge reports to the renderer (never a stack trace). */
export class BridgeError extends Error {
  constructor(
    readonly errorName: 'INVALID_INPUT' | 'NOT_FOUND' | 'FAILED' | 'FORBIDDEN',
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
  }
}

export interface WorkbenchOptions {
  mode: 'electron' | 'browser';
  version: string;
  vault: SecretVault;
  /** The embedded API's own base URL (known once it listens). */
  embeddedBaseUrl: string;
  /** Opens an http(s) URL in the user's browser (Electron); absent in browser mode. */
  openExternal?: (url: string) => Promise<boolean>;
}

type Handlers = { [M in BridgeMethodName]: (input: BridgeParsedInput<M>) => Promise<BridgeOutputs[M]> };

const toLogSummary = (e: RequestLogSummaryRow & Pick<RequestLogEntry, 'deprecated'>): RequestLogSummary => ({
  id: e.id,
  at: e.at,
  simulated_at: e.simulated_at ?? null,
  // Rows announced as they are logged always carry their source; stored ones get it from toEntry.
  source: e.source ?? 'other',
  method: e.method,
  path: e.path,
  status: e.status,
  duration_ms: Math.round(e.duration_ms * 10) / 10,
  debug_id: e.debug_id,
  ...(e.deprecated ? { deprecated: e.deprecated } : {}),
});

/** How many resources of each kind a detail lists from its lineage; `related_total` counts them all. */
const RELATED_LIMIT = 200;

/** A resource as the workbench's lists show it; its kind's summary adds amount and intent. */
function summarize(
  kinds: ResourceKinds,
  store: Store,
  resource: StoredResource<unknown, unknown>,
): ResourceSummary {
  const rootKind = kinds.rootKindOf(resource, (kind, id) => store.resources.get(kind, id) !== undefined);
  return {
    kind: resource.kind,
    id: resource.id,
    status: resource.status,
    // A root names itself (a standalone item is its own root); a descendant's root is of its kind's root kind.
    root: resource.root_id && rootKind ? { kind: rootKind, id: resource.root_id } : null,
    parent_id: resource.parent_id,
    ...kinds.summary(resource),
    create_time: resource.create_time,
    update_time: resource.update_time,
  };
}

/**
 * The host side of the bridge: one implementation of `shared/bridge.ts` that Electron's IPC and the
 * browser mode's RPC both call. It reads the workspace directly for tables and details, and sends API
 * calls over HTTP through the real pipeline, so the workbench's own calls show in the request log too.
 */
export class WorkbenchService {
  readonly environments: Environments;
  private readonly client: ApiClient;
  private readonly handlers: Handlers;

  constructor(
    private readonly host: Host,
    private readonly options: WorkbenchOptions,
  ) {
    const embedded = (): Environment => ({
      id: EMBEDDED_ENVIRONMENT_ID,
      name: 'Embedded sandbox',
      kind: 'embedded',
      base_url: options.embeddedBaseUrl,
      client_id: host.sandboxApp.client_id,
      client_secret: host.sandboxSecret,
    });
    this.environments = new Environments(host.deps.store.meta, options.vault, embedded);
    // The workbench's own calls say so in their User-Agent, which is how the request log tells them apart.
    this.client = new ApiClient(Date.now, workbenchUserAgent(options.version));
    this.handlers = this.createHandlers();
  }

  /** Parses the input with the method's schema, then runs it. */
  async call(method: string, input: unknown): Promise<unknown> {
    if (!Object.hasOwn(this.handlers, method))
      throw new BridgeError('NOT_FOUND', `No bridge method ${method}.`);
    const name = method as BridgeMethodName;
    const parsed = BridgeInputs[name].safeParse(input ?? {});
    if (!parsed.success) {
      throw new BridgeError(
        'INVALID_INPUT',
        `Invalid input for ${name}.`,
        parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
      );
    }
    const handler = this.handlers[name] as (input: unknown) => Promise<unknown>;
    return handler(parsed.data);
  }

  /** Host events as bridge events; returns the unsubscribe function. */
  onEvent(listener: (event: HostBridgeEvent) => void): () => void {
    const events = this.host.deps.events;
    const unsubscribers: (() => void)[] = [];
    const relay = <E extends BridgeEventName>(
      type: E,
      toPayload: (...args: HostEventMap[E]) => BridgeEvents[E],
    ): void => {
      const handler = (...args: HostEventMap[E]) =>
        listener({ type, payload: toPayload(...args) } as HostBridgeEvent);
      // Node's typed emitter cannot resolve its listener type for a generic name; HostEventMap[E] is it.
      events.on(type, handler as never);
      unsubscribers.push(() => events.off(type, handler as never));
    };
    relay('request-logged', toLogSummary);
    relay('resource-changed', (change) => change);
    relay('clock-moved', (clock) => clock);
    relay('webhook-received', (delivery) => delivery);
    relay('webhook-outbox-changed', (change) => change);
    return () => {
      for (const unsubscribe of unsubscribers.splice(0)) unsubscribe();
    };
  }

  private createHandlers(): Handlers {
    const { store, clock } = this.host.deps;
    const { kinds, ledger } = this.host.services;
    const base = () => this.options.embeddedBaseUrl;
    const summary = (resource: StoredResource<unknown, unknown>) => summarize(kinds, store, resource);
    return {
      getInfo: async (): Promise<WorkbenchInfo> => ({
        version: this.options.version,
        mode: this.options.mode,
        embedded_base_url: base(),
        active_environment: this.environments.summary(this.environments.active()),
        clock: { now: clock.nowIso(), offset_seconds: Math.round(clock.offset / 1000) },
      }),
      listEnvironments: async () => this.environments.list().map((e) => this.environments.summary(e)),
      addEnvironment: async (input) => {
        const added = this.environments.add(input);
        try {
          await this.client.checkCredentials(added);
        } catch (error) {
          // Only an environment whose credentials got a token is kept.
          this.environments.remove(added.id);
          this.client.forget(added.id);
          throw new BridgeError('INVALID_INPUT', (error as Error).message);
        }
        return this.environments.summary(added);
      },
      removeEnvironment: async ({ id }) => {
        if (id === EMBEDDED_ENVIRONMENT_ID)
          throw new BridgeError('FORBIDDEN', 'The embedded sandbox cannot be removed.');
        this.client.forget(id);
        return { removed: this.environments.remove(id) };
      },
      selectEnvironment: async ({ id }) => {
        const selected = this.environments.select(id);
        if (!selected) throw new BridgeError('NOT_FOUND', `No environment ${id}.`);
        return this.environments.summary(selected);
      },
      sendRequest: async (request) => {
        try {
          return await this.client.send(this.environments.active(), request);
        } catch (error) {
          throw new BridgeError('FAILED', (error as Error).message);
        }
      },
      listResources: async ({ kind, status, search, root_id, page, page_size, sort_by, sort_order }) => {
        const { items, total } = store.resources.list(
          kind,
          // LIKE matches ASCII letters in either case: ids of every kind, upper or mixed.
          { status, search, rootId: root_id },
          page_size,
          (page - 1) * page_size,
          { by: sort_by, order: sort_order },
        );
        return { items: items.map(summary), total, page, page_size };
      },
      getResource: async ({ kind, id }): Promise<ResourceDetail> => {
        const resource = store.resources.get(kind, id);
        if (!resource) throw new BridgeError('NOT_FOUND', `No ${kind} ${id}.`);
        // The lineage, oldest first, at most RELATED_LIMIT of each kind (a payout batch has 15,000 items).
        let relatedTotal = 0;
        const related = resource.root_id
          ? kinds.list().flatMap((k) => {
              const page = store.resources.list(k, { rootId: resource.root_id ?? '' }, RELATED_LIMIT, 0);
              relatedTotal += page.total;
              return page.items.reverse();
            })
          : [];
        const others = related.filter((r) => !(r.kind === kind && r.id === id));
        return {
          summary: summary(resource),
          resource: this.view(resource),
          history: store.resources.history(kind, id),
          related: others.map(summary),
          // The resource itself is one of its lineage's.
          related_total: resource.root_id ? relatedTotal - 1 : 0,
        };
      },
      // Balances from the ledger (opening lines and every movement since), as the Accounts page shows them.
      listAccounts: async (): Promise<AccountSummary[]> =>
        store.accounts.list().map((a) => ({
          id: a.id,
          email: a.email,
          type: a.type,
          name: a.business_name ?? `${a.name.given_name} ${a.name.surname}`,
          balances: [
            ...new Set([...a.balances.map((b) => b.currency_code), ...ledger.reads.currencies(a.id)]),
          ].map((currency) => ({
            currency_code: currency,
            value: fromMinor(ledger.reads.balance(a.id, currency, clock.now()), currency),
          })),
        })),
      listRequestLog: async ({ before_id, limit, path, status, since, source }) => {
        const entries = this.host.api.requestLogger.search({
          beforeId: before_id,
          limit,
          path,
          statusClass: status ? Number(status[0]) : undefined,
          since,
          source,
        });
        return { items: entries.map(toLogSummary) };
      },
      getRequestLogEntry: async ({ id }) => {
        const entry = this.host.api.requestLogger.byId(id);
        if (!entry) throw new BridgeError('NOT_FOUND', `No request log entry ${id}.`);
        return {
          ...toLogSummary(entry),
          user_agent: entry.user_agent ?? entry.request.headers['user-agent'] ?? null,
          request: entry.request,
          response: entry.response,
        };
      },
      exportHar: async ({ ids }) => {
        const log = this.host.api.requestLogger;
        const entries = ids
          ? ids.map((id) => log.byId(id)).filter((e): e is RequestLogEntry => !!e)
          : log.search({ limit: 5000 }).reverse();
        return { har: toHar(entries, base(), this.options.version), count: entries.length };
      },
      openExternal: async ({ url }) => {
        if (!/^https?:\/\//i.test(url))
          throw new BridgeError('FORBIDDEN', 'Only http and https links open outside the workbench.');
        return { opened: this.options.openExternal ? await this.options.openExternal(url) : false };
      },
      lookupId: async ({ id }): Promise<SupportLookupResult> => {
        const found = supportLookup(
          store,
          ledger.repo,
          {
            list: () => kinds.list(),
            rootKindsOf: (kind) => kinds.rootKindsOf(kind),
            lineageOf: (rootKind) => kinds.lineageOf(rootKind),
          },
          id,
        );
        return {
          query: found.query,
          matches: found.matches,
          root_id: found.rootId,
          root: found.root ? summary(found.root) : null,
          related: found.related,
          ledger_total: found.ledgerTotal,
          net: netAmounts(found.net),
          resources: found.resources.map((r) => ({
            summary: summary(r),
            resource: this.view(r),
            history: store.resources.history(r.kind, r.id),
          })),
          ledger: found.ledger.map((entry) => ledgerLine(entry, ledger.codes)),
        };
      },
      reportingSummary: async ({ days, currency }) => {
        const accountId = this.host.sandboxApp.merchant_id;
        const primary = store.accounts.byId(accountId)?.balances[0]?.currency_code ?? 'USD';
        return reportingSummary(ledger.reads, ledger.codes, accountId, primary, clock.now(), days, currency);
      },
    };
  }

  /** The resource as the API shows it, links included. */
  private view(resource: StoredResource<unknown, unknown>): Record<string, unknown> {
    return this.host.services.kinds.present(resource, this.options.embeddedBaseUrl);
  }
}
