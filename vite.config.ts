import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * The project's own modules (the renderer and `shared/`) only declare things: importing one for a
 * constant must not drag in the rest of what its folder's `index.ts` re-exports. Declared side-effect
 * free, a module whose exports nothing on the first page uses stays out of the start-up bundle (a
 * feature's registration names a few constants; the schemas and endpoints behind the same barrel load
 * with the pages that use them). Monaco's setup assigns `self.MonacoEnvironment` and stylesheets apply
 * themselves: those keep their side effects.
 */
function projectModuleSideEffects(id: string): boolean | undefined {
  const path = id.replaceAll('\\', '/');
  if (path.includes('/node_modules/') || path.endsWith('.css') || path.includes('/monaco-')) return undefined;
  return /\/(renderer\/src|shared)\//.test(path) ? false : undefined;
}

/**
 * The renderer: one build for both Electron (loaded from app://workbench/) and the browser mode (served at
 * /__workbench/), hence relative asset paths. Monaco is bundled locally, workers included.
 */
export default defineConfig({
  root: 'renderer',
  base: './',
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 6000,
    sourcemap: false,
    rolldownOptions: { treeshake: { moduleSideEffects: projectModuleSideEffects } },
  },
  worker: { format: 'es' },
});
