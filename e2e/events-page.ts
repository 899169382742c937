import { expect, type Page } from '@playwright/test';
import type { Workbench } from './fixtures';

/** Locators and steps of the Events page, so the specs read as what a user does. */

export async function openEvents(
  page: Page,
  tab: 'inbox' | 'outbox' | 'subscriptions' | 'simulate' = 'inbox',
): Promise<void> {
  await page.getByTestId('nav-events').click();
  await expect(page.getByTestId('events-page')).toBeVisible();
  await page.getByTestId(`events-tab-${tab}`).click();
}

export const inboxRow = (page: Page, eventType: string) =>
  page.locator(`[data-testid="inbox-row"][data-event-type="${eventType}"]`);
export const eventRow = (page: Page, eventType: string) =>
  page.locator(`[data-testid="event-row"][data-event-type="${eventType}"]`);

/** An order paid from outside the UI, as an integration would: create, buyer approval, capture. */
export async function captureFromOutside(
  workbench: Workbench,
  value = '30.00',
): Promise<{ orderId: string; captureId: string }> {
  const created = await workbench.api('POST', '/v2/checkout/orders', {
    intent: 'CAPTURE',
    purchase_units: [{ amount: { currency_code: 'USD', value } }],
  });
  expect(created.status).toBe(201);
  const orderId = created.body.id as string;
  expect(
    (await workbench.api('POST', `/v1/test-helpers/checkout/orders/${orderId}/approve`, {})).status,
  ).toBe(200);
  const captured = await workbench.api('POST', `/v2/checkout/orders/${orderId}/capture`, {});
  expect(captured.status).toBe(201);
  return { orderId, captureId: captured.body.purchase_units[0].payments.captures[0].id as string };
}

/** Sets the listener's answer through its control bar. */
export async function setListenerAnswer(page: Page, status: number, delayMs = 0): Promise<void> {
  await page.getByTestId('listener-control').getByRole('combobox').first().click();
  await page.getByTestId(`listener-status-${status}`).click();
  await page.getByTestId('listener-delay').fill(String(delayMs));
  await page.getByTestId('listener-save').click();
}
