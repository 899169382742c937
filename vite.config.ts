import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * The renderer: one build for both Electron (loaded from app://workbench/) and the browser mode (served at
 * /__workbench/), hence relative asset paths. Monaco is bundled locally, workers included.
 */
export default defineConfig({
  root: 'renderer',
  base: './',
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 6000, sourcemap: false },
  worker: { format: 'es' },
});
