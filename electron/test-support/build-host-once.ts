import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { WORKER_SCRIPT_ENV } from '../api/pipeline/request-log-thread.js';

/**
 * Builds the `serve` bundle (`out/serve/`) that the process-level tests start, as `npm run serve` builds it.
 * A global setup of both test runners: once per run, before any test spawns the host. The hosts the tests
 * create in their own process start the request log's thread from its bundle too (set in the environment
 * the test processes inherit), instead of compiling its TypeScript in every thread.
 */
export function buildHostBundle(): void {
  const result = spawnSync(process.execPath, ['scripts/build-host.mjs'], { stdio: 'inherit' });
  if (result.status !== 0) throw new Error('the host bundle (scripts/build-host.mjs) failed to build');
  process.env[WORKER_SCRIPT_ENV] = fileURLToPath(
    new URL('../../out/serve/request-log-worker.mjs', import.meta.url),
  );
}

export default buildHostBundle;
