import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { act, choose, expectDisputeState, openDisputeFromOutside } from './disputes-page';
import { captureFromOutside } from './events-page';
import { expect, openWorkbench, test } from './fixtures';

test('open from a capture, offer, the buyer accepts: refunded and resolved', async ({ page, workbench }) => {
  const { captureId } = await captureFromOutside(workbench, '80.00');
  await openWorkbench(page, workbench, `captures/${captureId}`);
  await page.getByTestId('open-dispute').click();
  await expect(page.getByTestId('open-dispute-transaction')).toHaveValue(captureId);
  await page.getByTestId('open-dispute-amount').fill('30.00');
  await page.getByTestId('open-dispute-submit').click();

  await expectDisputeState(page, 'INQUIRY_WAITING_FOR_SELLER_RESPONSE');
  await expect(page.getByTestId('dispute-amount')).toContainText('30.00');
  await expect(page.getByTestId('dispute-due')).toContainText(
    /(19 d 23 h|20 d 0 h) left on the simulated clock/,
  );
  // Not the buyer's turn yet: its buttons say why.
  await expect(page.getByTestId('action-accept-offer')).toBeDisabled();
  await expect(page.getByTestId('reason-accept-offer')).toContainText('not allowed');

  await act(page, 'make-offer', { offer_amount: '12.50', note: 'Part of it back' });
  await expectDisputeState(page, 'INQUIRY_WAITING_FOR_BUYER_RESPONSE');
  await expect(page.getByTestId('dispute-offer-event')).toHaveAttribute('data-event', 'PROPOSED');
  await expect(page.getByTestId('action-make-offer')).toBeDisabled();

  await act(page, 'accept-offer', { note: 'Fine' });
  await expectDisputeState(page, 'RESOLVED');
  await expect(page.getByTestId('dispute-outcome')).toContainText('RESOLVED_BUYER_FAVOUR');
  await expect(page.getByTestId('dispute-outcome')).toContainText('12.50');
  const capture = await workbench.api('GET', `/v2/payments/captures/${captureId}`);
  expect(capture.body.status).toBe('PARTIALLY_REFUNDED');
});

test('open, evidence with a document, then the sandbox adjudicates for the seller', async ({
  page,
  workbench,
}) => {
  const { captureId } = await captureFromOutside(workbench);
  const id = await openDisputeFromOutside(workbench, captureId);
  await openWorkbench(page, workbench, 'disputes');
  const row = page.locator(`[data-testid="dispute-row"][data-dispute-id="${id}"]`);
  await expect(row).toBeVisible();
  await row.getByRole('link').click();

  await act(page, 'escalate', { note: 'We cannot agree' });
  await expectDisputeState(page, 'CHARGEBACK_WAITING_FOR_SELLER_RESPONSE');
  const file = join(mkdtempSync(join(tmpdir(), 'dispute-e2e-')), 'proof-of-delivery.pdf');
  writeFileSync(file, '%PDF-1.4\n% signed for at the door\n%%EOF\n');
  await act(page, 'provide-evidence', { notes: 'Tracked and signed' }, [file]);
  await expectDisputeState(page, 'CHARGEBACK_UNDER_REVIEW');
  await expect(page.getByTestId('dispute-evidence-item')).toContainText('proof-of-delivery.pdf');
  // The document is kept: its link downloads the bytes uploaded.
  const downloading = page.waitForEvent('download');
  await page.getByTestId('dispute-document-link').filter({ hasText: 'proof-of-delivery.pdf' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('proof-of-delivery.pdf');
  expect(readFileSync(await download.path()).equals(readFileSync(file))).toBe(true);

  await page.getByTestId('action-adjudicate').click();
  await choose(page, 'adjudication_outcome', 'SELLER_FAVOR');
  await page.getByTestId('dispute-action-dialog').getByTestId('dispute-action-submit').click();
  await expectDisputeState(page, 'RESOLVED');
  await expect(page.getByTestId('dispute-outcome')).toContainText('RESOLVED_SELLER_FAVOUR');
});

test('open, the due date passes on the clock: a claim, then decided for the buyer', async ({
  page,
  workbench,
}) => {
  const { captureId } = await captureFromOutside(workbench, '45.00');
  const id = await openDisputeFromOutside(workbench, captureId);
  await openWorkbench(page, workbench, `disputes/${id}`);
  await expectDisputeState(page, 'INQUIRY_WAITING_FOR_SELLER_RESPONSE');

  await page.getByTestId('advance-to-due').click();
  await expect(page.getByTestId('advance-dialog')).toContainText('never moves back');
  await page.getByTestId('advance-confirm').click();
  await expectDisputeState(page, 'CHARGEBACK_WAITING_FOR_SELLER_RESPONSE');
  await expect(page.getByTestId('dispute-due')).toContainText(
    /(9 d 23 h|10 d 0 h) left on the simulated clock/,
  );

  await page.getByTestId('advance-to-due').click();
  await page.getByTestId('advance-confirm').click();
  await expectDisputeState(page, 'RESOLVED');
  await expect(page.getByTestId('dispute-outcome')).toContainText('RESOLVED_BUYER_FAVOUR');
  await expect(page.getByTestId('dispute-outcome')).toContainText('45.00');
  await expect(page.getByTestId('advance-to-due')).toHaveCount(0);
});

test('a payments v1 sale: opened from its page, decided for the buyer when the due dates pass', async ({
  page,
  workbench,
}) => {
  const created = await workbench.api('POST', '/v1/payments/payment', {
    intent: 'sale',
    payer: {
      payment_method: 'credit_card',
      funding_instruments: [
        {
          credit_card: {
            type: 'visa',
            number: '4111111111111111',
            expire_month: 11,
            expire_year: 2030,
            cvv2: '874',
          },
        },
      ],
    },
    transactions: [{ amount: { total: '22.00', currency: 'USD' }, description: 'Disputed sale' }],
  });
  expect(created.status).toBe(201);
  const saleId = created.body.transactions[0].related_resources[0].sale.id as string;
  await openWorkbench(page, workbench, `legacy-sales/${saleId}`);
  await page.getByTestId('open-dispute').click();
  await expect(page.getByTestId('open-dispute-transaction')).toHaveValue(saleId);
  await page.getByTestId('open-dispute-submit').click();
  await expectDisputeState(page, 'INQUIRY_WAITING_FOR_SELLER_RESPONSE');
  await expect(page.getByTestId('dispute-transaction')).toHaveAttribute(
    'href',
    new RegExp(`legacy-sales/${saleId}$`),
  );

  for (const state of ['CHARGEBACK_WAITING_FOR_SELLER_RESPONSE', 'RESOLVED']) {
    await page.getByTestId('advance-to-due').click();
    await page.getByTestId('advance-confirm').click();
    await expectDisputeState(page, state);
  }
  await expect(page.getByTestId('dispute-outcome')).toContainText('22.00');
  await page.getByTestId('dispute-transaction').click();
  await expect(page.getByTestId('legacy-detail')).toHaveAttribute('data-status', 'refunded');
});
