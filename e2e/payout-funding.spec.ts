import { expect, openWorkbench, test } from './fixtures';
import { batchStatus, createBatchFromOutside, fundMerchant, importCsv, openPayouts } from './payouts-page';

test('the create form warns before sending when the balance cannot fund the batch and its fees, and Add funds covers it', async ({
  page,
  workbench,
}) => {
  await openWorkbench(page, workbench);
  await openPayouts(page);
  // Enough for the amount, not for its fee (2% of 25.00).
  await fundMerchant(page, '25.00');
  await expect(page.getByTestId('payout-balance')).toContainText('25.00 USD');
  await importCsv(page, ['EMAIL,buyer@example.com,25.00,USD,Thanks,e2e-1']);
  const warning = page.getByTestId('payout-underfunded');
  await expect(warning).toContainText('25.50 USD needed (amount plus fees), 25.00 USD available');
  await expect(warning).toContainText('DENIED');

  // Add funds opens with what is missing, through the sandbox's funding call.
  await warning.getByTestId('payout-underfunded-fund').click();
  await expect(page.getByTestId('fund-amount')).toHaveValue('0.50');
  await page.getByTestId('fund-submit').click();
  await expect(page.getByTestId('fund-dialog')).toBeHidden();
  await expect(warning).toBeHidden();
  await expect(page.getByTestId('payout-balance')).toContainText('25.50 USD');
});

test('a DENIED batch says what the balance lacked and offers Add funds', async ({ page, workbench }) => {
  const batchId = await createBatchFromOutside(workbench, 'e2e-denied-1', ['buyer@example.com']);
  await openWorkbench(page, workbench, `payouts/${batchId}`);
  await expect(batchStatus(page)).toHaveAttribute('data-status', 'DENIED', { timeout: 30_000 });
  const offer = page.getByTestId('payout-denied-funding');
  await expect(offer).toContainText(
    'The balance lacks 1.25 USD for this batch (1.25 USD with fees, 0.00 USD available)',
  );
  await offer.getByTestId('payout-denied-fund').click();
  await expect(page.getByTestId('fund-amount')).toHaveValue('1.25');
  await page.getByTestId('fund-submit').click();
  await expect(page.getByTestId('fund-dialog')).toBeHidden();
  await expect(offer).toContainText('The balance now covers this batch.');
  // The deposit is real: the API's balance shows it.
  const balances = await workbench.api('GET', '/v1/reporting/balances?currency_code=USD');
  expect(JSON.stringify(balances.body)).toContain('1.25');
});
