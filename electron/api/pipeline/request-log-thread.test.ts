import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StoreLocation } from '../../store/connection.js';
import { VISA } from '../../test-support/fixtures.js';
import { KEEP_ENTRIES, RequestLogKeeper, type AppendResult } from './request-log-keeper.js';
import type { RecordedExchange } from './request-log-rows.js';
import { RequestLogThread, WORKER_SCRIPT_ENV, workerScript } from './request-log-thread.js';

/** An order create as `record` keeps it; `i` tells the entries apart. */
function exchange(i: number, overrides: Partial<RecordedExchange> = {}): RecordedExchange {
  return {
    real: Date.UTC(2026, 11, 1, 12, 0, 0, i),
    offset: 0,
    method: 'POST',
    url: `/v2/checkout/orders?n=${i}`,
    status: 201,
    durationMs: 1.5,
    appId: 'APP1',
    debugId: `DEBUG${i}`,
    requestHeaders: { authorization: 'Bearer SECRET-TOKEN', 'user-agent': 'curl/8.5.0' },
    requestBody: JSON.stringify({ intent: 'CAPTURE', payment_source: { card: { number: VISA } } }),
    requestType: 'application/json',
    responseHeaders: { 'content-type': 'application/json' },
    responseBody: `{"id":"ORDER${i}","status":"CREATED"}`,
    responseType: 'application/json',
    deprecated: undefined,
    userAgent: 'curl/8.5.0',
    ...overrides,
  };
}

describe('the request log keeper (what the log thread runs)', () => {
  let keeper: RequestLogKeeper | undefined;
  afterEach(() => keeper?.close());

  it('writes a batch redacted, in order, with summaries only when asked', () => {
    keeper = new RequestLogKeeper({ kind: 'memory' });
    expect(keeper.append([exchange(1), exchange(2)], false)).toEqual({ summaries: [], failures: [] });
    const { summaries, failures } = keeper.append([exchange(3)], true);
    expect(failures).toEqual([]);
    expect(summaries).toEqual([
      expect.objectContaining({ id: 3, method: 'POST', path: '/v2/checkout/orders?n=3', source: 'curl' }),
    ]);
    expect(summaries[0]).not.toHaveProperty('exchange');
    const entries = keeper.recent(10);
    expect(entries.map((e) => e.debug_id)).toEqual(['DEBUG3', 'DEBUG2', 'DEBUG1']);
    const text = JSON.stringify(entries);
    expect(text).not.toContain(VISA);
    expect(text).not.toContain('SECRET-TOKEN');
    expect(entries[0]?.request.headers.authorization).toBe('Bearer [redacted]');
  });

  it('leaves out an entry whose row cannot be made and writes the rest, saying which', () => {
    keeper = new RequestLogKeeper({ kind: 'memory' });
    const broken = exchange(2, { requestHeaders: null as unknown as Record<string, unknown> });
    const { failures } = keeper.append([exchange(1), broken, exchange(3)], false);
    expect(failures).toEqual([
      { what: 'the entry of POST /v2/checkout/orders?n=2', message: expect.any(String) },
    ]);
    expect(keeper.recent(10).map((e) => e.debug_id)).toEqual(['DEBUG3', 'DEBUG1']);
  });

  it('tells a batch the database cannot take as lost instead of throwing', () => {
    const closed = new RequestLogKeeper({ kind: 'memory' });
    closed.close();
    const result: AppendResult = closed.append([exchange(1), exchange(2)], true);
    expect(result.summaries).toEqual([]);
    expect(result.failures).toEqual([{ what: '2 entries', message: expect.any(String) }]);
  });

  it(`keeps the newest ${KEEP_ENTRIES.toLocaleString('en')} entries`, () => {
    keeper = new RequestLogKeeper({ kind: 'memory' });
    const total = KEEP_ENTRIES + KEEP_ENTRIES / 10 + 500;
    for (let start = 0; start < total; start += 500)
      keeper.append(
        Array.from({ length: 500 }, (_, i) => exchange(start + i)),
        false,
      );
    const kept = keeper.search({ limit: KEEP_ENTRIES * 2 });
    // Trimmed a tenth at a time: never fewer than KEEP_ENTRIES, never a tenth more.
    expect(kept.length).toBeGreaterThanOrEqual(KEEP_ENTRIES);
    expect(kept.length).toBeLessThanOrEqual(KEEP_ENTRIES + KEEP_ENTRIES / 10);
    expect(kept[0]?.debug_id).toBe(`DEBUG${total - 1}`);
  });
});

describe('the request log thread', () => {
  const dirs: string[] = [];
  const threads: RequestLogThread[] = [];
  afterEach(() => {
    for (const thread of threads.splice(0)) thread.close();
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  const start = (location: StoreLocation) => {
    const appended: AppendResult[] = [];
    const errors: Error[] = [];
    const thread = new RequestLogThread(
      location,
      (result) => appended.push(result),
      (error) => errors.push(error),
    );
    threads.push(thread);
    return { thread, appended, errors };
  };

  it('a read right after a batch sees it: batches and reads go in the order they were sent', () => {
    const { thread } = start({ kind: 'memory' });
    for (let batch = 0; batch < 5; batch++)
      thread.append(
        Array.from({ length: 20 }, (_, i) => exchange(batch * 20 + i)),
        false,
      );
    expect(thread.recent(1000)).toHaveLength(100);
    expect(thread.byId(100)?.debug_id).toBe('DEBUG99');
    expect(thread.byId(101)).toBeUndefined();
    expect(thread.search({ limit: 10, path: 'n=42' }).map((e) => e.id)).toEqual([43]);
  });

  it('sends the summaries back when asked, for the live log', async () => {
    const { thread, appended, errors } = start({ kind: 'memory' });
    thread.append([exchange(1)], false);
    thread.append([exchange(2), exchange(3)], true);
    await vi.waitFor(() => expect(appended).toHaveLength(1));
    expect(appended[0]?.summaries.map((s) => [s.id, s.debug_id])).toEqual([
      [2, 'DEBUG2'],
      [3, 'DEBUG3'],
    ]);
    expect(errors).toEqual([]);
  });

  it('answers a failing read with its error, and goes on', () => {
    const { thread } = start({ kind: 'memory' });
    thread.append([exchange(1)], false);
    expect(() => thread.search({ limit: 10, since: { not: 'text' } as unknown as string })).toThrow();
    expect(thread.recent(10)).toHaveLength(1);
  });

  it('keeps a workspace folder log in its own file across a close and a new thread', () => {
    const dir = mkdtempSync(join(tmpdir(), 'request-log-thread-'));
    dirs.push(dir);
    const first = start({ kind: 'dir', dir }).thread;
    first.append([exchange(1), exchange(2)], false);
    // Close waits for what was sent to be written.
    first.close();
    const second = start({ kind: 'dir', dir }).thread;
    expect(second.recent(10).map((e) => e.id)).toEqual([2, 1]);
    second.append([exchange(3)], false);
    expect(second.recent(1)[0]).toMatchObject({ id: 3, debug_id: 'DEBUG3' });
  });

  it('says at once when its script is missing, instead of leaving a read unanswered', () => {
    const saved = process.env[WORKER_SCRIPT_ENV];
    process.env[WORKER_SCRIPT_ENV] = join(tmpdir(), 'no-such-request-log-worker.mjs');
    try {
      const { thread } = start({ kind: 'memory' });
      expect(() => thread.append([exchange(1)], false)).toThrow(
        /has no script at .*no-such-request-log-worker/,
      );
      expect(() => thread.recent(1)).toThrow(/has no script/);
    } finally {
      if (saved === undefined) delete process.env[WORKER_SCRIPT_ENV];
      else process.env[WORKER_SCRIPT_ENV] = saved;
    }
  });

  it('a log that cannot open says so for every batch and read, and still closes', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'request-log-thread-'));
    dirs.push(dir);
    // The workspace folder is a file: the log's database cannot be made in it.
    const notAFolder = join(dir, 'not-a-folder');
    writeFileSync(notAFolder, '');
    const { thread, appended } = start({ kind: 'dir', dir: notAFolder });
    thread.append([exchange(1), exchange(2)], false);
    await vi.waitFor(() => expect(appended).toHaveLength(1));
    expect(appended[0]).toEqual({
      summaries: [],
      failures: [{ what: '2 entries', message: expect.stringMatching(/EEXIST|ENOTDIR|not a directory/i) }],
    });
    expect(() => thread.recent(1)).toThrow(/EEXIST|ENOTDIR|not a directory/i);
    expect(() => thread.close()).not.toThrow();
  });

  it('starts again when used after a close', () => {
    const dir = mkdtempSync(join(tmpdir(), 'request-log-thread-'));
    dirs.push(dir);
    const { thread } = start({ kind: 'dir', dir });
    thread.append([exchange(1)], false);
    thread.close();
    thread.append([exchange(2)], false);
    expect(thread.recent(10).map((e) => e.debug_id)).toEqual(['DEBUG2', 'DEBUG1']);
  });
});

describe("where the log thread's script is found", () => {
  it("beside the bundle, out of a packaged app's asar archive, or as named", () => {
    expect(workerScript('file:///work/out/serve/cli.mjs', {}).url.href).toBe(
      'file:///work/out/serve/request-log-worker.mjs',
    );
    expect(workerScript('file:///opt/App/resources/app.asar/out/main/main.cjs', {}).url.href).toBe(
      'file:///opt/App/resources/app.asar.unpacked/out/main/request-log-worker.mjs',
    );
    const source = workerScript(import.meta.url.replace(/[^/]+$/, 'request-log-thread.ts'), {});
    expect(source.url.href).toBe(import.meta.url.replace(/[^/]+$/, 'request-log-worker.ts'));
    // tsx from this project's packages, whatever folder the process was started in.
    expect(source.execArgv).toEqual(['--import', expect.stringMatching(/\/node_modules\/tsx\/.+\.mjs$/)]);
    expect(
      workerScript('file:///work/out/serve/cli.mjs', { [WORKER_SCRIPT_ENV]: '/tmp/built/worker.mjs' }).url
        .href,
    ).toBe('file:///tmp/built/worker.mjs');
  });
});
