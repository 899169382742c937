import { expect, openWorkbench, test } from './fixtures';
import { createOrderInUi, expectState } from './pages';

test('a wallet order: created in the UI, approved on the buyer page, captured, COMPLETED in the state view', async ({
  page,
  context,
  workbench,
}) => {
  await openWorkbench(page, workbench);
  const id = await createOrderInUi(page, {
    intent: 'CAPTURE',
    item: { name: 'Ceramic mug', quantity: '2', unitAmount: '12.50' },
  });
  await expectState(page, 'CREATED');
  await expect(page.getByTestId('order-amount')).toContainText('25.00');

  // The buyer approves on the approval page the order's `approve` link points to.
  const href = await page.getByTestId('buyer-page-link').first().getAttribute('href');
  expect(href).toBe(`${workbench.baseUrl}/checkoutnow?token=${id}`);
  const buyer = await context.newPage();
  await buyer.goto(href ?? '');
  await expect(buyer.getByTestId('unit-total')).toHaveText('25.00 USD');
  await buyer.getByRole('button', { name: 'Approve payment' }).click();
  await expect(buyer.getByTestId('order-status')).toHaveText('APPROVED');
  await buyer.close();

  // The workbench hears about it from the host and offers the capture.
  await expectState(page, 'APPROVED');
  await page.getByTestId('action-capture').click();
  await expectState(page, 'COMPLETED');
  await expect(page.getByTestId('state-COMPLETED')).toHaveAttribute('data-current', 'true');
  await expect(page.getByTestId('state-APPROVED')).toHaveAttribute('data-visited', 'true');
  await expect(page.getByTestId('history-timeline')).toContainText('capture');

  const order = await workbench.api('GET', `/v2/checkout/orders/${id}`);
  expect(order.body.status).toBe('COMPLETED');
  expect(order.body.purchase_units[0].payments.captures[0].amount.value).toBe('25.00');

  // README screenshots, light and dark (once the notifications have gone).
  await expect(page.getByTestId('notice')).toHaveCount(0, { timeout: 15_000 });
  await page.screenshot({ path: 'test-results/screenshots/order-light.png' });
  await page.getByTestId('theme-toggle').click();
  await expect(page.locator('[data-theme="dark"]')).toBeVisible();
  await page.screenshot({ path: 'test-results/screenshots/order-dark.png' });
});
