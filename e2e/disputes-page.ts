import type { Page } from '@playwright/test';
import { expect, type Workbench } from './fixtures';
import { expectState } from './pages';

/** The Disputes page's locators and steps, for the disputes specs. */

/** Opens a dispute on a capture through the sandbox helper (as a buyer would, outside the page). */
export async function openDisputeFromOutside(
  workbench: Workbench,
  captureId: string,
  body: Record<string, unknown> = {},
): Promise<string> {
  const reply = await workbench.api('POST', '/v1/test-helpers/disputes', {
    disputed_transaction_id: captureId,
    ...body,
  });
  expect(reply.status).toBe(201);
  return reply.body.dispute_id as string;
}

/** Presses a machine action and sends its dialog, after filling `fields` (test id suffix -> value). */
export async function act(
  page: Page,
  trigger: string,
  fields: Record<string, string> = {},
  files: string[] = [],
): Promise<void> {
  await expect(page.getByTestId(`action-${trigger}`)).toBeEnabled();
  await page.getByTestId(`action-${trigger}`).click();
  const dialog = page.getByTestId('dispute-action-dialog');
  await expect(dialog).toBeVisible();
  for (const [name, value] of Object.entries(fields))
    await dialog.getByTestId(`dispute-field-${name}`).fill(value);
  if (files.length) await dialog.getByTestId('dispute-files').setInputFiles(files);
  await dialog.getByTestId('dispute-action-submit').click();
  await expect(dialog).toBeHidden();
}

/** Picks an option of one of the dialog's selects. */
export async function choose(page: Page, field: string, option: string): Promise<void> {
  await page.getByTestId('dispute-action-dialog').getByTestId(`dispute-field-${field}`).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

export async function expectDisputeState(page: Page, state: string): Promise<void> {
  await expect(page.getByTestId('dispute-detail')).toHaveAttribute('data-state', state);
  await expectState(page, state);
}
