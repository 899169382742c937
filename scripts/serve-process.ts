import { spawn, type ChildProcess, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

/**
 * `serve` as `npm run serve` ships it: the esbuild bundle (`scripts/build-host.mjs`), not the TypeScript
 * sources through a runtime loader. The tests (their global setups build it) and the benchmarks (`npm
 * run bench` builds it) start this one, so they exercise what users run.
 */
export const SERVE_BUNDLE = fileURLToPath(new URL('../out/serve/cli.mjs', import.meta.url));

export interface ServeProcess<Ready> {
  child: ChildProcessWithoutNullStreams;
  ready: Ready;
  /** Every stdout line so far, the ready line first; later lines are appended as they come. */
  lines: string[];
}

export interface ServeOptions {
  /** Environment over the outer one, where `serve` finds no credentials unless given here. */
  env?: NodeJS.ProcessEnv;
  /** Node's own flags, before the script (`--cpu-prof`); `npm run serve`'s source maps are always on. */
  nodeArgs?: readonly string[];
}

/** Runs `serve` with `args`. */
export function spawnServe(
  args: readonly string[],
  options: ServeOptions = {},
): ChildProcessWithoutNullStreams {
  return spawn(
    process.execPath,
    ['--enable-source-maps', ...(options.nodeArgs ?? []), SERVE_BUNDLE, ...args],
    {
      env: { ...process.env, SVC_CLIENT_ID: '', SVC_CLIENT_SECRET: '', ...options.env },
    },
  );
}

/**
 * A server process's first stdout line, as JSON (its address), with every line read so far; every later
 * line is read too (a full pipe would block the server) and appended to `lines`.
 */
export function readyLine<Ready>(
  child: ChildProcess,
  label: string,
): Promise<{ ready: Ready; lines: string[] }> {
  const lines: string[] = [];
  return new Promise((resolve, reject) => {
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`${label} exited with ${code} before ready: ${stderr}`)));
    createInterface({ input: child.stdout! }).on('line', (line) => {
      lines.push(line);
      if (lines.length > 1) return;
      try {
        resolve({ ready: JSON.parse(line) as Ready, lines });
      } catch {
        reject(new Error(`${label}'s first line is not JSON: ${line}`));
      }
    });
  });
}

/** Starts `serve` and resolves once it printed its ready line. */
export async function startServe<Ready>(
  args: readonly string[],
  options: ServeOptions = {},
): Promise<ServeProcess<Ready>> {
  const child = spawnServe(args, options);
  return { child, ...(await readyLine<Ready>(child, 'serve')) };
}

/** Stops a process with `signal` and resolves with its exit code (at once if it has already exited). */
export function stopProcess(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<number | null> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve(child.exitCode);
    child.once('exit', (code) => resolve(code));
    child.kill(signal);
  });
}
