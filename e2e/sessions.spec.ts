import { expect, openWorkbench, test } from './fixtures';
import { RECEIPT_ORDER } from '../electron/test-support/fixtures.js';

/** The browser keeps its workbench session after the token leaves the address bar. */
test('a reload, a new tab and a pasted address keep working; another browser gets nothing', async ({
  page,
  context,
  browser,
  workbench,
}) => {
  await openWorkbench(page, workbench, 'orders');
  // The page dropped the launch token from its address.
  expect(page.url()).not.toContain('token=');
  await page.reload();
  await expect(page.locator('[data-app-ready="true"]')).toBeVisible();

  // A new tab of the same browser, on a pasted address without the token.
  const tab = await context.newPage();
  await tab.goto(`${workbench.baseUrl}/__workbench/#/payouts`);
  await expect(tab.locator('[data-app-ready="true"]')).toBeVisible();
  await expect(tab.getByTestId('payouts-page')).toBeVisible();
  await expect(tab.getByText('The host answered 403')).toHaveCount(0);
  await tab.close();

  // `/` in the browser: a page pointing to the workbench and the docs; its link leads in.
  await page.goto(`${workbench.baseUrl}/`);
  await expect(page.getByRole('link', { name: 'OpenAPI document' })).toBeVisible();
  await page.getByTestId('open-workbench').click();
  await expect(page.locator('[data-app-ready="true"]')).toBeVisible();

  // Another browser (a fresh profile) has no session: the bridge refuses it.
  const other = await browser.newContext();
  const stranger = await other.newPage();
  await stranger.goto(`${workbench.baseUrl}/__workbench/`);
  const status = await stranger.evaluate(async () => {
    const reply = await fetch('/__workbench/rpc/getInfo', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    return reply.status;
  });
  expect(status).toBe(403);
  await other.close();
});

/** The buyer page as a receipt, its own result page, and no favicon error. */
test('the buyer page adds up, lands on the host result page without a return_url, and leads back', async ({
  page,
  context,
  workbench,
}) => {
  await openWorkbench(page, workbench);
  const created = await workbench.api('POST', '/v2/checkout/orders', RECEIPT_ORDER);
  expect(created.status).toBe(201);
  const buyer = await context.newPage();
  const failures: string[] = [];
  buyer.on('response', (response) => {
    if (response.status() >= 400) failures.push(`${response.status()} ${response.url()}`);
  });
  await buyer.goto(`${workbench.baseUrl}/checkoutnow?token=${created.body.id}`);
  await expect(buyer.getByTestId('line-total')).toHaveText(['27.30 USD', '3.00 USD']);
  await expect(buyer.getByTestId('breakdown-shipping')).toHaveText('5.00 USD');
  await expect(buyer.getByTestId('breakdown-tax')).toHaveText('2.25 USD');
  await expect(buyer.getByTestId('breakdown-discount')).toHaveText('−3.00 USD');
  await expect(buyer.getByTestId('unit-total')).toHaveText('34.55 USD');
  await buyer.getByRole('button', { name: 'Approve payment' }).click();
  await expect(buyer.getByTestId('checkout-result')).toHaveText('Payment approved');
  await expect(buyer.getByTestId('order-status')).toHaveText('APPROVED');
  await buyer.getByTestId('back-to-workbench').click();
  await expect(buyer.locator('[data-app-ready="true"]')).toBeVisible();
  await expect(buyer.getByTestId('state-APPROVED')).toHaveAttribute('data-current', 'true');
  const favicon = await buyer.request.get(`${workbench.baseUrl}/favicon.ico`);
  expect(favicon.status()).toBe(200);
  expect(failures).toEqual([]);
});
