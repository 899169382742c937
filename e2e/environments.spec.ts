import { CLIENT_ID, CLIENT_SECRET, expect, openWorkbench, test } from './fixtures';

test('a remote environment: credentials checked when added, and pages say plainly when they show the embedded sandbox', async ({
  page,
  workbench,
}) => {
  await openWorkbench(page, workbench, 'environments');
  // The host itself stands in for a remote sandbox.
  const fill = async (secret: string) => {
    await page.getByTestId('env-name').fill('Staging');
    await page.getByTestId('env-base_url').fill(workbench.baseUrl);
    await page.getByTestId('env-client_id').fill(CLIENT_ID);
    await page.getByTestId('env-client_secret').fill(secret);
    await page.getByTestId('env-add').click();
  };
  await fill('not-the-secret');
  await expect(page.getByTestId('env-add-error')).toContainText('The token request to Staging failed (401)');
  await fill(CLIENT_SECRET);
  await expect(page.getByTestId('notice').filter({ hasText: 'Added Staging' })).toBeVisible();

  await page.getByTestId('environment-switcher').click();
  await page.getByRole('option', { name: 'Staging' }).click();
  await page.getByTestId('nav-orders').click();
  await expect(page.getByTestId('embedded-data-notice')).toContainText('embedded sandbox');
  await expect(page.getByTestId('embedded-data-notice')).toContainText('not Staging');
  // The console reads the active environment through its API: no notice there.
  await page.getByTestId('nav-console').click();
  await expect(page.getByTestId('embedded-data-notice')).toHaveCount(0);
});
