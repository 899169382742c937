import { expect, openWorkbench, test } from './fixtures';

const CARD = { card: { number: '4111111111111111', expiry: '2031-12' } };

test.describe('Support transaction view', () => {
  test('any id of a flow shows the whole flow: timeline, state machines, ledger lines', async ({
    workbench,
    page,
  }) => {
    const order = await workbench.api(
      'POST',
      '/v2/checkout/orders',
      {
        intent: 'AUTHORIZE',
        purchase_units: [{ amount: { currency_code: 'USD', value: '80.00' } }],
        payment_source: CARD,
      },
      { 'Svc-Request-Id': `e2e-${Math.random()}` },
    );
    expect(order.status).toBe(201);
    const orderId = order.body.id as string;
    const authorized = await workbench.api('POST', `/v2/checkout/orders/${orderId}/authorize`, undefined, {
      'Svc-Request-Id': `e2e-${Math.random()}`,
    });
    const authorizationId = authorized.body.purchase_units[0].payments.authorizations[0].id as string;
    const captured = await workbench.api('POST', `/v2/payments/authorizations/${authorizationId}/capture`, {
      amount: { currency_code: 'USD', value: '80.00' },
    });
    expect(captured.status).toBe(201);
    const refunded = await workbench.api('POST', `/v2/payments/captures/${captured.body.id}/refund`, {
      amount: { currency_code: 'USD', value: '30.00' },
    });
    expect(refunded.status).toBe(201);

    await openWorkbench(page, workbench, 'support');
    await page.getByTestId('support-input').fill(refunded.body.id);
    await page.getByTestId('support-submit').click();
    const result = page.getByTestId('support-result');
    await expect(result).toHaveAttribute('data-order-id', orderId);
    await expect(page.getByTestId('support-match')).toContainText(['refund']);

    // Every resource of the flow with its state machine at its current state.
    for (const [kind, state] of [
      ['order', 'COMPLETED'],
      ['authorization', 'CAPTURED'],
      ['capture', 'PARTIALLY_REFUNDED'],
      ['refund', 'COMPLETED'],
    ] as const) {
      await expect(page.getByTestId(`resource-${kind}`).getByTestId('state-machine')).toHaveAttribute(
        'data-current-state',
        state,
      );
    }
    // The capture's ledger lines: the payment and its fee.
    const captureLines = page.getByTestId(`resource-capture`).getByTestId('ledger-line');
    await expect(captureLines).toHaveCount(2);
    await expect(page.getByTestId('resource-capture').getByTestId('ledger-fee')).toHaveText('-3.28 USD');
    await expect(page.getByTestId('resource-refund').getByTestId('ledger-fee')).toHaveText('1.05 USD');
    // One timeline: resource transitions and ledger entries together.
    await expect(page.locator('[data-testid="timeline-event"][data-source="ledger"]')).toHaveCount(3);
    expect(
      await page.locator('[data-testid="timeline-event"][data-source="resource"]').count(),
    ).toBeGreaterThanOrEqual(6);
    // 80 - 3.28 - 30 + 1.05
    await expect(page.getByTestId('support-net')).toContainText('47.77 USD');

    // The order id (and the authorization id) lead to the same view.
    for (const id of [orderId, authorizationId]) {
      await page.getByTestId('support-input').fill(id);
      await page.getByTestId('support-submit').click();
      await expect(result).toHaveAttribute('data-order-id', orderId);
      await expect(page.getByTestId('resource-refund')).toBeVisible();
    }
  });

  test('a transaction id in the Reports grid opens the support view', async ({ workbench, page }) => {
    const order = await workbench.api(
      'POST',
      '/v2/checkout/orders',
      {
        intent: 'CAPTURE',
        purchase_units: [{ amount: { currency_code: 'USD', value: '15.00' } }],
        payment_source: CARD,
      },
      { 'Svc-Request-Id': `e2e-${Math.random()}` },
    );
    const captured = await workbench.api('POST', `/v2/checkout/orders/${order.body.id}/capture`, undefined, {
      'Svc-Request-Id': `e2e-${Math.random()}`,
    });
    const captureId = captured.body.purchase_units[0].payments.captures[0].id as string;
    await openWorkbench(page, workbench, 'reports');
    await page.getByTestId('search-submit').click();
    await page.getByTestId('result-transaction-link').first().click();
    await expect(page.getByTestId('support-page')).toBeVisible();
    await expect(page.getByTestId('support-result')).toHaveAttribute('data-order-id', order.body.id);
    await expect(page.getByTestId('resource-capture')).toHaveAttribute('data-resource-id', captureId);
  });
});
