import type { Host } from '../electron/host/create-host.js';
import { apiClient } from './api-client.js';
import { accessToken, BENCH_CREDENTIALS, loadHost } from './host.js';
import {
  alternate,
  clean,
  describe,
  drive,
  median,
  parseLoadArgs,
  type LoadOptions,
  type LoadRequest,
  type LoadSummary,
} from './load.js';

/** Capture throughput with a `*` subscription to the local listener must stay at or above this share of none. */
const TARGET_RATIO = 0.8;
const DEFAULTS: LoadOptions = { connections: 50, durationSec: 10, warmupSec: 2, rounds: 3 };
/** Longest wait for the outbox to drain after the load. */
const DRAIN_TIMEOUT_MS = 300_000;

/**
 * The load: partial captures of 0.01 USD against one large authorization, so every request is a real
 * capture (a new capture resource, the fee schedule, a PAYMENT.CAPTURE.COMPLETED event in the outbox).
 */
async function captureRequest(baseUrl: string, token: string): Promise<LoadRequest> {
  const api = apiClient(baseUrl, token);
  const order = (await api.ok('POST', '/v2/checkout/orders', {
    intent: 'AUTHORIZE',
    purchase_units: [{ amount: { currency_code: 'USD', value: '1000000.00' } }],
  })) as { id: string };
  await api.ok('POST', `/v1/test-helpers/checkout/orders/${order.id}/approve`, {});
  const authorized = (await api.ok('POST', `/v2/checkout/orders/${order.id}/authorize`, {})) as unknown as {
    purchase_units: { payments: { authorizations: { id: string }[] } }[];
  };
  const authorizationId = authorized.purchase_units[0]?.payments.authorizations[0]?.id ?? '';
  const request: LoadRequest = {
    url: `${baseUrl}/v2/payments/authorizations/${authorizationId}/capture`,
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json',
      authorization: `Bearer ${token}`,
    },
    body: JSON.stringify({ amount: { currency_code: 'USD', value: '0.01' }, final_capture: false }),
  };
  // One request before the load, so a broken setup fails loudly instead of as a wall of non-2xx.
  const response = await fetch(request.url, { method: 'POST', headers: request.headers, body: request.body });
  if (response.status !== 201)
    throw new Error(`capture check: expected 201, got ${response.status} ${await response.text()}`);
  return request;
}

interface Drain {
  events: number;
  delivered: number;
  failed: number;
  pendingAtEnd: number;
  drainMs: number;
  listenerReceived: number;
  verifiedOk: boolean;
}

/** Waits until no delivery is pending (or in flight); returns how long it took after the load. */
async function drain(host: Host): Promise<Drain> {
  const webhooks = host.services.webhooks;
  const pendingAtEnd = webhooks.deliveries.countByStatus().PENDING + webhooks.worker.inFlightCount;
  const started = performance.now();
  await webhooks.worker.idle(DRAIN_TIMEOUT_MS);
  await webhooks.listener.settled();
  const drainMs = performance.now() - started;
  const counts = webhooks.deliveries.countByStatus();
  const inbox = webhooks.listener.list(500);
  return {
    events: webhooks.events.count(),
    delivered: counts.DELIVERED,
    failed: counts.FAILED + counts.PENDING,
    pendingAtEnd,
    drainMs,
    listenerReceived: webhooks.listener.state().received,
    verifiedOk: inbox.length > 0 && inbox.every((m) => m.verdict === 'SUCCESS'),
  };
}

/** The real host in memory, with its listener; with or without the sandbox's `*` subscription to it. */
async function measure(
  options: LoadOptions,
  subscribed: boolean,
): Promise<{ load: LoadSummary; drain?: Drain }> {
  const { createHost } = await loadHost();
  const host = createHost({
    location: { kind: 'memory' },
    credentials: BENCH_CREDENTIALS,
    listener: { port: 0 },
  });
  try {
    const baseUrl = await host.listen('127.0.0.1', 0);
    const token = await accessToken(baseUrl);
    const subscription = host.services.webhooks.listenerSubscriptionId();
    if (!subscription) throw new Error('the listener subscription was not made on first start');
    if (!subscribed)
      await apiClient(baseUrl, token).ok('DELETE', `/v1/notifications/webhooks/${subscription}`);
    const request = await captureRequest(baseUrl, token);
    // The set-up's own events go out before the load starts.
    await host.services.webhooks.worker.idle(DRAIN_TIMEOUT_MS);
    const load = await drive(request, options);
    return subscribed ? { load, drain: await drain(host) } : { load };
  } finally {
    await host.close();
  }
}

function describeDrain(d: Drain): string {
  return (
    `outbox     ${d.events} events; ${d.pendingAtEnd} still queued when the load ended, drained in ${(d.drainMs / 1000).toFixed(2)} s; ` +
    `${d.delivered} delivered, ${d.failed} not; listener received ${d.listenerReceived}, verified ${d.verifiedOk ? 'SUCCESS' : 'NOT ALL'}`
  );
}

export async function main(args: string[]): Promise<number> {
  const options = parseLoadArgs(args, DEFAULTS);
  const { connections, durationSec, warmupSec, rounds } = options;
  console.log(
    `POST /v2/payments/authorizations/{id}/capture (0.01 USD partial captures): ${connections} connections, ` +
      `${durationSec} s measured after ${warmupSec} s warm-up, ${rounds} round(s) of both runs`,
  );
  const drains: Drain[] = [];
  const { a: subscribed, b: none } = await alternate(
    rounds,
    async () => {
      const run = await measure(options, true);
      console.log(describe('* -> listener', run.load));
      if (run.drain) {
        drains.push(run.drain);
        console.log(describeDrain(run.drain));
      }
      return run.load;
    },
    async () => {
      const run = await measure(options, false);
      console.log(describe('no subscr.', run.load));
      return run.load;
    },
  );

  const subscribedRps = median(subscribed.map((s) => s.rps));
  const noneRps = median(none.map((s) => s.rps));
  const ratio = noneRps > 0 ? subscribedRps / noneRps : 0;
  const pass = ratio >= TARGET_RATIO;
  // Server CPU per request is steadier than throughput on a shared machine: the same comparison by cost.
  const cpuRatio =
    median(none.map((s) => s.cpuUsPerReq)) / Math.max(1, median(subscribed.map((s) => s.cpuUsPerReq)));
  const drainMs = median(drains.map((d) => d.drainMs));
  const drainRate = median(drains.map((d) => d.pendingAtEnd / Math.max(0.001, d.drainMs / 1000)));
  const delivered = drains.length === rounds && drains.every((d) => d.failed === 0 && d.verifiedOk);
  const ok = [...subscribed, ...none].every(clean) && delivered;
  console.log(`median      subscribed ${subscribedRps.toFixed(0)} req/s, none ${noneRps.toFixed(0)} req/s`);
  console.log(
    `ratio subscribed/none ${ratio.toFixed(3)} (target >= ${TARGET_RATIO}): ${pass ? 'PASS' : 'FAIL'}`,
  );
  console.log(
    `server CPU per request none/subscribed ${cpuRatio.toFixed(3)} (1.0: deliveries cost the API nothing during the load)`,
  );
  console.log(
    `outbox drain after the load: median ${(drainMs / 1000).toFixed(2)} s (${drainRate.toFixed(0)} deliveries/s, signed, sent and verified)`,
  );
  if (!ok)
    console.log(
      'ERROR: some requests failed, or some events were not delivered and verified; the numbers above are not valid',
    );
  console.log(
    JSON.stringify({
      bench: 'webhooks',
      connections,
      duration_s: durationSec,
      rounds,
      subscribed,
      none,
      ratio,
      cpu_ratio: cpuRatio,
      target: TARGET_RATIO,
      outbox: drains,
      drain_ms_median: drainMs,
      pass,
      ok,
    }),
  );
  return ok ? 0 : 1;
}
