import { expect, type Page } from '@playwright/test';

/** Locators and steps of the workbench's pages, so specs read as what a user does. */

export async function createOrderInUi(
  page: Page,
  options: {
    intent: 'CAPTURE' | 'AUTHORIZE';
    item: { name: string; quantity: string; unitAmount: string };
    card?: { number: string; expiry: string };
  },
): Promise<string> {
  await page.getByTestId('nav-orders').click();
  await page.getByTestId('create-order-button').click();
  await expect(page.getByTestId('create-order-dialog')).toBeVisible();
  await page.getByTestId(`intent-${options.intent}`).check();
  await page.getByTestId('unit-0-item-0-name').fill(options.item.name);
  await page.getByTestId('unit-0-item-0-quantity').fill(options.item.quantity);
  await page.getByTestId('unit-0-item-0-unit-amount').fill(options.item.unitAmount);
  if (options.card) {
    await page.getByTestId('payment-source-card').check();
    await page.getByTestId('card-number').fill(options.card.number);
    await page.getByTestId('card-expiry').fill(options.card.expiry);
  } else {
    await page.getByTestId('payment-source-none').check();
  }
  await expect(page.getByTestId('create-order-submit')).toBeEnabled();
  await page.getByTestId('create-order-submit').click();
  await expect(page.getByTestId('order-detail')).toBeVisible();
  const id = (await page.getByTestId('order-id').textContent())?.trim() ?? '';
  expect(id).toMatch(/^[A-Z0-9]{17}$/);
  return id;
}

/** The state the StateMachineView highlights. */
export const machineState = (page: Page) => page.getByTestId('state-machine').first();

export async function expectState(page: Page, state: string): Promise<void> {
  await expect(machineState(page)).toHaveAttribute('data-current-state', state);
}

/** Replaces the Monaco editor's text the way a user would: select all, delete, type. */
export async function typeInConsoleEditor(page: Page, text: string): Promise<void> {
  const editor = page.locator('[data-testid="console-editor"][data-editor-ready="true"]');
  await expect(editor).toBeVisible();
  await editor.click();
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText(text);
}
