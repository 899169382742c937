import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from './scripts/headless-chromium.js';

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  globalSetup: './e2e/global-setup.ts',
  timeout: 120_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  // Each test starts its own host on its own port and data directory, so specs run side by side.
  workers: 2,
  retries: 0,
  reporter: 'list',
  outputDir: 'test-results',
  use: {
    viewport: { width: 1400, height: 900 },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: chromiumLaunchOptions(['--disable-quic']),
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
});
