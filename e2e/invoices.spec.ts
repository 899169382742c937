import { expect, openWorkbench, test } from './fixtures';
import { fillItem, invoiceStatus, openInvoices, openMailbox } from './invoices-page';
import { expectState } from './pages';

test('an invoice from draft to paid: the form with live totals, send, the buyer pays from the mailbox link, the ledger line', async ({
  page,
  workbench,
}) => {
  await openWorkbench(page, workbench);
  await openInvoices(page);
  await expect(page.getByTestId('empty-state')).toBeVisible();

  // The form: two items with tax, a discount, the API's totals while typing.
  await page.getByTestId('create-invoice-button').click();
  await expect(page.getByTestId('invoice-form-dialog')).toBeVisible();
  await expect(page.getByTestId('invoice-recipient-email')).toHaveValue('buyer@example.com');
  await fillItem(page, 0, {
    name: 'Consulting',
    quantity: '2',
    unitPrice: '60.00',
    taxName: 'VAT',
    taxPercent: '10',
  });
  await expect(page.getByTestId('invoice-draft-total')).toHaveText('132.00 USD');
  await fillItem(page, 1, { name: 'Travel', quantity: '1.5', unitPrice: '33.33' });
  await expect(page.getByTestId('invoice-item-1-amount')).toHaveText('50.00 USD');
  await page.getByTestId('invoice-discount').fill('5');
  // 170.00 - 8.50 + 12.00 tax
  await expect(page.getByTestId('invoice-draft-total')).toHaveText('173.50 USD');
  await expect(page.getByTestId('invoice-tax-total')).toHaveText('12.00 USD');
  // A mistake is named before anything is sent.
  await page.getByTestId('invoice-item-1-unitPrice').fill('33.333');
  await expect(page.getByTestId('invoice-form-problems')).toContainText('USD allows 2 decimal places');
  await page.getByTestId('invoice-item-1-unitPrice').fill('33.33');
  await expect(page.getByTestId('invoice-form-problems')).toBeHidden();

  await page.screenshot({ path: 'test-results/screenshots/invoice-form.png' });
  await page.getByTestId('invoice-save-send').click();
  await expect(page.getByTestId('invoice-detail')).toBeVisible();
  await expect(invoiceStatus(page)).toHaveAttribute('data-status', 'SENT');
  await expect(page.getByTestId('invoice-total')).toHaveText('173.50 USD');
  await expect(page.getByTestId('invoice-number')).toHaveText('0001');
  await expectState(page, 'SENT');
  await expect(page.getByTestId('action-delete')).toBeDisabled();
  await expect(page.getByTestId('action-remind')).toBeEnabled();
  const invoiceId = (await page.getByTestId('invoice-id').textContent())?.trim() ?? '';
  expect(invoiceId).toMatch(/^INV2-/);

  // The buyer's e-mail, in the sandbox mailbox, with the link to pay.
  await openMailbox(page);
  await page.getByTestId('mailbox-recipient').fill('buyer@example.com');
  const message = page.getByTestId('mailbox-message').first();
  await expect(message).toHaveAttribute('data-category', 'invoice.sent');
  await message.click();
  await expect(page.getByTestId('mailbox-subject')).toHaveText('Invoice 0001 from Example Merchant Inc.');
  await expect(page.getByTestId('mailbox-body')).toContainText('173.50 USD');
  await page.screenshot({ path: 'test-results/screenshots/mailbox.png' });
  const href = await page.getByTestId('mailbox-link-payer-view').getAttribute('href');
  expect(href).toContain(`/invoice/payerView/details/${invoiceId}`);

  // The buyer pays on the invoice page, from the wallet.
  const buyer = await page.context().newPage();
  await buyer.goto(href ?? '');
  await expect(buyer.getByTestId('invoice-status')).toHaveText('SENT');
  await expect(buyer.getByTestId('invoice-total')).toHaveText('173.50 USD');
  await buyer.screenshot({ path: 'test-results/screenshots/invoice-buyer-page.png' });
  await buyer.getByTestId('invoice-pay').click();
  await expect(buyer.getByTestId('invoice-status')).toHaveText('PAID');
  await expect(buyer.getByTestId('invoice-notice')).toContainText('received');
  await expect(buyer.getByTestId('invoice-pay')).toHaveCount(0);
  await buyer.close();

  // The receipt reached the buyer too.
  await page.getByTestId('mailbox-refresh').click();
  await expect(page.locator('[data-testid="mailbox-message"][data-category="invoice.receipt"]')).toHaveCount(
    1,
  );

  // PAID in the workbench, and the payment's ledger line in the transaction view.
  await openInvoices(page);
  const row = page.locator(`[data-testid="invoice-row"][data-invoice-id="${invoiceId}"]`);
  await expect(row).toHaveAttribute('data-status', 'PAID');
  await row.getByTestId('invoice-link').click();
  await expect(invoiceStatus(page)).toHaveAttribute('data-status', 'PAID');
  await expectState(page, 'PAID');
  await expect(page.getByTestId('invoice-paid')).toHaveText('173.50 USD');
  await expect(page.getByTestId('invoice-due')).toHaveText('0.00 USD');
  await expect(page.getByTestId('action-mark-paid')).toBeDisabled();
  await expect(page.getByTestId('action-refund')).toBeEnabled();
  await page.screenshot({ path: 'test-results/screenshots/invoice-detail.png', fullPage: true });
  await page.getByTestId('invoice-payment-transaction').click();
  await expect(page.getByTestId('support-page')).toBeVisible();
  await expect(page.getByTestId('support-result')).toHaveAttribute('data-order-id', invoiceId);
  await expect(page.getByTestId('resource-invoice')).toHaveAttribute('data-resource-id', invoiceId);
  // The payment's booking lines, under the invoice they paid: the gross amount and its fee.
  await expect(page.getByTestId('unlinked-ledger')).toHaveCount(0);
  const lines = page.getByTestId(`ledger-lines-${invoiceId}`).getByTestId('ledger-line');
  await expect(lines).toHaveCount(2);
  await expect(lines.first()).toContainText('T0000');
  await expect(lines.first()).toContainText('173.50 USD');
  // 3.49% of 173.50 (6.06) + 0.49
  await expect(page.getByTestId('ledger-fee')).toHaveText('-6.55 USD');
});

test('record a payment made elsewhere, then cancel another invoice: the machine says what is allowed', async ({
  page,
  workbench,
}) => {
  for (const value of ['10.00', '20.00']) {
    const created = await workbench.api('POST', '/v1/invoicing/invoices', {
      merchant_info: {},
      billing_info: [{ email: 'buyer@example.com' }],
      items: [{ name: 'Thing', quantity: 1, unit_price: { currency: 'USD', value } }],
    });
    expect(created.status).toBe(201);
    expect((await workbench.api('POST', `/v1/invoicing/invoices/${created.body.id}/send`)).status).toBe(202);
  }
  await openWorkbench(page, workbench, 'invoices');
  await page.getByTestId('invoice-search-number').fill('0001');
  await expect(page.getByTestId('invoice-row')).toHaveCount(1);
  await page.getByTestId('invoice-link').click();
  await page.getByTestId('action-mark-paid').click();
  await page.getByTestId('invoice-record-amount').fill('4.00');
  await page.getByTestId('invoice-record-submit').click();
  await expect(invoiceStatus(page)).toHaveAttribute('data-status', 'PARTIALLY_PAID');
  await expect(page.getByTestId('invoice-due')).toHaveText('6.00 USD');
  await expect(page.getByTestId('action-cancel')).toBeDisabled();
  await page.getByTestId('action-mark-paid').click();
  await page.getByTestId('invoice-record-submit').click();
  await expect(invoiceStatus(page)).toHaveAttribute('data-status', 'MARKED_AS_PAID');

  await page.getByTestId('back-link').click();
  await page.getByTestId('invoice-search-number').fill('0002');
  await expect(page.getByTestId('invoice-row')).toHaveCount(1);
  await page.getByTestId('invoice-link').click();
  await page.getByTestId('action-cancel').click();
  await expect(invoiceStatus(page)).toHaveAttribute('data-status', 'CANCELLED');
  await expect(page.getByTestId('action-send')).toBeDisabled();
});
