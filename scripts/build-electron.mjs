// Bundles Electron's main process and preload with esbuild: the preload runs sandboxed (it cannot
// require project files), and main loads faster as one file. `electron` stays external.
import { build } from 'esbuild';

const common = {
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node22',
  external: ['electron'],
  sourcemap: true,
  logLevel: 'warning',
};

await Promise.all([
  build({
    ...common,
    entryPoints: ['electron/main/main.ts'],
    outfile: 'out/main/main.cjs',
    // CommonJS has no import.meta: the code that finds files beside its own (the request log's thread,
    // the UI's folder) gets this file's URL.
    banner: { js: "const importMetaUrl = require('node:url').pathToFileURL(__filename).href;" },
    define: { 'import.meta.url': 'importMetaUrl' },
  }),
  // The request log's thread (an ES module, as Node runs a worker's .mjs), beside main.cjs.
  build({
    ...common,
    format: 'esm',
    entryPoints: ['electron/api/pipeline/request-log-worker.ts'],
    outfile: 'out/main/request-log-worker.mjs',
  }),
  build({ ...common, entryPoints: ['electron/preload/preload.ts'], outfile: 'out/preload/preload.cjs' }),
]);
process.stderr.write(
  'Built out/main/main.cjs, out/main/request-log-worker.mjs and out/preload/preload.cjs\n',
);
