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
