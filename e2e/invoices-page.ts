import { expect, type Page } from '@playwright/test';

/** Locators and steps of the Invoices and Mailbox pages, so the specs read as what a user does. */

export async function openInvoices(page: Page): Promise<void> {
  await page.getByTestId('nav-invoices').click();
  await expect(page.getByTestId('invoices-page')).toBeVisible();
}

export interface ItemInput {
  name: string;
  quantity: string;
  unitPrice: string;
  taxName?: string;
  taxPercent?: string;
}

/** Fills item row `n` of the invoice form (adding the row when it is new). */
export async function fillItem(page: Page, n: number, item: ItemInput): Promise<void> {
  if ((await page.getByTestId(`invoice-item-${n}`).count()) === 0)
    await page.getByTestId('invoice-add-item').click();
  await page.getByTestId(`invoice-item-${n}-name`).fill(item.name);
  await page.getByTestId(`invoice-item-${n}-quantity`).fill(item.quantity);
  await page.getByTestId(`invoice-item-${n}-unitPrice`).fill(item.unitPrice);
  if (item.taxName) await page.getByTestId(`invoice-item-${n}-taxName`).fill(item.taxName);
  if (item.taxPercent) await page.getByTestId(`invoice-item-${n}-taxPercent`).fill(item.taxPercent);
}

/** The invoice's status as its page shows it. */
export const invoiceStatus = (page: Page) => page.getByTestId('invoice-status');

export async function openMailbox(page: Page): Promise<void> {
  await page.getByTestId('nav-mailbox').click();
  await expect(page.getByTestId('mailbox-page')).toBeVisible();
}
