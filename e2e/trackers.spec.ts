import { expect, openWorkbench, test } from './fixtures';

test('a tracker added on the order page, moved to DELIVERED, then cancelled; the capture page shows it', async ({
  page,
  workbench,
}) => {
  // A paid order, made as an integration would.
  const created = await workbench.api(
    'POST',
    '/v2/checkout/orders',
    {
      intent: 'CAPTURE',
      purchase_units: [{ amount: { currency_code: 'USD', value: '30.00' } }],
      payment_source: { card: { number: '4111111111111111', expiry: '2030-12' } },
    },
    { 'Svc-Request-Id': `e2e-trackers-${Date.now()}` },
  );
  expect(created.status).toBe(201);
  const orderId = created.body.id as string;
  const captured = await workbench.api('POST', `/v2/checkout/orders/${orderId}/capture`);
  const captureId = captured.body.purchase_units[0].payments.captures[0].id as string;
  const trackerId = `${captureId}-443844607820`;

  await openWorkbench(page, workbench, `orders/${orderId}`);
  const panel = page.getByTestId('order-trackers');
  await expect(page.getByTestId('order-trackers-empty')).toBeVisible();

  // The form explains a tracking number the API would refuse before it is sent.
  await page.getByTestId('order-trackers-number').fill('https://track.example/1');
  await expect(panel).toContainText('cannot be a URL');
  await expect(page.getByTestId('order-trackers-add')).toBeDisabled();

  await page.getByTestId('order-trackers-number').fill('443844607820');
  await page.getByTestId('order-trackers-add').click();
  const row = page.getByTestId(`tracker-${trackerId}`);
  await expect(row).toHaveAttribute('data-status', 'SHIPPED');
  const order = await workbench.api('GET', `/v2/checkout/orders/${orderId}`);
  expect(order.body.purchase_units[0].shipping.trackers[0]).toMatchObject({
    id: trackerId,
    status: 'SHIPPED',
  });

  await row.getByRole('combobox').click();
  await page.getByRole('option', { name: 'DELIVERED' }).click();
  await page.getByTestId(`tracker-update-${trackerId}`).click();
  await expect(row).toHaveAttribute('data-status', 'DELIVERED');

  await page.getByTestId(`tracker-cancel-${trackerId}`).click();
  await expect(row).toHaveAttribute('data-status', 'CANCELLED');
  const v1 = await workbench.api('GET', `/v1/shipping/trackers/${trackerId}`);
  expect(v1.body.status).toBe('CANCELLED');

  // The capture page lists the same tracker (v1 API).
  await page.goto(`${workbench.workbenchUrl}#/captures/${captureId}`);
  await expect(page.getByTestId(`tracker-${trackerId}`)).toHaveAttribute('data-status', 'CANCELLED');
});
