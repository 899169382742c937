import { expect, type Page } from '@playwright/test';

/** Locators and steps of the Plans and Subscriptions pages, so the specs read as what a user does. */

export async function openPlans(page: Page): Promise<void> {
  await page.getByTestId('nav-plans').click();
  await expect(page.getByTestId('plans-page')).toBeVisible();
}

/** Creates a product through the form on the Products tab; resolves on its page with its id. */
export async function createProductInUi(page: Page, name: string): Promise<string> {
  await page.getByTestId('plans-tab-products').click();
  await page.getByTestId('create-product-button').click();
  await expect(page.getByTestId('product-dialog')).toBeVisible();
  await page.getByTestId('product-name').fill(name);
  await page.getByTestId('product-type').selectOption('SERVICE');
  await page.getByTestId('product-category').fill('SOFTWARE');
  await page.getByTestId('product-description').fill(`${name}, billed monthly`);
  await page.getByTestId('product-form-submit').click();
  await expect(page.getByTestId('product-detail')).toBeVisible();
  const id = (await page.getByTestId('product-id').textContent())?.trim() ?? '';
  expect(id).toMatch(/^PROD-[A-Z0-9]{17}$/);
  return id;
}

/** The plan form's cycle row `n` (0-based, as `billing_cycles/<n>` in API errors). */
export const cycleRow = (page: Page, n: number) => page.getByTestId(`cycle-${n}`);

/** The plan form's schedule in words, as it previews it. */
export const planSchedule = (page: Page) => page.getByTestId('plan-schedule-text');

/** Sends the plan form and waits for the plan's page; returns the plan id. */
export async function submitPlan(page: Page): Promise<string> {
  await page.getByTestId('plan-form-submit').click();
  await expect(page.getByTestId('plan-detail')).toBeVisible();
  const id = (await page.getByTestId('plan-id').textContent())?.trim() ?? '';
  expect(id).toMatch(/^P-[A-Z0-9]{24}$/);
  return id;
}

/** From a plan's page: "Subscribe", keep the form's defaults, send; returns the subscription id. */
export async function subscribeFromPlan(page: Page): Promise<string> {
  await page.getByTestId('subscribe-button').click();
  await expect(page.getByTestId('subscription-form')).toBeVisible();
  await page.getByTestId('subscription-form-submit').click();
  await expect(page.getByTestId('subscription-detail')).toBeVisible();
  const id = (await page.getByTestId('subscription-id').textContent())?.trim() ?? '';
  expect(id).toMatch(/^I-[A-Z0-9]{12}$/);
  return id;
}

export const subscriptionStatus = (page: Page) => page.getByTestId('subscription-status');

/** The billing timeline's rows: payments made (`past`) and cycles to come (`coming`). */
export const pastPayments = (page: Page) => page.getByTestId('billing-past');
export const comingCycles = (page: Page) => page.getByTestId('billing-coming');
