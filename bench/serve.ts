import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { BENCH_CREDENTIALS } from './host.js';

/**
 * The host as `npm run serve` runs it, in a process of its own, for benchmarks that measure it from
 * outside (its memory, its CPU, a browser on its workbench): the bundle `npm run bench` builds.
 */
const CREDENTIALS = BENCH_CREDENTIALS;
const SERVE = fileURLToPath(new URL('../out/serve/cli.mjs', import.meta.url));

export interface Served {
  child: ChildProcess;
  baseUrl: string;
  /** The workbench's address with its launch token, as `serve` prints it. */
  workbenchUrl: string;
  /** The launch token of the workbench URL: what a page's EventSource presents. */
  workbenchToken: string;
}

/**
 * `serve --ephemeral` on a free port; resolves on its JSON ready line. `nodeArgs` go to Node before the
 * script (`--cpu-prof`); `npm run serve`'s own `--enable-source-maps` is always among them.
 */
export async function startServe(
  extraArgs: readonly string[] = [],
  nodeArgs: readonly string[] = [],
): Promise<Served> {
  const child = spawn(
    process.execPath,
    [
      '--enable-source-maps',
      ...nodeArgs,
      SERVE,
      '--ephemeral',
      '--port',
      '0',
      '--listener-port',
      '0',
      '--client-id',
      CREDENTIALS.clientId,
      '--client-secret',
      CREDENTIALS.clientSecret,
      ...extraArgs,
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const ready = await readyLine<{ base_url: string; workbench_url: string }>(child, 'serve');
  return {
    child,
    baseUrl: ready.base_url,
    workbenchUrl: ready.workbench_url,
    workbenchToken: new URL(ready.workbench_url).searchParams.get('token') ?? '',
  };
}

/**
 * A server process's first stdout line, as JSON (its address). Every later line is read too (and
 * dropped): a full pipe would block the server.
 */
async function readyLine<T>(child: ChildProcess, label: string): Promise<T> {
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const lines = createInterface({ input: child.stdout! });
  return new Promise<T>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`${label} exited (${code}) before ready: ${stderr}`)));
    lines.once('line', (line) => resolve(JSON.parse(line) as T));
  });
}

/**
 * A benchmark's own server script (TypeScript, through tsx) in a process of its own, so its CPU can be
 * read apart from the load generator's; resolves on its JSON ready line `{"base_url": ...}`.
 */
export async function startScript(script: string): Promise<{ child: ChildProcess; baseUrl: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(script)], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const ready = await readyLine<{ base_url: string }>(child, script);
  return { child, baseUrl: ready.base_url };
}

export async function stopServe(served: Pick<Served, 'child'>): Promise<void> {
  if (served.child.exitCode !== null) return;
  const exited = new Promise((resolve) => served.child.once('exit', resolve));
  served.child.kill('SIGTERM');
  await exited;
}

/** Resident memory of a process in MB: /proc on Linux, `ps` elsewhere. */
export function rssMb(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/^VmRSS:\s+(\d+)/m.exec(status)?.[1]);
    if (Number.isFinite(kb)) return kb / 1024;
  } catch {
    // not Linux
  }
  return 0;
}

/** CPU seconds a process has used (user + system), from /proc on Linux; undefined elsewhere. */
export function cpuSeconds(pid: number): number | undefined {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    // utime and stime are fields 14 and 15 of the line, 12 and 13 after the command name.
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return undefined;
  }
}
