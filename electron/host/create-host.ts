import { Clock } from '../clock.js';
import { HostEvents } from '../events.js';
import { Scheduler, type Logger } from '../scheduler.js';
import { Store } from '../store/store.js';
import type { StoreLocation } from '../store/db.js';
import { DEFAULT_API_CONFIG, type ApiConfig, type ApiDeps } from '../api/deps.js';
import { TransitionBus } from '../api/transition-bus.js';
import { buildApiServer, type ApiGroup, type ApiServer } from '../api/server.js';
import { oauthGroup } from '../api/groups/oauth/routes.js';
import { ordersGroup } from '../api/groups/orders-v2/routes.js';
import { registerCheckoutPage } from '../api/groups/orders-v2/checkout-page.js';
import { OrdersService } from '../api/groups/orders-v2/service.js';
import { paymentsGroup } from '../api/groups/payments-v2/routes.js';
import { PaymentsService } from '../api/groups/payments-v2/service.js';
import { docsGroup } from '../api/docs/routes.js';
import { registerRetentionSweep } from '../api/retention.js';
import { testHelpersGroup } from '../api/test-helpers/routes.js';
import { SandboxControl } from '../api/test-helpers/service.js';
import { seedAccounts, SEED_ACCOUNTS } from '../api/test-helpers/seed.js';
import { webhooksGroup } from '../api/groups/webhooks/routes.js';
import { Webhooks, type WebhooksOptions } from '../webhooks/webhooks.js';
import { ReportingModule } from '../api/groups/reporting/module.js';
import type { App } from '../store/repositories/apps-repo.js';
import { ensureSandboxApp, type SandboxCredentials } from './sandbox-app.js';

export interface HostOptions {
  location: StoreLocation;
  credentials?: SandboxCredentials;
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
  services: {
    orders: OrdersService;
    payments: PaymentsService;
    control: SandboxControl;
    webhooks: Webhooks;
    reporting: ReportingModule;
  };
  sandboxApp: App;
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
  const { app: sandboxApp, generated } = ensureSandboxApp(store, options.credentials ?? {}, clock.nowIso());

  const payments = new PaymentsService(deps);
  const orders = new OrdersService(deps, payments);
  // The ledger writer subscribes to transitions: it exists before anything can move.
  const reporting = new ReportingModule(deps, { visibilityDelaySeconds: options.reportingDelaySeconds });
  const scheduleSweep = registerRetentionSweep(deps);
  if (!store.jobs.listPending().some((job) => job.kind === 'retention.sweep')) scheduleSweep();
  const webhooks = new Webhooks(deps, options.webhooks);
  const control = new SandboxControl(deps, () => {
    scheduleSweep();
    webhooks.afterReset();
    reporting.reset();
  });

  let routes: ApiServer['routes'] = [];
  const api = buildApiServer(deps, [
    oauthGroup(deps),
    ordersGroup(orders, store),
    { routes: [], pages: (app, table) => registerCheckoutPage(app, table, orders, store) },
    paymentsGroup(payments),
    testHelpersGroup(control, orders, store),
    webhooksGroup(deps, webhooks),
    ...reporting.groups,
    docsGroup(() => routes),
    ...(options.extraGroups ?? []),
  ]);
  routes = api.routes;
  scheduler.runDue();
  scheduler.start();

  return {
    deps,
    api,
    services: { orders, payments, control, webhooks, reporting },
    sandboxApp,
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
      await webhooks.close();
      await api.app.close();
      api.requestLogger.flush();
      store.close();
    },
  };
}
