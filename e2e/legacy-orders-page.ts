import { expect, type BrowserContext, type Page } from '@playwright/test';

/** Locators and steps of the Orders v1 and web profile pages, so the specs read as what a user does. */

export const SHOP = 'https://example.com';

export async function openLegacyOrders(page: Page): Promise<void> {
  await page.getByTestId('nav-legacy-orders').click();
  await expect(page.getByTestId('legacy-orders-page')).toBeVisible();
  await expect(page.getByTestId('deprecation-notice')).toContainText('Orders v2');
}

/** Creates a v1 order from the create dialog's example body; returns its id (its page is open). */
export async function createV1OrderInUi(page: Page): Promise<string> {
  await page.getByTestId('create-order-v1').click();
  await expect(page.getByTestId('create-order-v1-dialog')).toBeVisible();
  await page.getByTestId('create-order-v1-submit').click();
  const detail = page.getByTestId('order-v1-detail');
  await expect(detail).toBeVisible();
  const id = (await detail.getAttribute('data-id')) ?? '';
  expect(id).toMatch(/^O-[A-Z0-9]{17}$/);
  return id;
}

export const expectOrderV1Status = (page: Page, status: string) =>
  expect(page.getByTestId('order-v1-detail')).toHaveAttribute('data-status', status);

/**
 * The buyer approves on the approval page in a tab of their own and comes back to the shop's return_url
 * (a stand-in answers it: the shop is not reachable from the test); returns the return_url's query.
 */
export async function approveOnApprovalPage(context: BrowserContext, href: string): Promise<URLSearchParams> {
  const buyer = await context.newPage();
  await buyer.route(`${SHOP}/**`, (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<h1>Back at the shop</h1>' }),
  );
  await buyer.goto(href);
  await expect(buyer.getByTestId('order-status')).toHaveText('CREATED');
  await expect(buyer.getByTestId('gross-total')).toHaveText('12.00 USD');
  await buyer.getByRole('button', { name: 'Approve payment' }).click();
  await expect(buyer.getByRole('heading', { name: 'Back at the shop' })).toBeVisible();
  const query = new URL(buyer.url()).searchParams;
  await buyer.close();
  return query;
}

export async function openWebProfiles(page: Page): Promise<void> {
  await page.getByTestId('nav-web-profiles').click();
  await expect(page.getByTestId('web-profiles-page')).toBeVisible();
}

export const preview = (page: Page) => page.getByTestId('web-profile-preview');
