import { expect, openWorkbench, test } from './fixtures';
import { createOrderInUi, expectState } from './pages';

test('a card order: authorized, part captured, the rest voided', async ({ page, workbench }) => {
  await openWorkbench(page, workbench);
  const orderId = await createOrderInUi(page, {
    intent: 'AUTHORIZE',
    item: { name: 'Headphones', quantity: '1', unitAmount: '100.00' },
    card: { number: '4111111111111111', expiry: '2031-12' },
  });
  // A card is the approval: the order can be authorized at once; capture does not match its intent.
  await expectState(page, 'APPROVED');
  await expect(page.getByTestId('action-capture')).toBeDisabled();
  await page.getByTestId('action-authorize').click();
  await expectState(page, 'COMPLETED');

  const order = await workbench.api('GET', `/v2/checkout/orders/${orderId}`);
  const authorizationId: string = order.body.purchase_units[0].payments.authorizations[0].id;
  await page.getByTestId(`order-payment-${authorizationId}`).getByRole('link').first().click();
  await expect(page.getByTestId('payment-detail')).toBeVisible();
  await expectState(page, 'CREATED');
  // Reauthorize waits for day 4 of the authorization, and says so.
  await expect(page.getByTestId('action-reauthorize')).toBeDisabled();
  await expect(page.getByTestId('reason-reauthorize')).toContainText('day 4');

  await page.getByTestId('action-capture').click();
  await page.getByTestId('capture-amount').fill('40.00');
  await page.getByTestId('capture-submit').click();
  await expect(page.getByTestId('payment-status')).toHaveAttribute('data-status', 'PARTIALLY_CAPTURED');
  await expectState(page, 'PARTIALLY_CAPTURED');

  await page.getByTestId('action-void').click();
  await page.getByTestId('void-confirm').click();
  await expect(page.getByTestId('payment-status')).toHaveAttribute('data-status', 'VOIDED');
  await expectState(page, 'VOIDED');

  const authorization = await workbench.api('GET', `/v2/payments/authorizations/${authorizationId}`);
  expect(authorization.body.status).toBe('VOIDED');
  const captured = await workbench.api('GET', `/v2/checkout/orders/${orderId}`);
  expect(
    captured.body.purchase_units[0].payments.captures.map(
      (c: { amount: { value: string } }) => c.amount.value,
    ),
  ).toEqual(['40.00']);
});
