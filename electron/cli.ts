import { homedir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createHost } from './host/create-host.js';
import { BrowserBridge } from './host/browser-bridge.js';
import { tuneHeapForServing } from './host/heap-tuning.js';
import { FileVault, MemoryVault } from './host/vault.js';
import { WorkbenchService } from './host/workbench-service.js';
import { PROJECT_VERSION, UI_DIST_DIR } from './host/project-paths.js';
import type { Logger } from './scheduler.js';

const USAGE = `Usage: npm run serve -- [options]

  --host HOST              address to listen on (default 127.0.0.1)
  --port PORT              API port (default 8600; 0 picks a free port)
  --listener-port PORT     local webhook listener port (default 8601, or a free one when 8601 is
                           busy; 0 picks a free port)
  --data-dir DIR           workspace folder, created if absent (default ~/.payments-workbench)
  --ephemeral              keep everything in memory; nothing is written to disk
  --client-id ID           sandbox app client id      (or SVC_CLIENT_ID)
  --client-secret SECRET   sandbox app client secret  (or SVC_CLIENT_SECRET)
  --rate-limit N           requests per minute per access token (default 1200000)
  --token-lifetime SECONDS access token lifetime in seconds (default 32400), of real elapsed time:
                           moving the simulated clock does not expire tokens
  --token-expiry-follows-clock
                           access tokens expire on the simulated clock instead, so a clock move
                           past their lifetime expires them (to test token refresh logic)
  --reporting-delay SECONDS how long before transactions show in reporting, 0..10800 simulated
                           seconds (default 0; the spec allows up to 3 hours)
  --headers-timeout SECONDS a request's line and headers must arrive within this (default 10)
  --request-timeout SECONDS a whole request, headers and body, must arrive within this; at least
                           --headers-timeout (default 30); a late request is answered 408
  --max-connections N      open connections at most; one more is answered 503 and closed
                           (default 2000)
  --help                   show this help
`;

function fail(message: string): never {
  process.stderr.write(`serve: ${message}\n\n${USAGE}`);
  process.exit(2);
}

function positiveInteger(
  value: string | undefined,
  flag: string,
  fallback: number,
  allowZero = false,
): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < (allowZero ? 0 : 1))
    fail(`${flag} expects a whole number${allowZero ? '' : ' above 0'}, got "${value}"`);
  return n;
}

/** `serve`: the headless host. Prints ONE JSON ready line on stdout first, then human logs. */
async function main(): Promise<void> {
  tuneHeapForServing();
  let parsed;
  try {
    parsed = parseArgs({
      options: {
        host: { type: 'string', default: '127.0.0.1' },
        port: { type: 'string' },
        'listener-port': { type: 'string' },
        'data-dir': { type: 'string' },
        ephemeral: { type: 'boolean', default: false },
        'client-id': { type: 'string' },
        'client-secret': { type: 'string' },
        'rate-limit': { type: 'string' },
        'token-lifetime': { type: 'string' },
        'token-expiry-follows-clock': { type: 'boolean', default: false },
        'reporting-delay': { type: 'string' },
        'headers-timeout': { type: 'string' },
        'request-timeout': { type: 'string' },
        'max-connections': { type: 'string' },
        help: { type: 'boolean', default: false },
      },
      strict: true,
    });
  } catch (error) {
    fail((error as Error).message);
  }
  const flags = parsed.values;
  if (flags.help) {
    process.stdout.write(USAGE);
    return;
  }
  if (flags.ephemeral && flags['data-dir']) fail('--data-dir and --ephemeral exclude each other');
  // An empty flag or variable counts as absent.
  const clientId = flags['client-id'] || process.env.SVC_CLIENT_ID || undefined;
  const clientSecret = flags['client-secret'] || process.env.SVC_CLIENT_SECRET || undefined;
  if (Boolean(clientId) !== Boolean(clientSecret))
    fail('give both a client id and a client secret, or neither');
  const port = positiveInteger(flags.port, '--port', 8600, true);
  if (port > 65535) fail(`--port must be at most 65535, got ${port}`);
  const listenerPort =
    flags['listener-port'] === undefined
      ? undefined
      : positiveInteger(flags['listener-port'], '--listener-port', 0, true);
  if (listenerPort !== undefined && listenerPort > 65535)
    fail(`--listener-port must be at most 65535, got ${listenerPort}`);
  const rateLimit = positiveInteger(flags['rate-limit'], '--rate-limit', 1_200_000);
  const tokenLifetime = positiveInteger(flags['token-lifetime'], '--token-lifetime', 32_400);
  const headersTimeout = positiveInteger(flags['headers-timeout'], '--headers-timeout', 10);
  const requestTimeout = positiveInteger(flags['request-timeout'], '--request-timeout', 30);
  if (requestTimeout < headersTimeout)
    fail(`--request-timeout (${requestTimeout}) must be at least --headers-timeout (${headersTimeout})`);
  const maxConnections = positiveInteger(flags['max-connections'], '--max-connections', 2_000);

  const log = (line: string) => process.stdout.write(`${new Date().toISOString()} ${line}\n`);
  const logger: Logger = {
    info: log,
    error: (message, error) =>
      log(`ERROR ${message}${error instanceof Error ? `: ${error.stack ?? error.message}` : ''}`),
  };
  const dataDir = flags['data-dir'] ?? join(homedir(), '.payments-workbench');
  const reportingDelay =
    flags['reporting-delay'] === undefined
      ? undefined
      : positiveInteger(flags['reporting-delay'], '--reporting-delay', 0, true);
  if (reportingDelay !== undefined && reportingDelay > 10_800)
    fail(`--reporting-delay is at most 10800 seconds (3 hours), got ${reportingDelay}`);
  const vault = flags.ephemeral ? new MemoryVault() : new FileVault(join(dataDir, 'vault.json'));
  const browser = new BrowserBridge(UI_DIST_DIR);
  const host = createHost({
    extraGroups: [browser.group()],
    location: flags.ephemeral ? { kind: 'memory' } : { kind: 'dir', dir: dataDir },
    credentials: { clientId, clientSecret },
    secrets: vault,
    config: {
      tokenRateLimitPerMinute: rateLimit,
      appRateLimitPerMinute: rateLimit * 2,
      tokenLifetimeSeconds: tokenLifetime,
      tokenExpiryFollowsClock: flags['token-expiry-follows-clock'] === true,
      headersTimeoutMs: headersTimeout * 1000,
      requestTimeoutMs: requestTimeout * 1000,
      maxConnections,
    },
    logger,
    ...(reportingDelay !== undefined ? { reportingDelaySeconds: reportingDelay } : {}),
    ...(listenerPort !== undefined ? { listener: { port: listenerPort } } : {}),
  });
  let baseUrl: string;
  try {
    baseUrl = await host.listen(flags.host, port);
  } catch (error) {
    await host.close();
    fail(`cannot listen on ${flags.host}:${port}: ${(error as Error).message}`);
  }
  const service = new WorkbenchService(host, {
    mode: 'browser',
    version: PROJECT_VERSION,
    vault,
    embeddedBaseUrl: baseUrl,
  });
  browser.attach(service, baseUrl);
  const workbenchUrl = browser.workbenchUrl(baseUrl);
  const listenerUrl = host.listenerUrl();
  process.stdout.write(
    JSON.stringify({
      ready: true,
      base_url: baseUrl,
      client_id: host.sandboxApp.client_id,
      workbench_url: workbenchUrl,
      listener_url: listenerUrl,
    }) + '\n',
  );
  log(`Payments sandbox listening on ${baseUrl} (${flags.ephemeral ? 'in memory' : `data in ${dataDir}`})`);
  log(`Sandbox app ${host.sandboxApp.id}: client id ${host.sandboxApp.client_id}`);
  // A secret is shown once, when it is made; after that it is read from the vault file, never logged.
  if (host.generatedCredentials) log(`Sandbox app client secret: ${host.sandboxSecret}`);
  else if (!clientSecret && !flags.ephemeral)
    log(`Sandbox app client secret: kept in ${join(dataDir, 'vault.json')} (printed when it was made)`);
  log(`Workbench UI: ${workbenchUrl}`);
  const listenerSubscription = host.services.webhooks.listenerSubscriptionId();
  log(
    `Webhook listener: ${listenerUrl ?? 'not started'}${listenerSubscription ? ` (the sandbox app's * subscription ${listenerSubscription} points at it)` : ''}`,
  );
  log(`OpenAPI document: ${baseUrl}/openapi.json · buyer page: ${baseUrl}/checkoutnow?token=<order id>`);

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    log(`${signal}: closing`);
    host.close().then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error('close failed', error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

void main();
