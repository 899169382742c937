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
  // The answer belongs to this request: a new method drops it.
  await page.getByTestId('console-method').selectOption('GET');
  await expect(page.getByTestId('console-status')).toHaveCount(0);
  await page.getByTestId('console-method').selectOption('PATCH');
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

test('at 900 × 900 the patch preview sits beside the editor, inside the window', async ({
  page,
  workbench,
}) => {
  await page.setViewportSize({ width: 900, height: 900 });
  const created = await workbench.api('POST', '/v2/checkout/orders', {
    intent: 'CAPTURE',
    purchase_units: [{ amount: { currency_code: 'USD', value: '10.00' } }],
  });
  await openWorkbench(page, workbench, 'console');
  await page.getByTestId('console-method').selectOption('PATCH');
  await page.getByTestId('console-path').fill(`/v2/checkout/orders/${created.body.id}`);
  await page.getByTestId('console-path').press('Escape');
  await typeInConsoleEditor(
    page,
    JSON.stringify([
      { op: 'add', path: "/purchase_units/@reference_id=='default'/custom_id", value: 'C-900' },
    ]),
  );
  const preview = page.getByTestId('patch-preview');
  await expect(preview).toHaveAttribute('data-state', 'ok');
  const box = await preview.boundingBox();
  expect(box).not.toBeNull();
  expect(box!.y).toBeGreaterThanOrEqual(0);
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.y + box!.height).toBeLessThanOrEqual(900);
  expect(box!.x + box!.width).toBeLessThanOrEqual(900);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
});

test('the console as an API client: variables from an answer, tabs, a saved collection, Postman files', async ({
  page,
  workbench,
}, testInfo) => {
  await openWorkbench(page, workbench, 'console');
  // Create an order; "after response" sets {{order_id}} from $.id.
  await page.getByTestId('console-method').selectOption('POST');
  await page.getByTestId('console-path').fill('/v2/checkout/orders');
  await page.getByTestId('console-path').press('Escape');
  await page.getByTestId('console-example').click();
  await page.getByTestId('console-part-after').click();
  await page.getByTestId('console-add-capture').click();
  await page.getByTestId('console-capture-variable-0').fill('order_id');
  await page.getByTestId('console-capture-path-0').fill('$.id');
  await page.getByTestId('console-send').click();
  await expect(page.getByTestId('console-status')).toHaveAttribute('data-status', '201');
  await page.getByTestId('console-sidebar-variables').click();
  const orderId = await page.getByTestId('console-variable-value-order_id').inputValue();
  expect(orderId).toMatch(/^[A-Z0-9]{17}$/);

  // Save it in a new collection.
  await page.getByTestId('console-save').click();
  await page.getByTestId('console-save-name').fill('Create order');
  await page.getByTestId('console-save-new-collection').fill('Checkout');
  await page.getByTestId('console-save-confirm').click();
  await expect(page.getByTestId('console-tab').first()).toContainText('Create order');

  // A second tab reads the order through {{base_url}} and {{order_id}}; its answer is its own.
  await page.getByTestId('console-new-tab').click();
  await expect(page.getByTestId('console-response-pane')).toContainText('Send a request');
  await page.getByTestId('console-path').fill('{{base_url}}/v2/checkout/orders/{{order_id}}');
  await page.getByTestId('console-path').press('Escape');
  await page.getByTestId('console-send').click();
  await expect(page.getByTestId('console-status')).toHaveAttribute('data-status', '200');
  await expect(page.getByTestId('console-response')).toContainText(orderId);
  await page.getByTestId('console-tab').first().click();
  await expect(page.getByTestId('console-status')).toHaveAttribute('data-status', '201');
  await page.getByTestId('console-tab').nth(1).click();
  await expect(page.getByTestId('console-status')).toHaveAttribute('data-status', '200');
  // A new path drops the answer to the old one.
  await page.getByTestId('console-path').fill('/v1/test-helpers/clock');
  await expect(page.getByTestId('console-status')).toHaveCount(0);

  // A variable without a value is refused before anything is sent.
  await page.getByTestId('console-path').fill('/v2/checkout/orders/{{no_such_variable}}');
  await page.getByTestId('console-path').press('Escape');
  await page.getByTestId('console-send').click();
  await expect(page.getByTestId('console-form-error')).toContainText('No value for {{no_such_variable}}');

  // Collections, variables and tabs survive a reload.
  await page.reload();
  await expect(page.locator('[data-app-ready="true"]')).toBeVisible();
  await expect(page.getByTestId('console-tab')).toHaveCount(2);
  await expect(page.getByTestId('console-saved-request')).toHaveText(/Create order/);

  // A collection is renamed in place.
  await page
    .locator('[data-testid="console-collection"][data-name="Checkout"]')
    .getByText('Checkout')
    .click();
  await page.getByTestId('console-collection-name').fill('Checkout flow');
  await page.getByTestId('console-collection-name').press('Enter');
  await expect(page.locator('[data-testid="console-collection"][data-name="Checkout flow"]')).toBeVisible();

  // Export as Postman v2.1.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('console-export').click(),
  ]);
  const exported = JSON.parse(
    await (await import('node:fs/promises')).readFile((await download.path())!, 'utf8'),
  );
  expect(exported.info.name).toBe('Checkout flow');
  expect(exported.info.schema).toBe('https://schema.getpostman.com/json/collection/v2.1.0/collection.json');
  expect(exported.item[0].request.url.raw).toBe('{{base_url}}/v2/checkout/orders');
  expect(exported.item[0].request.body.options.raw.language).toBe('json');
  expect(exported.variable).toContainEqual({ key: 'order_id', value: orderId });

  // Import: a v2.0 file is refused, a v2.1 file lands as a collection.
  const file = (name: string, body: unknown) => ({
    name,
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(body)),
  });
  await page.getByTestId('console-import-file').setInputFiles(
    file('old.json', {
      info: { name: 'Old', schema: 'https://schema.getpostman.com/json/collection/v2.0.0/collection.json' },
      item: [],
    }),
  );
  await expect(page.getByTestId('console-import-error')).toContainText('only v2.1 is read');
  await page
    .getByTestId('console-import-file')
    .setInputFiles(file('again.json', { ...exported, info: { ...exported.info, name: 'Imported again' } }));
  await expect(page.locator('[data-testid="console-collection"][data-name="Imported again"]')).toBeVisible();
  await testInfo.attach('exported-collection', {
    body: JSON.stringify(exported, null, 2),
    contentType: 'application/json',
  });
});

test("the mock picker offers the endpoint's documented codes and sets the header the sandbox reads", async ({
  page,
  workbench,
}) => {
  await openWorkbench(page, workbench, 'console');
  await page.getByTestId('console-method').selectOption('POST');
  await page.getByTestId('console-path').fill('/v2/checkout/orders');
  await page.getByTestId('console-path').press('Escape');
  await page.getByTestId('console-example').click();
  await page.getByTestId('console-part-headers').click();
  await page.getByTestId('console-mock-input').fill('CARD_EXPIRED');
  await page.locator('[data-testid="console-mock-option"][data-code="CARD_EXPIRED"]').click();
  await expect(page.getByTestId('console-mock-active')).toContainText('CARD_EXPIRED');
  await expect(page.getByTestId('console-header-value-0')).toHaveValue(
    '{"mock_application_codes":"CARD_EXPIRED"}',
  );
  await page.getByTestId('console-send').click();
  await expect(page.getByTestId('console-status')).toHaveAttribute('data-status', '422');
  await expect(page.getByTestId('console-response')).toContainText('CARD_EXPIRED');
});

test('the log tells each call its source, shows both times and pretty bodies with the copy button aside', async ({
  page,
  workbench,
}) => {
  // The clock an hour ahead (within the fixture token's lifetime): simulated and real time differ by it.
  await workbench.api('POST', '/v1/test-helpers/clock', { advance_seconds: 3_600 });
  await workbench.api('POST', '/v2/checkout/orders', {
    intent: 'CAPTURE',
    purchase_units: [{ amount: { currency_code: 'USD', value: '12.00' } }],
  });
  const curl = await fetch(`${workbench.baseUrl}/v2/checkout/orders/FROMCURL000000001`, {
    headers: { authorization: `Bearer ${await workbench.token()}`, 'user-agent': 'curl/8.5.0' },
  });
  expect(curl.status).toBe(404);
  await openWorkbench(page, workbench, 'console');
  await page.getByTestId('console-send').click(); // the console's own call (GET the clock)
  await expect(page.getByTestId('console-status')).toHaveAttribute('data-status', '200');

  await page.getByTestId('nav-log').click();
  const table = page.getByTestId('request-log-table');
  const rowOf = (path: string) => table.locator('tr', { hasText: path }).first();
  await expect(rowOf('/v2/checkout/orders/FROMCURL000000001').locator('[data-source]')).toHaveAttribute(
    'data-source',
    'curl',
  );
  await expect(rowOf('/v1/test-helpers/clock').locator('[data-source]').first()).toHaveAttribute(
    'data-source',
    'workbench',
  );
  // The fixture's calls use Node's fetch, as SDKs built on it do.
  const created = table.locator('tr').filter({ has: page.getByText('/v2/checkout/orders', { exact: true }) });
  await expect(created.locator('[data-source]')).toHaveAttribute('data-source', 'sdk');
  const simulated = await rowOf('/v2/checkout/orders/FROMCURL000000001')
    .getByTestId('log-simulated-time')
    .textContent();
  const real = await rowOf('/v2/checkout/orders/FROMCURL000000001')
    .getByTestId('log-real-time')
    .textContent();
  expect(simulated).not.toBe(real);
  // One time format across the workbench: UTC as the API writes it; the real time on hover.
  expect(simulated).toMatch(/^(\d{4}-\d{2}-\d{2} )?\d{2}:\d{2}:\d{2}\.\d{3} UTC$/);
  await expect(
    rowOf('/v2/checkout/orders/FROMCURL000000001').getByTestId('log-simulated-time'),
  ).toHaveAttribute('title', /; real \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{3} UTC$/);

  await page.getByTestId('log-filter-source').selectOption('curl');
  // The filtered page replaces the unfiltered one: wait for that rather than read the rows in between.
  await expect(table.locator('[data-source]:not([data-source="curl"])')).toHaveCount(0);
  await expect(table.locator('[data-source="curl"]').first()).toBeVisible();
  await page.getByTestId('log-filter-clear').click();

  await created.click();
  const detail = page.getByTestId('log-detail');
  await expect(detail.getByTestId('log-detail-source')).toHaveAttribute('data-source', 'sdk');
  await expect(detail.getByTestId('log-detail-simulated')).not.toContainText('not recorded');
  const body = detail.getByTestId('log-response-body');
  await expect(body).toHaveAttribute('data-pretty', 'true');
  expect(await body.textContent()).toMatch(/^\{\n {2}"id": "/);
  const copy = await detail.getByTestId('log-response-body-copy').boundingBox();
  const text = await body.boundingBox();
  expect(copy && text).toBeTruthy();
  // The button is above the text, not over it.
  expect(copy!.y + copy!.height).toBeLessThanOrEqual(text!.y);
});
