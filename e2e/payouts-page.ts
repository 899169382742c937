import { expect, type Page } from '@playwright/test';
import type { Workbench } from './fixtures';

/** Locators and steps of the Payouts page, so the specs read as what a user does. */

export const PAYOUT_CSV_HEADER = 'recipient_type,receiver,amount,currency,note,sender_item_id';

export async function openPayouts(page: Page): Promise<void> {
  await page.getByTestId('nav-payouts').click();
  await expect(page.getByTestId('payouts-page')).toBeVisible();
}

/** Deposits money for payouts through the page's "Add funds" (a fresh workspace's merchant has none). */
export async function fundMerchant(page: Page, value: string): Promise<void> {
  await page.getByTestId('payout-fund-button').click();
  await page.getByTestId('fund-amount').fill(value);
  await page.getByTestId('fund-submit').click();
  await expect(page.getByTestId('fund-dialog')).toBeHidden();
}

/** Opens the create form and imports `lines` (after the header) as a CSV file. */
export async function importCsv(page: Page, lines: string[], fileName = 'payouts.csv'): Promise<void> {
  await page.getByTestId('create-payout-button').click();
  await expect(page.getByTestId('create-payout-dialog')).toBeVisible();
  await page.getByTestId('payout-csv-input').setInputFiles({
    name: fileName,
    mimeType: 'text/csv',
    buffer: Buffer.from([PAYOUT_CSV_HEADER, ...lines].join('\r\n') + '\r\n'),
  });
  await expect(page.getByTestId('payout-import-status')).toHaveAttribute('data-busy', 'false');
}

/** Row `n` of the create form's grid (0-based, as `items/<n>` in API errors). */
export const gridRow = (page: Page, n: number) => page.getByTestId(`item-row-${n}`);

/** Sends the batch and waits for its page; returns the batch id. */
export async function sendBatch(page: Page): Promise<string> {
  await expect(page.getByTestId('payout-create-submit')).toBeEnabled();
  await page.getByTestId('payout-create-submit').click();
  await expect(page.getByTestId('payout-batch-detail')).toBeVisible();
  const id = (await page.getByTestId('payout-batch-id').textContent())?.trim() ?? '';
  expect(id).toMatch(/^[A-Z0-9]{13}$/);
  return id;
}

export const batchStatus = (page: Page) => page.getByTestId('payout-batch-status');
export const statusCount = (page: Page, status: string) => page.getByTestId(`payout-count-${status}`);

/** The batch's item rows in one status. */
export const itemRows = (page: Page, status: string) =>
  page.locator(`[data-testid^="payout-item-row-"][data-status="${status}"]`);

/** The item id of a row of the batch's item table. */
export async function itemIdOf(row: ReturnType<typeof itemRows>): Promise<string> {
  const testId = (await row.getAttribute('data-testid')) ?? '';
  return testId.replace('payout-item-row-', '');
}

/** A batch created from outside the UI (an SDK), funded first. */
export async function createBatchFromOutside(
  workbench: Workbench,
  senderBatchId: string,
  receivers: string[],
): Promise<string> {
  const created = await workbench.api('POST', '/v1/payments/payouts', {
    sender_batch_header: { sender_batch_id: senderBatchId },
    items: receivers.map((receiver, i) => ({
      recipient_type: 'EMAIL',
      amount: { currency: 'USD', value: '1.00' },
      receiver,
      sender_item_id: `outside-${i}`,
    })),
  });
  expect(created.status).toBe(201);
  return created.body.batch_header.payout_batch_id as string;
}
