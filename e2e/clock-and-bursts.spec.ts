import { expect, openWorkbench, test } from './fixtures';

test('the clock refuses a negative move with a message, goes to a given date, and says it is busy meanwhile', async ({
  page,
  workbench,
}) => {
  await openWorkbench(page, workbench);
  await page.getByTestId('clock-widget').click();
  await page.getByTestId('clock-custom').click();

  await page.getByTestId('clock-days').fill('-2');
  await expect(page.getByText('The clock only moves forward: enter a number of days above 0.')).toBeVisible();
  await expect(page.getByTestId('clock-move')).toBeDisabled();

  // A date in the past is refused too; a later one moves the clock there.
  await page.getByTestId('clock-mode-to').click();
  await page.getByTestId('clock-at').fill('2001-01-01T00:00');
  await expect(page.getByText(/only moves forward/)).toBeVisible();
  const clock = await workbench.api('GET', '/v1/test-helpers/clock');
  const target = new Date(Date.parse(clock.body.now) + 40 * 86_400_000).toISOString().slice(0, 16);
  await page.getByTestId('clock-at').fill(target);

  // Approvals whose reversal falls due in the move; the move's answer is held back a moment, as a move
  // through thousands of due jobs would be, so the busy state can be seen.
  for (let i = 0; i < 5; i++) {
    const order = await workbench.api('POST', '/v2/checkout/orders', {
      intent: 'CAPTURE',
      purchase_units: [{ amount: { currency_code: 'USD', value: '5.00' } }],
    });
    await workbench.api('POST', `/v1/test-helpers/checkout/orders/${order.body.id}/approve`, {});
  }
  await page.route('**/rpc/sendRequest', async (route) => {
    if (route.request().postData()?.includes('/v1/test-helpers/clock'))
      await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  await page.getByTestId('clock-move').click();
  await expect(page.getByTestId('clock-busy')).toBeVisible();
  await expect(page.getByTestId('clock-widget')).toContainText('Moving the clock');
  await expect(page.getByTestId('clock-widget')).toContainText(target.replace('T', ' '));
  await expect(page.getByTestId('notice').filter({ hasText: 'jobs ran' })).toContainText(
    /Clock at \S+; \d+ jobs ran/,
  );
  // The integration's cached token still works: tokens live on real time, not the simulated clock.
  const moved = await workbench.api('GET', '/v1/test-helpers/clock');
  expect(moved.status).toBe(200);
  expect(moved.body.now.slice(0, 16)).toBe(target);
});

test('a burst of API writes raises one summing-up notification, and the list shows the final total', async ({
  page,
  workbench,
}) => {
  await openWorkbench(page, workbench, 'orders');
  await expect(page.getByTestId('orders-total')).toBeVisible();
  await Promise.all(
    Array.from({ length: 60 }, () =>
      workbench.api('POST', '/v2/checkout/orders', {
        intent: 'CAPTURE',
        purchase_units: [{ amount: { currency_code: 'USD', value: '5.00' } }],
      }),
    ),
  );
  await expect(page.getByTestId('orders-total')).toHaveText(/^60 orders$/);
  // At most five notices are kept; a burst of 60 changes is summed up rather than told one by one.
  await expect(
    page
      .getByTestId('notice')
      .filter({ hasText: /\d+ changes \(\d+ order\)/ })
      .first(),
  ).toBeVisible();
});
