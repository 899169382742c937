import { expect, openWorkbench, test } from './fixtures';
import {
  approveOnBuyerPage,
  createV1PaymentInUi,
  expectLegacyStatus,
  openLegacyPayments,
  refundInUi,
  SHOP,
} from './legacy-payments-page';
import { expectState } from './pages';

test('a v1 payment: created in the UI, approved on the buyer page, executed, its sale refunded', async ({
  page,
  context,
  workbench,
}) => {
  await openWorkbench(page, workbench);
  await openLegacyPayments(page);
  const id = await createV1PaymentInUi(page, {
    intent: 'sale',
    payer: { payment_method: 'svc' },
    transactions: [
      {
        amount: { total: '25.00', currency: 'USD', details: { subtotal: '25.00' } },
        description: 'Ceramic mugs',
        item_list: { items: [{ name: 'Ceramic mug', quantity: '2', price: '12.50', currency: 'USD' }] },
      },
    ],
    redirect_urls: { return_url: `${SHOP}/return`, cancel_url: `${SHOP}/cancel` },
  });
  await expectLegacyStatus(page, 'created');
  await expectState(page, 'created');
  await expect(page.getByTestId('deprecation-notice')).toHaveAttribute('data-replacement', '/v2/payments');
  await expect(page.getByTestId('legacy-deprecated-chip')).toHaveAttribute(
    'data-replacement',
    '/v2/payments',
  );
  // Execute waits for the buyer, and says so.
  await expect(page.getByTestId('action-execute')).toBeDisabled();

  // The buyer approves on the page the payment's approval_url points to.
  const href = (await page.getByTestId('legacy-buyer-page-link').getAttribute('href')) ?? '';
  expect(href).toMatch(
    new RegExp(`^${workbench.baseUrl}/cgi-bin/webscr\\?cmd=_express-checkout&token=EC-[A-Z0-9]{17}$`),
  );
  const back = await approveOnBuyerPage(context, href, '25.00 USD');
  expect(back.get('paymentId')).toBe(id);
  expect(back.get('token')).toBe(new URL(href).searchParams.get('token'));
  expect(back.get('PayerID')).toMatch(/^[A-Z0-9]{13}$/);

  // The workbench hears of the approval and offers the execute call.
  await expect(page.getByTestId('legacy-payer')).toHaveText('buyer@example.com');
  await page.getByTestId('action-execute').click();
  await expectLegacyStatus(page, 'approved');
  await expectState(page, 'approved');

  // The sale is in related resources; refund part of it from its page.
  const payment = await workbench.api('GET', `/v1/payments/payment/${id}`);
  const saleId: string = payment.body.transactions[0].related_resources[0].sale.id;
  await page.getByTestId(`legacy-related-${saleId}`).getByRole('link').click();
  await expect(page.getByTestId('legacy-detail')).toHaveAttribute('data-kind', 'sale-v1');
  await expectLegacyStatus(page, 'completed');
  await refundInUi(page, '10.00');
  await expectLegacyStatus(page, 'partially_refunded');
  await expectState(page, 'partially_refunded');
  await expect(page.getByTestId('history-timeline')).toContainText('refund');

  await page.screenshot({ path: 'test-results/screenshots/legacy-sale.png', fullPage: true });
  const sale = await workbench.api('GET', `/v1/payments/sale/${saleId}`);
  expect(sale.body.state).toBe('partially_refunded');
  const after = await workbench.api('GET', `/v1/payments/payment/${id}`);
  const refund = after.body.transactions[0].related_resources[1].refund;
  expect(refund).toMatchObject({
    state: 'completed',
    sale_id: saleId,
    amount: { total: '10.00', currency: 'USD' },
  });
});
