import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'electron/**/*.test.ts',
      'shared/**/*.test.ts',
      'renderer/**/*.test.ts',
      'scripts/**/*.test.ts',
    ],
    pool: 'forks',
    testTimeout: 20_000,
  },
});
