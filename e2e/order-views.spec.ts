import { expect, openWorkbench, test } from './fixtures';
import { createOrderInUi, expectState } from './pages';

test('a card order: expiry typed as on the card, its payer shown, and every state of the diagram in view', async ({
  page,
  workbench,
}) => {
  // The narrowest window the workbench is used at: the diagram must still fit without a scrollbar.
  await page.setViewportSize({ width: 900, height: 900 });
  await openWorkbench(page, workbench);
  const id = await createOrderInUi(page, {
    intent: 'AUTHORIZE',
    item: { name: 'Desk lamp', quantity: '1', unitAmount: '40.00' },
    card: { number: '4111 1111 1111 1111', expiry: '12/30' },
  });
  await expectState(page, 'APPROVED');

  const order = await workbench.api('GET', `/v2/checkout/orders/${id}`);
  expect(order.body.payment_source.card.expiry).toBe('2030-12');
  await expect(page.getByTestId('order-payer')).toContainText('card (no buyer account)');
  await expect(page.getByTestId('order-payer')).not.toContainText('Not known until the buyer approves');

  // Every state of the machine (VOIDED included) lies inside the diagram's panel.
  const panel = await page.getByTestId('state-machine').boundingBox();
  const voided = await page.getByTestId('state-VOIDED').boundingBox();
  expect(panel && voided).toBeTruthy();
  if (panel && voided) expect(voided.x + voided.width).toBeLessThanOrEqual(panel.x + panel.width + 1);
});

test('the orders list sorts on the host, jumps to a page, and keeps its view while the user is elsewhere', async ({
  page,
  workbench,
}) => {
  const ids: string[] = [];
  for (let i = 0; i < 30; i++) {
    const created = await workbench.api('POST', '/v2/checkout/orders', {
      intent: 'CAPTURE',
      purchase_units: [{ amount: { currency_code: 'USD', value: `${i + 1}.00` } }],
    });
    ids.push(created.body.id);
  }
  await openWorkbench(page, workbench, 'orders');
  await expect(page.getByTestId('orders-total')).toHaveText('30 orders');
  // Newest first by default; the id column sorts all 30 on the host, so page 2 follows page 1.
  await expect(page.locator('[data-testid^="order-row-"]').first()).toHaveAttribute(
    'data-testid',
    `order-row-${ids.at(-1)}`,
  );
  await page.getByTestId('sort-id').click();
  const byIdDesc = [...ids].sort().reverse();
  await expect(page.locator('[data-testid^="order-row-"]').first()).toHaveAttribute(
    'data-testid',
    `order-row-${byIdDesc[0]}`,
  );
  await page.getByTestId('orders-page-jump').fill('2');
  await page.getByTestId('orders-page-jump').press('Enter');
  await expect(page.locator('[data-testid^="order-row-"]')).toHaveCount(5);
  await expect(page.locator('[data-testid^="order-row-"]').first()).toHaveAttribute(
    'data-testid',
    `order-row-${byIdDesc[25]}`,
  );

  // Into an order and back: the same order and page.
  await page.locator('[data-testid^="order-row-"]').first().getByTestId('order-link').click();
  await expect(page.getByTestId('state-machine')).toBeVisible();
  await page.getByTestId('nav-orders').click();
  await expect(page.locator('[data-testid^="order-row-"]').first()).toHaveAttribute(
    'data-testid',
    `order-row-${byIdDesc[25]}`,
  );
});
