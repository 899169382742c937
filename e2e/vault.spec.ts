import { expect, openWorkbench, test } from './fixtures';
import { expectState } from './pages';

const CUSTOMER = 'customer_e2e_0001';

test('a card vaulted with an order, reused in a second order from the vault view, then deleted', async ({
  page,
  workbench,
}) => {
  await openWorkbench(page, workbench);

  // 1. An order paid by card that saves the card in the vault (store_in_vault: ON_SUCCESS).
  await page.getByTestId('nav-orders').click();
  await page.getByTestId('create-order-button').click();
  await page.getByTestId('payment-source-card').check();
  await page.getByTestId('card-use-test').click();
  await page.getByTestId('store-in-vault').check();
  await page.getByTestId('vault-customer-id').fill(CUSTOMER);
  await expect(page.getByTestId('create-order-submit')).toBeEnabled();
  await page.getByTestId('create-order-submit').click();
  await expect(page.getByTestId('order-detail')).toBeVisible();
  await expectState(page, 'APPROVED');
  const firstId = (await page.getByTestId('order-id').textContent())?.trim() ?? '';
  await page.getByTestId('action-capture').click();
  await expectState(page, 'COMPLETED');
  const first = await workbench.api('GET', `/v2/checkout/orders/${firstId}`);
  const vaultId = first.body.payment_source.card.attributes.vault.id as string;
  expect(first.body.payment_source.card.attributes.vault).toMatchObject({
    status: 'VAULTED',
    customer: { id: CUSTOMER },
  });

  // 2. The vault view shows the customer and the token: its kind, what it is, its status.
  await page.getByTestId('nav-vault').click();
  await page.getByTestId(`vault-customer-${CUSTOMER}`).getByRole('link').click();
  const row = page.getByTestId(`vault-token-${vaultId}`);
  await expect(row).toHaveAttribute('data-kind', 'card');
  await expect(row).toContainText('VISA •••• 1111');
  await expect(row).toContainText('VAULTED');
  await expect(page.getByTestId('vault-customer-page')).not.toContainText('4111111111111111');

  // 3. Use it in a new order: the form charges the token's vault_id; the order is APPROVED at once.
  await row.getByTestId(`vault-use-${vaultId}`).click();
  await expect(page.getByTestId('vault-id')).toHaveValue(vaultId);
  await page.getByTestId('create-order-submit').click();
  await expect(page.getByTestId('order-detail')).toBeVisible();
  await expectState(page, 'APPROVED');
  const secondId = (await page.getByTestId('order-id').textContent())?.trim() ?? '';
  expect(secondId).not.toBe(firstId);
  await page.getByTestId('action-capture').click();
  await expectState(page, 'COMPLETED');
  const second = await workbench.api('GET', `/v2/checkout/orders/${secondId}`);
  expect(second.body.payment_source.card).toMatchObject({ last_digits: '1111', brand: 'VISA' });
  expect(second.body.purchase_units[0].payments.captures[0].status).toBe('COMPLETED');

  // 4. Delete it from the vault view: gone from the list and from the API.
  await page.goto(`${workbench.workbenchUrl}#/vault/${CUSTOMER}`);
  await page.getByTestId(`vault-delete-${vaultId}`).click();
  await page.getByTestId('vault-delete-confirm').click();
  await expect(page.getByTestId(`vault-token-${vaultId}`)).toHaveCount(0);
  await expect(page.getByTestId('empty-state')).toBeVisible();
  expect((await workbench.api('GET', `/v3/vault/payment-tokens/${vaultId}`)).status).toBe(404);
});
