import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach } from 'vitest';

/** What every harness of the tests can do at the end of a test. */
interface Closable {
  close(): Promise<void>;
}

/**
 * Gives each test of the enclosing file or `describe` block a harness of its own, started before the
 * test and closed after it, so that no test sees what another one stored.
 *
 * The value returned stands for the harness of the test that is running: every read and write goes to
 * it. That keeps the tests' plain `api.request(...)` (and `api` handed to the kits' helpers) while the
 * before/after pair that every file used to write for itself lives here once.
 */
export function harnessPerTest<H extends Closable>(start: () => Promise<H>): H {
  let current: H | undefined;
  beforeEach(async () => {
    current = await start();
  });
  afterEach(async () => {
    await current?.close();
    current = undefined;
  });
  const live = (): H => {
    if (!current) throw new Error('a per-test harness is there only while a test runs');
    return current;
  };
  return new Proxy({} as H, {
    get(_target, key) {
      const harness = live();
      const value: unknown = Reflect.get(harness, key, harness);
      // Methods run on the harness itself, whoever calls them (a kit's helper takes `api.request`).
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(harness) : value;
    },
    set: (_target, key, value) => Reflect.set(live(), key, value),
    has: (_target, key) => Reflect.has(live(), key),
  });
}

/**
 * For tests that start hosts themselves, mostly to see what survives a restart: they start a host on a
 * workspace on disk, stop it (or let it "die") and start another on the same workspace. Every host
 * started is closed (once: closing is made idempotent, since such tests close hosts themselves) and
 * every workspace made is removed after each test, however the test ended.
 */
export function hostsPerTest<A extends unknown[], H extends Closable>(start: (...args: A) => Promise<H>) {
  const started: H[] = [];
  const workspaces: string[] = [];
  afterEach(async () => {
    for (const harness of started.splice(0)) await harness.close();
    for (const dir of workspaces.splice(0)) rmSync(dir, { recursive: true, force: true });
  });
  return {
    /** A fresh, empty workspace directory, removed after the test. */
    workspace(prefix = 'workbench-test-'): string {
      const dir = mkdtempSync(join(tmpdir(), prefix));
      workspaces.push(dir);
      return dir;
    },
    /** Starts a host; it is closed after the test unless the test closed it. */
    async start(...args: A): Promise<H> {
      const harness = await start(...args);
      const closeOnce = harness.close.bind(harness);
      let closing: Promise<void> | undefined;
      harness.close = () => (closing ??= closeOnce());
      started.push(harness);
      return harness;
    },
  };
}
