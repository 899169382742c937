import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DAY_MS } from '../shared/api/reporting/schemas.js';
import type { Host } from '../electron/host/create-host.js';
import { accessToken, BENCH_CREDENTIALS, loadHost } from './host.js';
import { median } from './load.js';
import { parseScaleOptions } from './scale-options.js';
import { DEFAULT_HISTORY_CURRENCIES, type ReportingGroup } from '../electron/api/groups/reporting/index.js';

/**
 * `npm run bench -- reporting`: the same 31-day, page_size=500 filtered transaction search against a
 * workspace of 10,000 ledger entries and one of 1,000,000, in one run. Both histories cover the same
 * 90 days, so the 1M window holds 100x the entries of the 10k one: the search must cost at most 3x.
 * Also reports how fast the bulk generator writes (entries per second).
 */
const TARGET_RATIO = 3;
const HISTORY_DAYS = 90;

interface Workspace {
  host: Host;
  dir: string;
  baseUrl: string;
  token: string;
  generateMs: number;
  entries: number;
}

/**
 * A workspace on disk (WAL, as `serve --data-dir` runs) with `entries` generated over 90 days, then
 * closed and opened again: the search is measured on a workspace that has this history, as a user
 * opening it would meet it, not in the aftermath of the bulk write.
 */
async function workspace(entries: number): Promise<Workspace> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-reporting-'));
  const { createHost } = await loadHost();
  const writer = createHost({
    location: { kind: 'dir', dir },
    credentials: BENCH_CREDENTIALS,
    listener: false,
  });
  const now = writer.deps.clock.now();
  const started = performance.now();
  const reporting = writer.services.groups.module('reporting') as ReportingGroup;
  const job = reporting.history.start({
    accountId: writer.sandboxApp.merchant_id,
    entries,
    startMs: now - HISTORY_DAYS * DAY_MS,
    endMs: now,
    currencies: [...DEFAULT_HISTORY_CURRENCIES],
    seed: 20260515,
    nowMs: now,
  });
  await job.done;
  const generateMs = performance.now() - started;
  await writer.close();
  if (job.status !== 'COMPLETED') throw new Error(`generation failed: ${job.error ?? job.status}`);
  const host = createHost({
    location: { kind: 'dir', dir },
    credentials: BENCH_CREDENTIALS,
    listener: false,
  });
  const baseUrl = await host.listen('127.0.0.1', 0);
  return { host, dir, baseUrl, token: await accessToken(baseUrl), generateMs, entries };
}

/** The last 31 days (whole seconds), as the spec's date-time form. */
function searchPath(host: Host, filters: string): string {
  const end = Math.floor(host.deps.clock.now() / 1000) * 1000;
  const iso = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z');
  return `/v1/reporting/transactions?start_date=${iso(end - 31 * DAY_MS)}&end_date=${iso(end)}&page_size=500&${filters}`;
}

/** One search over HTTP: its wall time and the answer's totals. */
async function searchOnce(ws: Workspace, filters: string) {
  const started = performance.now();
  const response = await fetch(ws.baseUrl + searchPath(ws.host, filters), {
    headers: { authorization: `Bearer ${ws.token}`, accept: 'application/json' },
  });
  const body = (await response.json()) as { total_items?: number; transaction_details?: unknown[] };
  if (response.status !== 200) throw new Error(`search answered ${response.status}: ${JSON.stringify(body)}`);
  return {
    ms: performance.now() - started,
    totalItems: body.total_items ?? 0,
    returned: body.transaction_details?.length ?? 0,
  };
}

/**
 * Both workspaces answer the same search in alternation (small, large, small, large, ...), after a
 * warm-up of each: whatever else the machine does at that moment weighs on both sides alike.
 */
async function measurePair(small: Workspace, large: Workspace, filters: string, requests: number) {
  for (let i = 0; i < 5; i++) {
    await searchOnce(small, filters);
    await searchOnce(large, filters);
  }
  const times: [number[], number[]] = [[], []];
  let last = [await searchOnce(small, filters), await searchOnce(large, filters)];
  for (let i = 0; i < requests; i++) {
    last = [await searchOnce(small, filters), await searchOnce(large, filters)];
    times[0].push(last[0]?.ms ?? 0);
    times[1].push(last[1]?.ms ?? 0);
  }
  return [0, 1].map((side) => ({
    medianMs: median(times[side] ?? []),
    totalItems: last[side]?.totalItems ?? 0,
    returned: last[side]?.returned ?? 0,
  }));
}

async function close(ws: Workspace): Promise<void> {
  await ws.host.close();
  rmSync(ws.dir, { recursive: true, force: true });
}

const SEARCHES = [
  {
    label: 'currency+status',
    filters: 'transaction_currency=USD&transaction_status=S&fields=all',
    target: true,
  },
  { label: 'type+status', filters: 'transaction_type=T0006&transaction_status=S', target: true },
  {
    label: 'amount range (index scan)',
    filters: `transaction_amount=${encodeURIComponent('[1000 TO 5000]')}&fields=all`,
    target: false,
  },
  { label: 'no filter (ending_balance)', filters: 'fields=transaction_info', target: false },
] as const;

export async function main(args: string[]): Promise<number> {
  const opts = parseScaleOptions(args, { small: 10_000, large: 1_000_000, requests: 40 });
  console.log(
    `31-day search, page_size=500, ${opts.requests} requests each, alternating; histories of ${HISTORY_DAYS} days`,
  );
  const workspaces: Workspace[] = [];
  try {
    for (const size of [opts.small, opts.large]) {
      const ws = await workspace(size);
      workspaces.push(ws);
      const perSecond = ws.entries / (ws.generateMs / 1000);
      console.log(
        `generated ${size.toLocaleString('en-US')} entries in ${(ws.generateMs / 1000).toFixed(1)} s: ${Math.round(perSecond).toLocaleString('en-US')} entries/s`,
      );
    }
    const [small, large] = workspaces as [Workspace, Workspace];
    const rate = large.entries / (large.generateMs / 1000);
    const results: Record<string, unknown>[] = [];
    const ratios: Record<string, number> = {};
    let pass = true;
    for (const search of SEARCHES) {
      const [s, l] = await measurePair(small, large, search.filters, opts.requests);
      if (!s || !l) continue;
      const ratio = s.medianMs > 0 ? l.medianMs / s.medianMs : Infinity;
      ratios[search.label] = ratio;
      if (search.target && ratio > TARGET_RATIO) pass = false;
      const verdict = search.target ? (ratio <= TARGET_RATIO ? 'PASS' : 'FAIL') : 'info';
      console.log(
        `${search.label.padEnd(28)} ${String(opts.small).padStart(8)}: ${s.medianMs.toFixed(2).padStart(7)} ms (total_items ${s.totalItems}, page ${s.returned})   ` +
          `${String(opts.large).padStart(8)}: ${l.medianMs.toFixed(2).padStart(7)} ms (total_items ${l.totalItems}, page ${l.returned})   ratio ${ratio.toFixed(2)} (target <= ${TARGET_RATIO}): ${verdict}`,
      );
      results.push({
        search: search.label,
        filters: search.filters,
        small: s,
        large: l,
        ratio,
        target: search.target,
      });
    }
    console.log(
      `bulk generation: ${Math.round(rate).toLocaleString('en-US')} entries/s (${opts.large.toLocaleString('en-US')} entries, on disk)`,
    );
    console.log(`overall: ${pass ? 'PASS' : 'FAIL'} (every target search at most ${TARGET_RATIO}x)`);
    console.log(
      JSON.stringify({
        bench: 'reporting',
        small: opts.small,
        large: opts.large,
        results,
        ratios,
        target: TARGET_RATIO,
        pass,
        generation_entries_per_second: Math.round(rate),
      }),
    );
    return 0;
  } finally {
    for (const ws of workspaces) await close(ws);
  }
}
