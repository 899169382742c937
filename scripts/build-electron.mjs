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
  build({ ...common, entryPoints: ['electron/main/main.ts'], outfile: 'out/main/main.cjs' }),
  build({ ...common, entryPoints: ['electron/preload/preload.ts'], outfile: 'out/preload/preload.cjs' }),
]);
process.stderr.write('Built out/main/main.cjs and out/preload/preload.cjs\n');
