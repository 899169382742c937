// Renders assets/icon.svg to assets/icon.png (512x512) with the Chromium Playwright uses, so the
// packaged app's icon always matches its source. Run: node scripts/render-icon.mjs
import { readFileSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from './headless-chromium.ts';

const browser = await chromium.launch(chromiumLaunchOptions());
const page = await browser.newPage({ viewport: { width: 512, height: 512 } });
await page.setContent(
  `<html><body style="margin:0;background:transparent">${readFileSync('assets/icon.svg', 'utf8')}</body></html>`,
);
await page.screenshot({
  path: 'assets/icon.png',
  omitBackground: true,
  clip: { x: 0, y: 0, width: 512, height: 512 },
});
await browser.close();
