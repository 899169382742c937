import { expect, openWorkbench, test } from './fixtures';

/** An unsigned JWT (alg none) naming a merchant, as a partner's integration sends Svc-Auth-Assertion. */
const assertionFor = (merchantId: string) => {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'none' })}.${part({ payer_id: merchantId })}.`;
};

test('the partner demo: refer, onboard on the sandbox page, pay as the seller with a partner fee, see both balances', async ({
  page,
  context,
  workbench,
}) => {
  await openWorkbench(page, workbench);
  await page.getByTestId('nav-partners').click();
  await expect(page.getByTestId('partners-page')).toBeVisible();

  // 1. The partner refers a seller.
  await page.getByTestId('referral-email').fill('e2e-seller@example.org');
  await page.getByTestId('referral-tracking-id').fill('e2e-track-1');
  await page.getByTestId('referral-submit').click();
  await expect(page.getByTestId('referral-tracking')).toHaveText('e2e-track-1');
  await expect(page.getByTestId('seller-waiting')).toBeVisible();

  // 2. The seller opens the action URL in its own browser tab, signs up and grants the permissions.
  const actionUrl = await page.getByTestId('action-url').getAttribute('href');
  expect(actionUrl).toContain('/merchantsignup/partner/onboardingentry?token=');
  const seller = await context.newPage();
  await seller.goto(actionUrl ?? '');
  await expect(seller.getByTestId('requested-permissions')).toContainText('Collect a partner fee');
  await expect(seller.locator('#email')).toHaveValue('e2e-seller@example.org');
  await seller.locator('#business_name').fill('E2E Seller Ltd');
  // Without the consent box the page refuses and says why.
  await seller.getByRole('button', { name: 'Agree and connect' }).click();
  await expect(seller.getByRole('alert')).toContainText('Tick the box');
  await seller.getByLabel(/I grant/).check();
  await seller.getByRole('button', { name: 'Agree and connect' }).click();
  await expect(seller.getByRole('heading', { name: 'You are connected' })).toBeVisible();
  const merchantId = await seller.getByTestId('merchant-id').textContent();
  await seller.close();

  // 3. The seller appears on the partner's page, with what it granted.
  await expect(page.getByTestId('seller-merchant-id')).toHaveText(merchantId ?? '', { timeout: 15_000 });
  await expect(page.getByTestId('seller-permissions')).toContainText('PARTNER_FEE');

  // 4. A payment as the seller with a 5.00 partner fee: 100.00 - 3.98 fee - 5.00 = 91.02 for the seller.
  await page.getByTestId('demo-amount').fill('100.00');
  await page.getByTestId('demo-fee').fill('5.00');
  await page.getByTestId('demo-pay').click();
  await expect(page.getByTestId('demo-payment')).toBeVisible();
  await expect(page.getByTestId('demo-seller-balance')).toContainText('91.02');
  await expect(page.getByTestId('demo-partner-balance')).toContainText('5.00');

  // The Accounts page shows the new seller's ledger balance; draining it is a new line.
  await page.getByTestId('nav-accounts').click();
  const row = page.getByTestId('account-row-e2e-seller@example.org');
  await expect(row.getByTestId('account-balances')).toContainText('91.02');
  await expect(row.getByTestId('account-partners')).toContainText('e2e-track-1');
  await row.getByTestId('account-drain').click();
  await page.getByTestId('adjust-drain-all').click();
  await page.getByTestId('adjust-balance-submit').click();
  await expect(page.getByTestId('adjust-balance-dialog')).toBeHidden();
  await expect(row.getByTestId('account-balances')).toContainText('0.00');

  // The seller revokes its consent: the partner's assertion is refused from then on.
  await page.getByTestId('nav-partners').click();
  await page
    .getByTestId('linked-e2e-seller@example.org')
    .getByRole('button', { name: 'Revoke consent' })
    .click();
  await expect(page.getByTestId('linked-e2e-seller@example.org')).toContainText('revoked');
  const refused = await workbench.api(
    'POST',
    '/v2/checkout/orders',
    { intent: 'CAPTURE', purchase_units: [{ amount: { currency_code: 'USD', value: '1.00' } }] },
    { 'svc-auth-assertion': assertionFor(merchantId ?? '') },
  );
  expect(refused.status).toBe(403);
  expect(refused.body.details[0].issue).toBe('PAYEE_NOT_CONSENTED');
});

test('accounts: create a buyer from the page, top it up, and a seeded account cannot be deleted', async ({
  page,
  workbench,
}) => {
  await openWorkbench(page, workbench, 'accounts');
  await expect(page.getByTestId('accounts-page')).toBeVisible();
  await expect(
    page.getByTestId('account-row-buyer@example.com').getByTestId('account-balances'),
  ).toContainText('5,000.00');
  await expect(
    page.getByTestId('account-row-buyer@example.com').getByTestId('account-delete'),
  ).toBeDisabled();

  await page.getByTestId('create-account-button').click();
  await page.getByTestId('account-email').fill('e2e-buyer@example.org');
  await page.getByTestId('account-opening').fill('20.00');
  await page.getByTestId('create-account-submit').click();
  const row = page.getByTestId('account-row-e2e-buyer@example.org');
  await expect(row.getByTestId('account-balances')).toContainText('20.00');
  await row.getByTestId('account-top-up').click();
  await page.getByTestId('adjust-amount').fill('5.50');
  await page.getByTestId('adjust-balance-submit').click();
  await expect(row.getByTestId('account-balances')).toContainText('25.50');
  await row.getByTestId('account-edit').click();
  await page.getByTestId('edit-country').fill('DE');
  await page.getByTestId('edit-account-submit').click();
  await expect(page.getByTestId('edit-account-dialog')).toBeHidden();
  await expect(row).toContainText('DE');
  const listed = await workbench.api('GET', '/v1/test-helpers/accounts?type=PERSONAL');
  expect(listed.body.accounts.map((a: { email: string }) => a.email)).toContain('e2e-buyer@example.org');
  await row.getByTestId('account-delete').click();
  await expect(row).toBeHidden();
});

test('waiting for the seller adds a few 404s to the request log, not one every poll, and the seller shows as soon as it onboards', async ({
  page,
  context,
  workbench,
}) => {
  await openWorkbench(page, workbench);
  await page.getByTestId('nav-partners').click();
  await page.getByTestId('referral-email').fill('e2e-waiting@example.org');
  await page.getByTestId('referral-tracking-id').fill('e2e-wait-1');
  await page.getByTestId('referral-submit').click();
  await expect(page.getByTestId('seller-waiting')).toBeVisible();
  const actionUrl = await page.getByTestId('action-url').getAttribute('href');
  // Twelve seconds of waiting, as a partner reading the page would.
  await page.waitForTimeout(12_000);

  const seller = await context.newPage();
  await seller.goto(actionUrl ?? '');
  await seller.locator('#business_name').fill('Waiting Seller Ltd');
  await seller.getByLabel(/I grant/).check();
  await seller.getByRole('button', { name: 'Agree and connect' }).click();
  await expect(seller.getByRole('heading', { name: 'You are connected' })).toBeVisible();
  await seller.close();
  // The host's change event brings the seller in, without waiting for the next (backed-off) poll.
  await expect(page.getByTestId('seller-found')).toBeVisible();

  await page.getByTestId('nav-log').click();
  await page.getByTestId('log-filter-path').fill('/merchant-integrations?tracking_id=e2e-wait-1');
  await page.getByTestId('log-filter-status').selectOption('4xx');
  // 0 s, 2 s, 6 s (and perhaps 14 s on a slow machine); the fixed 1.5 s poll made 8 or more.
  await expect(page.getByTestId('log-count')).toHaveText(/^[1-4] requests? shown$/);
});
