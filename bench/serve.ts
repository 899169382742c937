import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { readyLine, startServe as startServeProcess, stopProcess } from '../scripts/serve-process.js';
import { BENCH_CREDENTIALS } from './host.js';

// The host as `npm run serve` runs it, in a process of its own, for benchmarks that measure it from
// outside (its memory, its CPU, a browser on its workbench).
export interface Served {
  child: ChildProcess;
  baseUrl: string;
  /** The workbench's address with its launch token, as `serve` prints it. */
  workbenchUrl: string;
  /** The launch token of the workbench URL: what a page's EventSource presents. */
  workbenchToken: string;
}

/**
 * `serve --ephemeral` on a free port, or on a kept workspace when `extraArgs` name a `--data-dir`;
 * resolves on its JSON ready line. `nodeArgs` go to Node (`--cpu-prof`).
 */
export async function startServe(
  extraArgs: readonly string[] = [],
  nodeArgs: readonly string[] = [],
): Promise<Served> {
  const { child, ready } = await startServeProcess<{ base_url: string; workbench_url: string }>(
    [
      ...(extraArgs.includes('--data-dir') ? [] : ['--ephemeral']),
      '--port',
      '0',
      '--listener-port',
      '0',
      '--client-id',
      BENCH_CREDENTIALS.clientId,
      '--client-secret',
      BENCH_CREDENTIALS.clientSecret,
      ...extraArgs,
    ],
    { nodeArgs },
  );
  return {
    child,
    baseUrl: ready.base_url,
    workbenchUrl: ready.workbench_url,
    workbenchToken: new URL(ready.workbench_url).searchParams.get('token') ?? '',
  };
}

/**
 * A benchmark's own server script (TypeScript, through tsx) in a process of its own, so its CPU can be
 * read apart from the load generator's; resolves on its JSON ready line `{"base_url": ...}`.
 */
export async function startScript(script: string): Promise<{ child: ChildProcess; baseUrl: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(script)], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const { ready } = await readyLine<{ base_url: string }>(child, script);
  return { child, baseUrl: ready.base_url };
}

export async function stopServe(served: Pick<Served, 'child'>): Promise<void> {
  await stopProcess(served.child);
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

/**
 * CPU seconds of each of a process's threads, summed by thread name (`MainThread`, a worker's name such
 * as `request-log`, V8's `V8Worker` helpers), from /proc on Linux; empty elsewhere. A thread that ended
 * is no longer listed: read it while the threads of interest run.
 */
export function threadCpuSeconds(pid: number): Map<string, number> {
  const byName = new Map<string, number>();
  try {
    for (const tid of readdirSync(`/proc/${pid}/task`)) {
      const line = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
      const name = line.slice(line.indexOf('(') + 1, line.lastIndexOf(')'));
      const fields = line.slice(line.lastIndexOf(')') + 2).split(' ');
      const seconds = (Number(fields[11]) + Number(fields[12])) / 100;
      byName.set(name, (byName.get(name) ?? 0) + seconds);
    }
  } catch {
    // not Linux, or the process ended
  }
  return byName;
}
