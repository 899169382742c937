import { spawnSync } from 'node:child_process';

/**
 * Builds the `serve` bundle (`out/serve/`) that the process-level tests start, as `npm run serve` builds it.
 * A global setup of both test runners: once per run, before any test spawns the host.
 */
export function buildHostBundle(): void {
  const result = spawnSync(process.execPath, ['scripts/build-host.mjs'], { stdio: 'inherit' });
  if (result.status !== 0) throw new Error('the host bundle (scripts/build-host.mjs) failed to build');
}

export default buildHostBundle;
