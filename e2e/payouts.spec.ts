import { captureFromOutside } from './events-page';
import { expect, openWorkbench, test } from './fixtures';
import { expectState } from './pages';
import {
  batchStatus,
  createBatchFromOutside,
  fundMerchant,
  gridRow,
  importCsv,
  itemIdOf,
  itemRows,
  openPayouts,
  sendBatch,
  statusCount,
} from './payouts-page';

test('a batch from a CSV import: a bad row caught before sending, one paid, one unclaimed and cancelled', async ({
  page,
  workbench,
}) => {
  await openWorkbench(page, workbench);
  await openPayouts(page);
  await expect(page.getByTestId('empty-state')).toBeVisible();
  await fundMerchant(page, '1000.00');
  await expect(page.getByTestId('payout-balance')).toContainText('1,000.00 USD');

  await importCsv(page, [
    'EMAIL,buyer@example.com,25.00,USD,"Thanks, Bailey — see you soon",e2e-1',
    'EMAIL,newcomer@example.net,10.00,USD,Welcome aboard,e2e-2',
    'EMAIL,not-an-email,5.001,USD,A typo or two,e2e-3',
  ]);
  await expect(page.getByTestId('payout-row-count')).toHaveText('3 rows');
  await expect(page.getByTestId('payout-invalid-count')).toHaveAttribute('data-count', '1');
  // The note with a comma came through whole; the bad row says what is wrong, column by column.
  await expect(page.getByTestId('item-0-note')).toHaveValue('Thanks, Bailey — see you soon');
  await expect(gridRow(page, 0)).toHaveAttribute('data-invalid', 'false');
  await expect(gridRow(page, 2)).toHaveAttribute('data-invalid', 'true');
  await expect(page.getByTestId('item-2-error')).toContainText('e-mail');
  await expect(page.getByTestId('item-2-error')).toContainText('USD allows 2 decimal places');
  await expect(page.getByTestId('payout-create-submit')).toBeDisabled();

  // Fixing the amount leaves the receiver's problem; the row goes.
  await page.getByTestId('item-2-amount').fill('5.00');
  await expect(page.getByTestId('item-2-error')).not.toContainText('decimal places');
  await expect(page.getByTestId('item-2-error')).toContainText('e-mail');
  await page.getByTestId('payout-remove-invalid').click();
  await expect(page.getByTestId('payout-row-count')).toHaveText('2 rows');
  await expect(page.getByTestId('payout-invalid-count')).toHaveAttribute('data-count', '0');
  await expect(page.getByTestId('payout-draft-total')).toContainText('35.00 USD');

  const batchId = await sendBatch(page);
  await expect(batchStatus(page)).toHaveAttribute('data-status', 'SUCCESS', { timeout: 30_000 });
  await expect(page.getByTestId('payout-batch-total-items')).toHaveText('2');
  await expect(page.getByTestId('payout-batch-amount')).toHaveText('35.00 USD');
  await expect(statusCount(page, 'SUCCESS')).toHaveAttribute('data-count', '1');
  await expect(statusCount(page, 'UNCLAIMED')).toHaveAttribute('data-count', '1');
  await expect(page.getByTestId('payout-progress-bar')).toHaveAttribute('data-processed', '2');

  // What 30 more days would return: the unclaimed item.
  await expect(page.getByTestId('payout-return-summary')).toHaveAttribute('data-count', '1');
  await expect(page.getByTestId('payout-return-total')).toHaveText('10.00 USD');

  // A paid item cannot be cancelled, and the page says why.
  const paid = itemRows(page, 'SUCCESS');
  await expect(paid).toHaveCount(1);
  await expect(page.getByTestId(`payout-item-cancel-${await itemIdOf(paid)}`)).toBeDisabled();

  // The unclaimed item, on its own page: its machine, and the cancel that returns it.
  const unclaimed = itemRows(page, 'UNCLAIMED');
  const unclaimedId = await itemIdOf(unclaimed);
  await unclaimed.getByTestId('payout-item-link').click();
  await expect(page.getByTestId('payout-item-detail')).toBeVisible();
  await expect(page.getByTestId('payout-item-receiver')).toContainText('newcomer@example.net');
  await expectState(page, 'UNCLAIMED');
  await expect(page.getByTestId('action-cancel')).toBeEnabled();
  await page.getByTestId('action-cancel').click();
  await expectState(page, 'RETURNED');
  await expect(page.getByTestId('payout-item-status')).toHaveAttribute('data-status', 'RETURNED');
  await expect(page.getByTestId('action-cancel')).toBeDisabled();
  await expect(page.getByTestId('reason-cancel')).toContainText('already returned');

  const item = await workbench.api('GET', `/v1/payments/payouts-item/${unclaimedId}`);
  expect(item.body.transaction_status).toBe('RETURNED');

  // Back on the batch, nothing is left to return.
  await page.getByTestId('back-link').click();
  await expect(page.getByTestId('payout-batch-detail')).toHaveAttribute('data-batch-id', batchId);
  await expect(statusCount(page, 'RETURNED')).toHaveAttribute('data-count', '1');
  await expect(page.getByTestId('payout-return-summary')).toHaveAttribute('data-count', '0');

  // The list shows the batch with its totals.
  await openPayouts(page);
  const row = page.getByTestId(`payout-batch-row-${batchId}`);
  await expect(row).toHaveAttribute('data-status', 'SUCCESS');
  await expect(row.getByTestId('payout-batch-amount')).toHaveText('35.00 USD');
  await expect(row.getByTestId('payout-batch-items')).toHaveText('2');
});

test('30 more simulated days return the unclaimed items, after a confirm', async ({ page, workbench }) => {
  expect(
    (
      await workbench.api('POST', '/v1/test-helpers/payouts/fund', {
        amount: { currency: 'USD', value: '100.00' },
      })
    ).status,
  ).toBe(201);
  const batchId = await createBatchFromOutside(workbench, 'e2e-return-1', [
    'buyer@example.com',
    'nobody-1@example.net',
    'nobody-2@example.net',
  ]);
  await openWorkbench(page, workbench, `payouts/${batchId}`);
  await expect(batchStatus(page)).toHaveAttribute('data-status', 'SUCCESS', { timeout: 30_000 });
  await expect(page.getByTestId('payout-return-summary')).toHaveAttribute('data-count', '2');
  await expect(page.getByTestId('payout-return-total')).toHaveText('2.00 USD');

  await page.getByTestId('payout-advance-30').click();
  await expect(page.getByTestId('payout-advance-dialog')).toContainText('2 unclaimed items');
  await page.getByTestId('payout-advance-confirm').click();
  await expect(statusCount(page, 'RETURNED')).toHaveAttribute('data-count', '2');
  await expect(page.getByTestId('payout-return-summary')).toHaveAttribute('data-count', '0');
  await expect(statusCount(page, 'SUCCESS')).toHaveAttribute('data-count', '1');
});

test("the API's refusals land on the fields they name", async ({ page, workbench }) => {
  const original = await createBatchFromOutside(workbench, 'e2e-duplicate-1', ['buyer@example.com']);
  await openWorkbench(page, workbench);
  await openPayouts(page);
  await page.getByTestId('create-payout-button').click();
  await page.getByTestId('item-0-receiver').fill('buyer@example.com');
  await page.getByTestId('item-0-amount').fill('3.00');

  // A sandbox test value in the first item's note: the API refuses, naming /items/0/note.
  await page.getByTestId('item-0-note').fill('ERRPYO005');
  await page.getByTestId('payout-create-submit').click();
  await expect(page.getByTestId('payout-create-error')).toContainText('INSUFFICIENT_FUNDS');
  await expect(gridRow(page, 0)).toHaveAttribute('data-api-error', 'true');
  await expect(page.getByTestId('item-0-error')).toContainText('INSUFFICIENT_FUNDS');
  await page.getByTestId('item-0-note').fill('Thanks');
  await expect(gridRow(page, 0)).toHaveAttribute('data-api-error', 'false');

  // A sender_batch_id used before: the header field says so, and links the batch that used it.
  await page.getByTestId('payout-header-sender_batch_id').fill('e2e-duplicate-1');
  await page.getByTestId('payout-create-submit').click();
  await expect(page.getByTestId('payout-create-error')).toContainText('DUPLICATE_SENDER_BATCH_ID');
  const helper = page.getByTestId('payout-header-sender_batch_id-helper');
  await expect(helper).toHaveAttribute('data-error', 'true');
  await expect(helper).toContainText('already exists');
  await expect(page.getByTestId('payout-duplicate-original')).toContainText(original);

  // A new id clears it.
  await page.getByTestId('payout-header-sender_batch_id').fill('e2e-duplicate-2');
  await expect(helper).toHaveAttribute('data-error', 'false');
});

test('a referenced payout against a capture, then a batch of one processed asynchronously', async ({
  page,
  workbench,
}) => {
  const { captureId } = await captureFromOutside(workbench, '40.00');
  await openWorkbench(page, workbench);
  await openPayouts(page);
  await page.getByTestId('payouts-tab-referenced').click();
  await expect(page.getByTestId('referenced-payouts')).toBeVisible();

  await page.getByTestId('referenced-reference_id').fill(captureId);
  await page.getByTestId('referenced-value').fill('5.001');
  await page.getByTestId('referenced-submit').click();
  // The money rules refuse it before anything is sent.
  await expect(page.getByTestId('referenced-submit')).toBeDisabled();
  await page.getByTestId('referenced-value').fill('5.00');
  await page.getByTestId('referenced-submit').click();
  await expect(page.getByTestId('referenced-item-detail')).toBeVisible();
  await expect(page.getByTestId('referenced-item-status')).toHaveAttribute('data-status', 'SUCCESS');
  await expect(page.getByTestId('referenced-item-amount')).toHaveText('5.00 USD');
  await expectState(page, 'SUCCESS');

  await page.getByTestId('back-link').click();
  await page.getByTestId('referenced-reference_id').fill(captureId);
  await page.getByTestId('referenced-value').fill('2.00');
  await page.getByTestId('referenced-endpoint-batch').click();
  await page.getByTestId('referenced-async').check();
  await page.getByTestId('referenced-submit').click();
  const batch = page.getByTestId('referenced-batch-detail');
  await expect(batch).toBeVisible();
  await expect(page.getByTestId('referenced-batch-amount')).toHaveText('2.00 USD');
  await expect(batch).toHaveAttribute('data-status', 'COMPLETED', { timeout: 30_000 });
  await expect(page.locator('[data-testid^="referenced-batch-item-"]')).toHaveAttribute(
    'data-status',
    'SUCCESS',
  );
});
