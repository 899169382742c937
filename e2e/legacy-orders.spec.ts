import { expect, openWorkbench, test } from './fixtures';
import {
  approveOnApprovalPage,
  createV1OrderInUi,
  expectOrderV1Status,
  openLegacyOrders,
  openWebProfiles,
  preview,
} from './legacy-orders-page';

test('a v1 order: created in the UI, approved on the approval page, paid DELAYED, disbursed; marked deprecated', async ({
  page,
  context,
  workbench,
}) => {
  await openWorkbench(page, workbench);
  await openLegacyOrders(page);
  const id = await createV1OrderInUi(page);
  await expectOrderV1Status(page, 'CREATED');
  await expect(page.getByTestId('order-v1-gross')).toContainText('12.00');
  await expect(page.getByTestId('order-v1-unit-store_order_1234')).toHaveAttribute(
    'data-status',
    'NOT_PROCESSED',
  );

  const href = (await page.getByTestId('order-v1-buyer-page-link').getAttribute('href')) ?? '';
  expect(href).toBe(`${workbench.baseUrl}/checkoutnow/v1?token=${id}`);
  const back = await approveOnApprovalPage(context, href);
  expect(back.get('token')).toBe(id);
  expect(back.get('PayerID')).toMatch(/^[A-Z0-9]{13}$/);

  // The workbench hears of the approval from the host and offers Pay.
  await expectOrderV1Status(page, 'APPROVED');
  await expect(page.getByTestId('order-v1-payer')).toContainText('buyer@example.com');
  await page.getByTestId('order-v1-disbursement').selectOption('DELAYED');
  await page.getByTestId('action-pay').click();
  await expectOrderV1Status(page, 'COMPLETED');
  await expect(page.getByTestId('order-v1-unit-store_order_1234')).toHaveAttribute('data-status', 'CAPTURED');
  await expect(page.getByTestId('order-v1-payment-store_order_1234')).toHaveAttribute(
    'data-status',
    'PENDING',
  );
  await expect(page.getByTestId('action-delete')).toBeDisabled();

  await page.getByTestId('action-disburse').click();
  await expect(page.getByTestId('order-v1-payment-store_order_1234')).toHaveAttribute(
    'data-status',
    'COMPLETED',
  );
  await expect(page.getByTestId('nav-legacy-orders')).toContainText('Deprecated: use Orders v2');
  await page.screenshot({ path: 'test-results/screenshots/legacy-order.png', fullPage: true });
  const order = await workbench.api('GET', `/v1/checkout/orders/${id}`);
  expect(order.body.purchase_units[0].payment_summary.captures[0].status).toBe('COMPLETED');

  // The request log marks each call of the deprecated API with its replacement.
  await page.getByTestId('nav-log').click();
  const deprecatedRows = page.locator('[data-testid^="log-deprecated-"]');
  await expect(deprecatedRows.first()).toHaveAttribute('data-replacement', 'Orders v2');

  // So does the console's endpoint picker.
  await page.getByTestId('nav-console').click();
  await page.getByTestId('console-path').fill('/v1/checkout/orders');
  await expect(page.getByTestId('console-endpoint-deprecated').first()).toBeVisible();
});

test('web profiles: created with a live preview, edited (PUT forgets what is cleared), deleted', async ({
  page,
  workbench,
}) => {
  await openWorkbench(page, workbench);
  await openWebProfiles(page);

  await page.getByTestId('web-profile-name').fill('Digital shop');
  await page.getByTestId('web-profile-brand').fill('Acme Digital');
  await page.getByTestId('web-profile-logo').fill('https://cdn.example/logo.png');
  await page.getByTestId('web-profile-landing').selectOption('Billing');
  await page.getByTestId('web-profile-no-shipping').selectOption('1');
  await page.getByTestId('web-profile-user-action').selectOption('commit');
  // The preview follows the form as it is typed.
  await expect(page.getByTestId('preview-brand')).toHaveText('Pay Acme Digital');
  await expect(preview(page)).toHaveAttribute('data-landing', 'billing');
  await expect(preview(page)).toHaveAttribute('data-shipping', '1');
  await expect(page.getByTestId('preview-logo')).toContainText('cdn.example');
  await expect(page.getByTestId('preview-submit')).toHaveText('Pay Now');
  await page.screenshot({ path: 'test-results/screenshots/web-profiles.png', fullPage: true });
  await page.getByTestId('web-profile-save').click();

  const row = page.locator('[data-name="Digital shop"]');
  await expect(row).toBeVisible();
  const listed = await workbench.api('GET', '/v1/payment-experience/web-profiles');
  expect(listed.body).toHaveLength(1);
  const id: string = listed.body[0].id;
  expect(listed.body[0]).toMatchObject({
    name: 'Digital shop',
    presentation: { brand_name: 'Acme Digital', logo_image: 'https://cdn.example/logo.png' },
    flow_config: { landing_page_type: 'Billing', user_action: 'commit' },
    input_fields: { no_shipping: 1 },
  });

  // A taken name is refused with the API's own words.
  await page.getByTestId('web-profile-name').fill('Digital shop');
  await page.getByTestId('web-profile-save').click();
  await expect(page.getByTestId('web-profile-error')).toContainText('WEB_PROFILE_NAME_TAKEN');

  // Edit: change the brand, clear the logo; PUT forgets the logo.
  await page.getByTestId(`web-profile-edit-${id}`).click();
  await expect(page.getByTestId('web-profile-form')).toHaveAttribute('data-mode', 'edit');
  await page.getByTestId('web-profile-brand').fill('Acme Renamed');
  await page.getByTestId('web-profile-logo').fill('');
  await expect(page.getByTestId('preview-logo')).toHaveCount(0);
  await page.getByTestId('web-profile-save').click();
  await expect(row).toContainText('Acme Renamed');
  const shown = await workbench.api('GET', `/v1/payment-experience/web-profiles/${id}`);
  expect(shown.body.presentation).toEqual({ brand_name: 'Acme Renamed' });

  await page.getByTestId(`web-profile-delete-${id}`).click();
  await expect(row).toHaveCount(0);
  expect((await workbench.api('GET', `/v1/payment-experience/web-profiles/${id}`)).status).toBe(404);
});
