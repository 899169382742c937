import { spawnSync } from 'node:child_process';

/** The UI the specs drive is the built one, exactly what `serve` ships: build it once per run. */
export default function globalSetup(): void {
  const result = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
  if (result.status !== 0) throw new Error('vite build failed');
}
