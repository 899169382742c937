import { expect, openWorkbench, test } from './fixtures';

const SCIM_USER = 'urn:ietf:params:scim:schemas:core:2.0:User';

test('SCIM users: created from the form (its rules shown as typed), deactivated, filtered and paged', async ({
  page,
  workbench,
}) => {
  await openWorkbench(page, workbench, 'users');
  await expect(page.getByTestId('empty-state')).toContainText('No users yet');

  await page.getByTestId('create-user-button').click();
  await page.getByTestId('user-userName').fill('12345678');
  await page.getByTestId('user-timezone').fill('EST');
  await page.getByTestId('create-user-submit').click();
  await expect(page.getByTestId('create-user-dialog')).toContainText('userName may not be all digits.');
  await expect(page.getByTestId('create-user-dialog')).toContainText('EST is an abbreviation');

  await page.getByTestId('user-userName').fill('alexdoe01');
  await page.getByTestId('user-givenName').fill('Alex');
  await page.getByTestId('user-familyName').fill('Doe');
  await page.getByTestId('user-email').fill('alex@example.com');
  await page.getByTestId('user-phone').fill('tel:+1-408-555-0100');
  await page.getByTestId('user-timezone').fill('Europe/Berlin');
  await page.getByTestId('create-user-submit').click();

  // The new user's page: as SCIM shows it, with its machine.
  const detail = page.getByTestId('user-detail');
  await expect(detail).toContainText('alexdoe01');
  await expect(page.getByTestId('user-json')).toContainText('Europe/Berlin');
  await expect(detail.getByTestId('status-chip').first()).toHaveText('ACTIVE');
  await page.getByTestId('user-toggle-active').click();
  await expect(detail.getByTestId('status-chip').first()).toHaveText('INACTIVE');
  const id = await detail.getAttribute('data-user-id');
  const shown = await workbench.api('GET', `/v2/scim/Users/${id}`);
  expect(shown.body.active).toBe(false);

  // A taken userName is refused by the API (409 uniqueness) and the form says so.
  await page.goto(`${workbench.baseUrl}/__workbench/#/users`);
  await page.getByTestId('create-user-button').click();
  await page.getByTestId('user-userName').fill('ALEXDOE01');
  await page.getByTestId('create-user-submit').click();
  await expect(page.getByTestId('create-user-error')).toContainText('409 RESOURCE_CONFLICT');
  await page.getByRole('button', { name: 'Cancel' }).click();

  // Twelve more from outside (an identity provider provisioning users), then a filter and a second page.
  for (let i = 0; i < 12; i++) {
    const made = await workbench.api(
      'POST',
      '/v2/scim/Users',
      { schemas: [SCIM_USER], userName: `member${String(i).padStart(2, '0')}x` },
      { 'content-type': 'application/scim+json' },
    );
    expect(made.status).toBe(201);
  }
  await expect(page.getByTestId('user-row')).toHaveCount(13);
  await page.getByTestId('users-filter').fill('MEMBER05X');
  await expect(page.getByTestId('user-row')).toHaveCount(1);
  await expect(page.getByTestId('user-row')).toHaveAttribute('data-user-name', 'member05x');
  await page.getByTestId('users-filter').fill('');
  await page.getByTestId('users-pagination').getByRole('combobox').click();
  await page.getByRole('option', { name: '10', exact: true }).click();
  await expect(page.getByTestId('user-row')).toHaveCount(10);
  await page.getByTestId('users-pagination').getByRole('button', { name: 'Go to next page' }).click();
  await expect(page.getByTestId('user-row')).toHaveCount(3);
  await expect(page.getByTestId('user-row').last()).toHaveAttribute('data-user-name', 'member11x');
});

test('userinfo: the claims of the seeded merchant, per scope, and what a narrowed token reads', async ({
  page,
  workbench,
}) => {
  await openWorkbench(page, workbench, 'userinfo');
  await expect(page.getByTestId('claim-value-email')).toHaveText('merchant@example.com');
  await expect(page.getByTestId('claim-email')).toHaveAttribute('data-scope', 'email');
  await expect(page.getByTestId('claim-value-account_type')).toHaveText('BUSINESS');
  await expect(page.getByTestId('claim-value-phone_number')).toHaveText('no data');
  const preview = page.getByTestId('userinfo-preview-json');
  await expect(preview).toContainText('merchant@example.com');
  await page.getByTestId('scope-email').locator('input').uncheck();
  await expect(preview).not.toContainText('merchant@example.com');
  await expect(preview).toContainText('Morgan');
  await page.getByTestId('scope-openid').locator('input').uncheck();
  await expect(page.getByTestId('userinfo-preview-refused')).toContainText('403');
});
