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
    await expect(page.getByTestId('support-match')).toContainText(['Refund', 'Ledger transaction']);

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

test.describe('Support transaction view at volume', () => {
  test('a payout item of a large batch: the item with its ledger line, the batch as a summary, the other items paged', async ({
    workbench,
    page,
  }) => {
    expect(
      (
        await workbench.api('POST', '/v1/test-helpers/payouts/fund', {
          amount: { currency: 'USD', value: '500.00' },
        })
      ).status,
    ).toBe(201);
    const created = await workbench.api('POST', '/v1/payments/payouts', {
      sender_batch_header: { sender_batch_id: `volume-${Math.random()}` },
      items: Array.from({ length: 120 }, (_, i) => ({
        recipient_type: 'EMAIL',
        amount: { currency: 'USD', value: '1.00' },
        receiver: `r${i}@example.com`,
      })),
    });
    expect(created.status).toBe(201);
    const batchId = created.body.batch_header.payout_batch_id as string;
    expect((await workbench.api('POST', '/v1/test-helpers/clock', { advance_seconds: 5 })).status).toBe(200);
    const batch = await workbench.api('GET', `/v1/payments/payouts/${batchId}?page_size=5`);
    const item = batch.body.items[3] as {
      payout_item_id: string;
      transaction_id: string;
      transaction_status: string;
    };
    expect(item.transaction_id).toBeTruthy();

    await openWorkbench(page, workbench, `support/${item.payout_item_id}`);
    const card = page.getByTestId('resource-payout-item');
    await expect(card).toHaveAttribute('data-resource-id', item.payout_item_id);
    await expect(card.getByTestId('resource-kind')).toHaveText('Payout item');
    await expect(card.getByTestId('state-machine')).toHaveAttribute(
      'data-current-state',
      item.transaction_status,
    );
    await expect(card.getByTestId('ledger-line').first()).toHaveAttribute('data-event-code', 'T0001');
    // The batch: a summary with its link, not its 120 items drawn.
    const batchCard = page.getByTestId('resource-payout-batch');
    await expect(batchCard).toHaveAttribute('data-summary-only', 'true');
    await expect(batchCard.getByTestId('state-machine')).toHaveCount(0);
    await expect(page.getByTestId('support-root')).toContainText(`part of payout batch ${batchId}`);
    await expect(page.getByTestId('support-match')).toHaveText([`Payout item ${item.payout_item_id}`]);
    const related = page.getByTestId('related-payout-item');
    await expect(related).toContainText('Payout items of');
    await expect(related).toContainText('(120)');
    await expect(related.getByTestId('related-row')).toHaveCount(25);
    await expect(page.getByTestId('state-machine')).toHaveCount(1);
    await related.getByRole('button', { name: 'Go to next page' }).click();
    await expect(related.getByTestId('related-row')).toHaveCount(25);
    await expect(related).toContainText('26–50 of 120');
    // The hint names what the lookup finds.
    await expect(page.getByTestId('support-hint')).toContainText('payout items');
    await expect(page.getByTestId('support-hint')).toContainText('subscriptions');
    await expect(page.getByTestId('support-hint')).toContainText('ledger transactions');
  });
});
