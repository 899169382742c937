import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'electron/**/*.test.ts',
      'shared/**/*.test.ts',
      'renderer/**/*.test.ts',
      'scripts/**/*.test.ts',
    ],
    // The process-level tests (serve, its webhooks) start the bundle `npm run serve` runs.
    globalSetup: ['electron/test-support/build-host-once.ts'],
    pool: 'forks',
    // Vitest's default leaves a core to its own process, which on a 2-core machine means one test file at a
    // time; most files wait on sockets and timers as much as they compute, so two at a time nearly halves
    // the run there.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    testTimeout: 20_000,
    // Set-up hooks start hosts and seed them; on a loaded 2-core machine that alone can pass Vitest's 10 s.
    hookTimeout: 30_000,
  },
});
