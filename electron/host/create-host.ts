import { SHARED_GROUPS } from '../../shared/api/registry.js';
import { Clock } from '../clock.js';
import { HostEvents } from '../events.js';
import { Scheduler, type Logger } from '../scheduler.js';
import { Store } from '../store/store.js';
import type { StoreLocation } from '../store/connection.js';
import { DEFAULT_API_CONFIG, type ApiConfig, type ApiDeps } from '../api/deps.js';
import { TransitionBus } from '../api/transition-bus.js';
import { buildApiServer, type ApiGroup, type ApiServer } from '../api/server.js';
import { docsGroup } from '../api/docs/routes.js';
import type { GroupDeps } from '../api/group-deps.js';
import { GroupRegistry } from '../api/group-registry.js';
import { defineGroups } from '../api/registry.js';
import { ResourceKinds } from '../api/resource-kinds.js';
import { registerRetentionSweep } from '../api/retention.js';
import { Ledger } from '../ledger/ledger.js';
import { Mailbox } from '../mailbox/mailbox.js';
import { seedAccounts, SEED_ACCOUNTS } from '../store/seed.js';
import { Webhooks, type WebhooksOptions } from '../webhooks/webhooks.js';
import type { App } from '../store/repositories/apps-repo.js';
import { ensureSandboxApp, type SandboxCredentials } from './sandbox-app.js';
import { MemoryVault, type SecretVault } from './vault.js';

export interface HostOptions {
  location: StoreLocation;
  credentials?: SandboxCredentials;
  /**
   * Where the sandbox app's client secret is kept (the database holds only its derivation): Electron's
   * safeStorage vault, the headless data dir's 0600 file; memory when not given.
   */
  secrets?: SecretVault;
  config?: Partial<ApiConfig>;
  logger?: Logger;
  /** Real time source; tests pin it. */
  realNow?: () => number;
  /** More routes on the same server (the browser mode's UI and RPC). */
  extraGroups?: ApiGroup[];
  /**
   * The local webhook listener, started by `listen()`: port 8601 unless given (a busy default port
   * falls back to a free one; a port given explicitly must be free); `false` starts none.
   */
  listener?: { host?: string; port?: number } | false;
  webhooks?: WebhooksOptions;
  /** Default reporting visibility delay in seconds of simulated time (0..10800; spec part 8). */
  reportingDelaySeconds?: number;
}

export const DEFAULT_LISTENER_PORT = 8601;

export interface Host {
  deps: ApiDeps;
  api: ApiServer;
  /** The infrastructure every group plugs into, and the registered groups. */
  services: {
    kinds: ResourceKinds;
    ledger: Ledger;
    webhooks: Webhooks;
    mailbox: Mailbox;
    groups: GroupRegistry;
  };
  sandboxApp: App;
  /** The sandbox app's client secret, for the workbench's own calls (never stored in the database). */
  sandboxSecret: string;
  /** True when the sandbox credentials were generated on this start (print them). */
  generatedCredentials: boolean;
  listen(host: string, port: number): Promise<string>;
  /** The local webhook listener's URL once `listen()` started it. */
  listenerUrl(): string | null;
  close(): Promise<void>;
}

export const silentLogger: Logger = { info: () => {}, error: () => {} };

/**
 * The composition root: store, clock, scheduler, services and the API server, wired once. Electron's main
 * process and the headless `serve` both start the workbench through here.
 */
export function createHost(options: HostOptions): Host {
  const logger = options.logger ?? silentLogger;
  const store = new Store(options.location);
  const clock = new Clock(store.meta, options.realNow);
  const events = new HostEvents();
  const scheduler = new Scheduler(store, clock, logger);
  const deps: ApiDeps = {
    store,
    clock,
    scheduler,
    events,
    logger,
    config: { ...DEFAULT_API_CONFIG, ...options.config },
    transitions: new TransitionBus(),
  };
  clock.onMove((now) =>
    events.emit('clock-moved', { now: new Date(now).toISOString(), offset_ms: clock.offset }),
  );

  if (!store.accounts.byId(SEED_ACCOUNTS[0]?.id ?? '')) store.transaction(() => seedAccounts(store));
  const {
    app: sandboxApp,
    clientSecret: sandboxSecret,
    generated,
  } = ensureSandboxApp(
    store,
    options.secrets ?? new MemoryVault(),
    options.credentials ?? {},
    clock.nowIso(),
  );

  // Infrastructure first: the ledger writer and the webhook outbox subscribe to transitions, so they
  // exist before anything can move; the groups then register what they contribute.
  const kinds = new ResourceKinds();
  const ledger = new Ledger(deps);
  // The ledger's transaction codes come from the groups' shared halves, before any group is built: a
  // group may write its first lines while it is defined (the seeded accounts' opening balances).
  for (const shared of SHARED_GROUPS) ledger.codes.add(shared.transactionCodes ?? [], shared.name);
  const webhooks = new Webhooks(deps, options.webhooks);
  const mailbox = new Mailbox(store, clock);
  const scheduleSweep = registerRetentionSweep(deps);
  if (!store.jobs.listPending().some((job) => job.kind === 'retention.sweep'))
    store.transaction(scheduleSweep);

  const groupDeps: GroupDeps = {
    ...deps,
    kinds,
    ledger,
    webhooks,
    mailbox,
    options: { reportingDelaySeconds: options.reportingDelaySeconds },
    resetSandbox: () => resetSandbox(),
  };
  const groups = new GroupRegistry(defineGroups(groupDeps));
  groups.install({ kinds, resources: store.resources, scheduler, catalog: webhooks.catalog, ledger });

  /** Back to the seed state in one transaction: resources, keys, jobs, ledger, events, every group's data. */
  function resetSandbox(): void {
    store.transaction(() => {
      store.resources.deleteAll();
      store.db.prepare('DELETE FROM idempotency_keys').run();
      store.jobs.deleteAll();
      store.accounts.deleteNotSeeded();
      seedAccounts(store);
      ledger.reset();
      webhooks.reset();
      mailbox.clear();
      groups.reset();
      // Back to real time first: the sweep is due 15 minutes after the reset, not after the old offset.
      clock.reset();
      scheduleSweep();
    });
  }

  let routes: ApiServer['routes'] = [];
  const api = buildApiServer(deps, kinds, [
    ...groups.modules,
    docsGroup(
      () => routes,
      () => groups.pageDocs(),
    ),
    ...(options.extraGroups ?? []),
  ]);
  routes = api.routes;
  scheduler.runDue();
  scheduler.start();

  return {
    deps,
    api,
    services: { kinds, ledger, webhooks, mailbox, groups },
    sandboxApp,
    sandboxSecret,
    generatedCredentials: generated,
    async listen(host, port) {
      await api.app.listen({ host, port });
      const address = api.app.server.address();
      const actualPort = typeof address === 'object' && address ? address.port : port;
      const baseUrl = `http://${host.includes(':') ? `[${host}]` : host}:${actualPort}`;
      webhooks.start(baseUrl);
      if (options.listener !== false) {
        const explicit = options.listener?.port;
        await webhooks.startListener(
          options.listener?.host ?? host,
          explicit ?? DEFAULT_LISTENER_PORT,
          explicit === undefined,
        );
        webhooks.ensureListenerSubscription(sandboxApp);
      }
      return baseUrl;
    },
    listenerUrl: () => webhooks.listener.url,
    async close() {
      scheduler.stop();
      await groups.close();
      await webhooks.close();
      await api.app.close();
      api.requestLogger.close();
      store.close();
    },
  };
}
