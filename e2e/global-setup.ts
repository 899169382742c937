import { spawnSync } from 'node:child_process';
import { buildHostBundle } from '../electron/test-support/build-host-once.js';

/** The specs drive exactly what `serve` ships: build the UI and the host bundle once per run. */
export default function globalSetup(): void {
  const result = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
  if (result.status !== 0) throw new Error('vite build failed');
  buildHostBundle();
}
