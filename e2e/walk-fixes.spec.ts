import type { Page } from '@playwright/test';
import { expect, openWorkbench, test } from './fixtures';

/** How far the page scrolls sideways (0 when everything fits the window's width). */
const sidewaysOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

test.describe('at 1000 px', () => {
  test.use({ viewport: { width: 1000, height: 800 } });

  test('a PAYER_ACTION_REQUIRED order: its page fits without sideways scrolling and says why it cannot be edited yet', async ({
    page,
    workbench,
  }) => {
    const created = await workbench.api('POST', '/v2/checkout/orders', {
      intent: 'CAPTURE',
      purchase_units: [
        {
          reference_id: 'a-rather-long-reference-id-for-the-unit',
          description: 'A purchase unit with a long description that a narrow window has to wrap somewhere',
          amount: { currency_code: 'USD', value: '1234567.89' },
        },
      ],
      payment_source: {
        svc: {
          experience_context: {
            return_url: `${workbench.baseUrl}/sandbox/merchant/return`,
            cancel_url: `${workbench.baseUrl}/sandbox/merchant/cancel`,
          },
        },
      },
    });
    expect(created.status).toBe(201);
    expect(created.body.status).toBe('PAYER_ACTION_REQUIRED');
    await openWorkbench(page, workbench, `orders/${created.body.id}`);
    await expect(page.getByTestId('order-detail')).toHaveAttribute('data-status', 'PAYER_ACTION_REQUIRED');
    await expect(page.getByTestId('reason-edit')).toContainText('payer-action link');
    await expect(page.getByTestId('reason-edit')).not.toContainText('COMPLETED');
    expect(await sidewaysOverflow(page)).toBe(0);
  });
});

test('the console: the Collections tab label shows whole, and the path suggestions close once the request is sent', async ({
  page,
  workbench,
}) => {
  await openWorkbench(page, workbench, 'console');
  const tab = page.getByTestId('console-sidebar-collections');
  await expect(tab).toBeVisible();
  expect(await tab.evaluate((element) => element.scrollWidth - element.clientWidth)).toBe(0);

  const path = page.getByTestId('console-path');
  await path.fill('/v1/notifications/webhooks-event');
  await expect(page.getByTestId('console-endpoint-option').first()).toBeVisible();
  await page.getByTestId('console-send').click();
  await expect(page.getByTestId('console-endpoint-option')).toHaveCount(0);
  await expect(page.getByTestId('console-path')).toHaveValue('/v1/notifications/webhooks-event');
});
