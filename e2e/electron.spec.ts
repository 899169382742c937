import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { _electron as electron, expect, test } from '@playwright/test';
import { electronBinary } from './electron-binary';

const binary = electronBinary();

test.describe('Electron mode', () => {
  // Runs wherever an Electron binary is installed; here it says why it did not.
  test.skip(
    !binary,
    'skipped: no Electron binary (node_modules/electron/dist is absent; its download host is unreachable here)',
  );

  test.beforeAll(() => {
    const build = spawnSync('node', ['scripts/build-electron.mjs'], { stdio: 'inherit' });
    expect(build.status).toBe(0);
  });

  test('opens a hardened window whose bridge reaches the embedded sandbox', async () => {
    const app = await electron.launch({
      executablePath: binary,
      args: ['out/main/main.cjs', `--user-data-dir=${mkdtempSync(join(tmpdir(), 'workbench-electron-'))}`],
    });
    const page = await app.firstWindow();
    await expect(page.locator('[data-app-ready="true"]')).toBeVisible();
    // No Node in the page; the bridge is there, as named functions only.
    expect(await page.evaluate(() => typeof (globalThis as { require?: unknown }).require)).toBe('undefined');
    expect(
      await page.evaluate(
        () => typeof (globalThis as { workbench?: { getInfo?: unknown } }).workbench?.getInfo,
      ),
    ).toBe('function');
    const info = await page.evaluate(() =>
      (
        globalThis as unknown as { workbench: { getInfo(input: object): Promise<{ mode: string }> } }
      ).workbench.getInfo({}),
    );
    expect(info?.mode).toBe('electron');
    // Navigation away from the app is blocked.
    await page.evaluate(() => {
      globalThis.location.href = 'https://example.com/';
    });
    await page.waitForTimeout(500);
    expect(page.url()).toContain('index.html');
    await page.screenshot({ path: 'test-results/electron-window.png' });
    await app.close();
  });
});
