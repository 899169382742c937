import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { createInterface } from 'node:readline';

/**
 * `serve` as `npm run serve` ships it: the esbuild bundle (`scripts/build-host.mjs`, built by the test
 * runners' global setup), not the TypeScript sources through a runtime loader. Tests then exercise what
 * users run, and each start skips seconds of on-the-fly transpiling.
 */
export const SERVE_BUNDLE = ['--enable-source-maps', 'out/serve/cli.mjs'];

export interface ServeProcess<Ready> {
  child: ChildProcessWithoutNullStreams;
  ready: Ready;
  /** Every stdout line so far, the ready line first; later lines are appended as they come. */
  lines: string[];
}

/** Runs `serve` with `args` (no credentials from the outer environment unless `env` gives them). */
export function spawnServe(args: string[], env: NodeJS.ProcessEnv = {}): ChildProcessWithoutNullStreams {
  return spawn(process.execPath, [...SERVE_BUNDLE, ...args], {
    cwd: process.cwd(),
    env: { ...process.env, SVC_CLIENT_ID: '', SVC_CLIENT_SECRET: '', ...env },
  });
}

/** Starts `serve` and resolves with its ready line (the first line on stdout, JSON). */
export function startServe<Ready>(args: string[], env: NodeJS.ProcessEnv = {}): Promise<ServeProcess<Ready>> {
  const child = spawnServe(args, env);
  const lines: string[] = [];
  return new Promise((resolve, reject) => {
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('exit', (code) => reject(new Error(`serve exited with ${code} before ready: ${stderr}`)));
    createInterface({ input: child.stdout }).on('line', (line) => {
      lines.push(line);
      if (lines.length > 1) return;
      try {
        resolve({ child, ready: JSON.parse(line) as Ready, lines });
      } catch {
        reject(new Error(`serve's first line is not JSON: ${line}`));
      }
    });
  });
}

/** Stops `serve` with `signal` and resolves with its exit code (at once if it has already exited). */
export function stopServe(
  child: ChildProcessWithoutNullStreams,
  signal: NodeJS.Signals = 'SIGTERM',
): Promise<number | null> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve(child.exitCode);
    child.once('exit', (code) => resolve(code));
    child.kill(signal);
  });
}
