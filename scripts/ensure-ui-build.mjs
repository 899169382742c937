// Before `npm run serve`: build the workbench UI when it is missing or older than its sources, so the
// browser mode always serves what the sources say without a slow build on every start.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const newest = (dir) =>
  readdirSync(dir, { withFileTypes: true }).reduce((latest, entry) => {
    const path = join(dir, entry.name);
    if (entry.name === 'node_modules' || entry.name === 'dist') return latest;
    return Math.max(latest, entry.isDirectory() ? newest(path) : statSync(path).mtimeMs);
  }, 0);

const built = 'renderer/dist/index.html';
const stale =
  !existsSync(built) ||
  Math.max(newest('renderer'), newest('shared'), statSync('vite.config.ts').mtimeMs) >
    statSync(built).mtimeMs;
if (stale) {
  process.stderr.write('Building the workbench UI (sources changed)...\n');
  const result = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], {
    stdio: ['ignore', process.stderr, 'inherit'],
  });
  process.exit(result.status ?? 1);
}
