import { existsSync } from 'node:fs';

/**
 * The Chromium the workbench's browser tools drive (the e2e tests, the UI benchmarks, the icon
 * renderer), set once so they all run the same browser the same way. Playwright's own browser download
 * is unavailable on these machines: `CHROMIUM_PATH` names a browser, else Debian's system Chromium is
 * used where it is installed, else Playwright's default.
 */
export const SYSTEM_CHROMIUM: string | undefined =
  process.env.CHROMIUM_PATH ??
  ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((path) => existsSync(path));

/** No sandbox (containers run as root), no GPU, and none of Chrome's background traffic or first-run UI. */
export const HEADLESS_CHROMIUM_FLAGS: readonly string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** Playwright launch options for that browser, with `extraFlags` after the common ones. */
export function chromiumLaunchOptions(extraFlags: readonly string[] = []): {
  executablePath?: string;
  args: string[];
} {
  return {
    ...(SYSTEM_CHROMIUM ? { executablePath: SYSTEM_CHROMIUM } : {}),
    args: [...HEADLESS_CHROMIUM_FLAGS, ...extraFlags],
  };
}
