import { readFileSync } from 'node:fs';
import { expect, openWorkbench, test, type Workbench } from './fixtures';

const CARD = { card: { number: '4111111111111111', expiry: '2031-12' } };

/** A captured card order through the API, as an integration makes it; returns the capture id. */
async function capture(workbench: Workbench, value: string, currency = 'USD'): Promise<string> {
  const order = await workbench.api(
    'POST',
    '/v2/checkout/orders',
    {
      intent: 'CAPTURE',
      purchase_units: [{ amount: { currency_code: currency, value } }],
      payment_source: CARD,
    },
    { 'Svc-Request-Id': `e2e-${Math.random()}` },
  );
  expect(order.status).toBe(201);
  const captured = await workbench.api('POST', `/v2/checkout/orders/${order.body.id}/capture`, undefined, {
    'Svc-Request-Id': `e2e-${Math.random()}`,
  });
  expect(captured.status).toBe(201);
  return captured.body.purchase_units[0].payments.captures[0].id as string;
}

test.describe('Reports page', () => {
  test('search with the 31-day rule shown before sending, results, filters, CSV export', async ({
    workbench,
    page,
  }) => {
    const captureId = await capture(workbench, '100.00');
    expect(
      (
        await workbench.api('POST', `/v2/payments/captures/${captureId}/refund`, {
          amount: { currency_code: 'USD', value: '40.00' },
        })
      ).status,
    ).toBe(201);
    await capture(workbench, '12.00', 'EUR');

    await openWorkbench(page, workbench, 'reports');
    await expect(page.getByTestId('reports-page')).toBeVisible();

    // The rule is shown live: 40 days is refused before anything is sent.
    const end = await page.getByTestId('search-end').inputValue();
    const tooEarly = new Date(Date.parse(`${end}Z`) - 40 * 86_400_000).toISOString().slice(0, 19);
    await page.getByTestId('search-start').fill(tooEarly);
    await expect(page.getByTestId('range-hint')).toHaveAttribute('data-valid', 'false');
    await expect(page.getByTestId('range-hint')).toContainText('at most 31 days');
    await expect(page.getByTestId('search-submit')).toBeDisabled();
    await page.getByTestId('preset-7').click();
    await expect(page.getByTestId('range-hint')).toHaveAttribute('data-valid', 'true');

    await page.getByTestId('search-submit').click();
    await expect(page.getByTestId('total-items')).toHaveText('3');
    const rows = page.getByTestId('result-row');
    await expect(rows).toHaveCount(3);
    await expect(rows.nth(0).getByTestId('result-amount')).toHaveText('100.00 USD');
    await expect(rows.nth(0).getByTestId('result-fee')).toHaveText('-3.98');
    await expect(rows.nth(1).getByTestId('result-amount')).toHaveText('-40.00 USD');
    await expect(rows.nth(1).getByTestId('result-fee')).toHaveText('1.40');
    await expect(rows.nth(2).getByTestId('result-amount')).toHaveText('12.00 EUR');

    // A filter: the capture's own id.
    await page.getByTestId('filter-transaction-id').fill(captureId);
    await page.getByTestId('search-submit').click();
    await expect(page.getByTestId('total-items')).toHaveText('1');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toHaveAttribute('data-transaction-id', captureId);

    // A bad filter reaches the API and its 400 names the parameter.
    await page.getByTestId('filter-transaction-id').fill('SHORT');
    await page.getByTestId('search-submit').click();
    await expect(page.getByTestId('search-error')).toContainText('transaction_id');
    await page.getByTestId('filter-transaction-id').fill('');
    await page.getByTestId('search-submit').click();
    await expect(page.getByTestId('total-items')).toHaveText('3');

    // CSV of the whole search.
    const downloading = page.waitForEvent('download');
    await page.getByTestId('export-csv').click();
    const file = await (await downloading).path();
    const csv = readFileSync(file, 'utf8').trim().split(/\r\n/);
    expect(csv[0]).toContain('transaction_id,event_code,status');
    expect(csv).toHaveLength(4);
    expect(csv.join('\n')).toContain(captureId);
    expect(csv.join('\n')).toContain('-40.00');
  });

  test('bulk history with progress, server paging, balances and charts', async ({ workbench, page }) => {
    await openWorkbench(page, workbench, 'reports');
    await page.getByTestId('generate-open').click();
    await page.getByTestId('generate-entries').fill('30000');
    await page.getByTestId('generate-days').fill('20');
    await page.getByTestId('generate-start').click();
    await expect(page.getByTestId('generate-progress')).toHaveAttribute('data-status', 'COMPLETED', {
      timeout: 30_000,
    });
    await expect(page.getByTestId('generate-progress-text')).toContainText('30,000 of 30,000 entries');
    await page.getByTestId('generate-close').click();

    // Presets end at the simulated now, not an hour after it.
    await page.getByTestId('preset-1').click();
    const clock = await workbench.api('GET', '/v1/test-helpers/clock');
    const end = await page.getByTestId('search-end').inputValue();
    expect(Math.abs(Date.parse(`${end}Z`) - Date.parse(clock.body.now))).toBeLessThan(60_000);

    await page.getByTestId('preset-31').click();
    await page.getByTestId('search-submit').click();
    const total = Number((await page.getByTestId('total-items').textContent())?.replace(/,/g, ''));
    expect(total).toBeGreaterThan(20_000);
    await expect(page.getByTestId('result-row')).toHaveCount(100);
    const first = await page.getByTestId('result-row').first().getAttribute('data-transaction-id');
    await page.getByRole('button', { name: 'Go to next page' }).click();
    await expect(page.getByTestId('results-pagination')).toContainText(
      `101–200 of ${total.toLocaleString('en-US')}`,
    );
    await expect(page.getByTestId('result-row').first()).not.toHaveAttribute(
      'data-transaction-id',
      first ?? '',
    );

    // Last page, then a page typed in; a column sorts the page on screen.
    const lastPage = Math.ceil(total / 100);
    await page.getByRole('button', { name: 'Go to last page' }).click();
    await expect(page.getByTestId('results-pagination')).toContainText(
      `${((lastPage - 1) * 100 + 1).toLocaleString('en-US')}–${total.toLocaleString('en-US')} of`,
    );
    await page.getByTestId('results-page-jump').fill('3');
    await page.getByTestId('results-page-jump').press('Enter');
    await expect(page.getByTestId('results-pagination')).toContainText('201–300 of');
    await page.getByTestId('results-sort-amount').click();
    const amounts = async () =>
      (await page.getByTestId('result-amount').allTextContents()).map((text) =>
        Number(text.replace(/[^\d.-]/g, '')),
      );
    const sorted = await amounts();
    expect(sorted).toEqual([...sorted].sort((a, b) => a - b));

    // Away and back: the search, its page and its order are as they were.
    await page.getByTestId('nav-orders').click();
    await expect(page.getByTestId('orders-page')).toBeVisible();
    await page.getByTestId('nav-reports').click();
    await expect(page.getByTestId('results-pagination')).toContainText('201–300 of');
    expect(await amounts()).toEqual(sorted);

    // A whole-search export can be cancelled while it runs.
    await page.getByTestId('export-csv').click();
    await expect(page.getByTestId('export-progress')).toBeVisible();
    await page.getByTestId('export-cancel').click();
    await expect(page.getByTestId('notice').filter({ hasText: 'CSV export cancelled' })).toBeVisible();
    await expect(page.getByTestId('export-csv')).toHaveText('Export CSV (whole search)');

    await page.getByTestId('tab-balances').click();
    await expect(page.getByTestId('balance-USD')).toBeVisible();
    await expect(page.getByTestId('balance-USD-total')).toHaveText(/^-?\d+\.\d{2}$/);
    await expect(page.getByTestId('chart-balance-point')).toHaveCount(31);
    await expect(page.getByTestId('chart-volume-bar')).toHaveCount(31);
    await expect(page.getByTestId('chart-fees-bar')).toHaveCount(31);
  });
});
