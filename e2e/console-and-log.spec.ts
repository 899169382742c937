import { expect, openWorkbench, test } from './fixtures';
import { typeInConsoleEditor } from './pages';

test('a PATCH from the console shows its preview and diff, then updates the order', async ({
  page,
  workbench,
}) => {
  const created = await workbench.api('POST', '/v2/checkout/orders', {
    intent: 'CAPTURE',
    purchase_units: [{ description: 'Before the patch', amount: { currency_code: 'USD', value: '10.00' } }],
  });
  const id: string = created.body.id;
  await openWorkbench(page, workbench, 'console');
  await page.getByTestId('console-method').selectOption('PATCH');
  await page.getByTestId('console-path').fill(`/v2/checkout/orders/${id}`);
  await page.getByTestId('console-path').press('Escape');
  await typeInConsoleEditor(
    page,
    JSON.stringify([
      {
        op: 'replace',
        path: "/purchase_units/@reference_id=='default'/description",
        value: 'Patched from the console',
      },
      { op: 'add', path: "/purchase_units/@reference_id=='default'/custom_id", value: 'CUST-42' },
    ]),
  );
  const preview = page.getByTestId('patch-preview');
  await expect(preview).toHaveAttribute('data-state', 'ok');
  await expect(page.getByTestId('patch-diff')).toContainText('Patched from the console');
  await expect(page.getByTestId('patch-diff')).toContainText('custom_id');

  await page.getByTestId('console-send').click();
  await expect(page.getByTestId('console-status')).toHaveAttribute('data-status', '204');
  const order = await workbench.api('GET', `/v2/checkout/orders/${id}`);
  expect(order.body.purchase_units[0].description).toBe('Patched from the console');
  expect(order.body.purchase_units[0].custom_id).toBe('CUST-42');

  // A patch the order does not allow is caught in the preview, before anything is sent.
  await typeInConsoleEditor(page, JSON.stringify([{ op: 'remove', path: '/intent' }]));
  await expect(preview).toHaveAttribute('data-state', 'problems');
  await expect(page.getByTestId('patch-error').first()).toHaveAttribute(
    'data-issue',
    'PATCH_OPERATION_NOT_SUPPORTED',
  );
});

test('a request from outside (curl, an SDK) appears live in the request log', async ({ page, workbench }) => {
  await openWorkbench(page, workbench, 'log');
  await expect(page.getByTestId('request-log-page')).toBeVisible();
  const outside = await fetch(`${workbench.baseUrl}/v2/checkout/orders/NOSUCHORDER42`, {
    headers: { authorization: `Bearer ${await workbench.token()}` },
  });
  expect(outside.status).toBe(404);
  const row = page.getByTestId('request-log-table').getByText('/v2/checkout/orders/NOSUCHORDER42');
  await expect(row).toBeVisible();
  await row.click();
  await expect(page.getByTestId('log-detail')).toContainText('RESOURCE_NOT_FOUND');
  await expect(page.getByTestId('log-detail')).toContainText('[redacted]');
});
