// Bundles the headless host for `npm run serve` and the benchmarks: what runs is then compiled the way
// Electron's main process is (esbuild, no per-request cost of a runtime TypeScript loader). Packages stay
// external and resolve from the project's node_modules. The bundles sit two folders below the root, as
// electron/host/project-paths.ts expects of the file it is compiled into.
import { build } from 'esbuild';

const common = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node24',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
};

await Promise.all([
  build({ ...common, entryPoints: ['electron/cli.ts'], outfile: 'out/serve/cli.mjs' }),
  build({ ...common, entryPoints: ['electron/host/create-host.ts'], outfile: 'out/serve/host.mjs' }),
  // The request log's thread, beside the bundles that start it (request-log-thread.ts finds it there).
  build({
    ...common,
    entryPoints: ['electron/api/pipeline/request-log-worker.ts'],
    outfile: 'out/serve/request-log-worker.mjs',
  }),
]);
