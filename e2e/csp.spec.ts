import type { Page } from '@playwright/test';
import { expect, openWorkbench, test } from './fixtures';

/** Collects the page's CSP violation reports (`securitypolicyviolation`), from its first script on. */
async function recordViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(`${event.violatedDirective} ${event.blockedURI} at ${event.sourceFile}:${event.lineNumber}`),
    );
  });
  return () => page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations);
}

test('the workbench pages raise no CSP violation, the console editor included', async ({
  page,
  workbench,
}) => {
  const violations = await recordViolations(page);
  await openWorkbench(page, workbench);
  const navigation = page.locator('[data-testid^="nav-"]');
  const count = await navigation.count();
  expect(count).toBeGreaterThan(3);
  for (let i = 0; i < count; i++) {
    await navigation.nth(i).click();
    await expect(page.locator('[data-app-ready="true"]')).toBeVisible();
  }
  await page.getByTestId('nav-console').click();
  await expect(page.locator('[data-testid="console-editor"][data-editor-ready="true"]')).toBeVisible();
  expect(await violations()).toEqual([]);
});

test('the buyer page raises no CSP violation under its own strict policy, and its form works', async ({
  page,
  workbench,
}) => {
  const created = await workbench.api('POST', '/v2/checkout/orders', {
    intent: 'CAPTURE',
    purchase_units: [{ amount: { currency_code: 'USD', value: '12.00' } }],
  });
  expect(created.status).toBe(201);
  const violations = await recordViolations(page);
  const response = await page.goto(`${workbench.baseUrl}/checkoutnow?token=${created.body.id}`);
  expect(response?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
  // The nonce lets the page's own style in: the button is styled, not the browser's default.
  await expect(page.getByRole('button', { name: 'Approve payment' })).toHaveCSS(
    'background-color',
    'rgb(31, 95, 191)',
  );
  await page.getByRole('button', { name: 'Approve payment' }).click();
  await expect(page.getByTestId('order-status')).toHaveText('APPROVED');
  expect(await violations()).toEqual([]);
});
