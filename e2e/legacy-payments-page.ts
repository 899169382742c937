import { expect, type BrowserContext, type Page } from '@playwright/test';

/** Locators and steps of the legacy (v1) payment pages, so the spec reads as what a user does. */

export const SHOP = 'https://shop.example';

export async function openLegacyPayments(page: Page): Promise<void> {
  await page.getByTestId('nav-legacy-payments').click();
  await expect(page.getByTestId('legacy-list-page')).toBeVisible();
  await expect(page.getByTestId('deprecation-notice')).toContainText('/v2/payments');
}

/** Creates a v1 payment from its JSON body through the create dialog; returns its id (its page is open). */
export async function createV1PaymentInUi(page: Page, body: unknown): Promise<string> {
  await page.getByTestId('create-v1-payment').click();
  await expect(page.getByTestId('create-v1-dialog')).toBeVisible();
  await page.getByTestId('create-v1-body').fill(JSON.stringify(body, null, 2));
  await page.getByTestId('create-v1-submit').click();
  await expect(page.getByTestId('legacy-detail')).toHaveAttribute('data-kind', 'payment-v1');
  const id = (await page.getByTestId('legacy-detail').getAttribute('data-id')) ?? '';
  expect(id).toMatch(/^PAY-[A-Z0-9]{24}$/);
  return id;
}

export const expectLegacyStatus = (page: Page, status: string) =>
  expect(page.getByTestId('legacy-status')).toHaveAttribute('data-status', status);

/**
 * The buyer approves on the buyer page in a tab of their own, and comes back to the shop's return_url
 * (served by a stand-in, as the shop is not reachable from the test); returns the return_url's query.
 */
export async function approveOnBuyerPage(
  context: BrowserContext,
  href: string,
  expectText: string,
): Promise<URLSearchParams> {
  const buyer = await context.newPage();
  await buyer.route(`${SHOP}/**`, (route) =>
    route.fulfill({
      status: 200,
      contentType: 'text/html',
      body: '<!doctype html><title>Shop</title><h1>Back at the shop</h1>',
    }),
  );
  await buyer.goto(href);
  await expect(buyer.getByTestId('transaction-total').first()).toHaveText(expectText);
  await expect(buyer.getByTestId('payment-state')).toHaveText('created');
  await buyer.getByRole('button', { name: /Continue|Pay Now/ }).click();
  await buyer.waitForURL(`${SHOP}/return**`);
  await expect(buyer.getByRole('heading', { name: 'Back at the shop' })).toBeVisible();
  const query = new URL(buyer.url()).searchParams;
  await buyer.close();
  return query;
}

/** Refunds the open sale (or capture) page's resource through its dialog. */
export async function refundInUi(page: Page, amount: string): Promise<void> {
  await page.getByTestId('action-refund').click();
  await expect(page.getByTestId('legacy-refund-dialog')).toBeVisible();
  await page.getByTestId('legacy-refund-amount').fill(amount);
  await page.getByTestId('legacy-refund-submit').click();
  await expect(page.getByTestId('legacy-refund-dialog')).toBeHidden();
}
