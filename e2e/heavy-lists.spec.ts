import type { Locator, Page } from '@playwright/test';
import { expect, openWorkbench, test, type Workbench } from './fixtures';
import { createBatchFromOutside } from './payouts-page';

/** Scrolls a virtualized list's scroller to its end, as a person dragging the scrollbar down would. */
const scrollToEnd = (scroller: Locator) =>
  scroller.evaluate((element) => element.scrollTo({ top: element.scrollHeight }));

/** `count` calls from outside the UI, 50 at a time; every fifth asks for an order that does not exist. */
async function calls(workbench: Workbench, count: number): Promise<void> {
  for (let start = 0; start < count; start += 50)
    await Promise.all(
      Array.from({ length: Math.min(50, count - start) }, (_, i) =>
        (start + i) % 5 === 0
          ? workbench.api('GET', `/v2/checkout/orders/NOSUCHORDER${start + i}`)
          : workbench.api('GET', '/v1/notifications/webhooks-event-types'),
      ),
    );
}

const drawnRows = (page: Page) => page.locator('[data-testid="request-log-table"] [data-testid^="log-row-"]');

test('Request log: 450 calls are paged from the host and drawn a screenful at a time, older ones on scroll', async ({
  page,
  workbench,
}) => {
  await calls(workbench, 450);
  await openWorkbench(page, workbench, 'log');
  await expect(page.getByTestId('log-count')).toHaveText('100 requests shown');
  const drawn = await drawnRows(page).count();
  expect(drawn).toBeGreaterThan(5);
  expect(drawn).toBeLessThan(60);

  // Scrolling to the oldest row shown asks the host for the page before it, and only a screenful is drawn.
  await scrollToEnd(page.getByTestId('request-log-scroll'));
  await expect(page.getByTestId('log-count')).toHaveText('200 requests shown');
  expect(await drawnRows(page).count()).toBeLessThan(60);

  // The filter runs on the host: only the 404s come back, paged the same way.
  await page.getByTestId('log-filter-status').selectOption('4xx');
  await expect(page.getByTestId('log-count')).toHaveText('90 requests shown');
  await expect(drawnRows(page).first()).toHaveAttribute('data-status', '404');
  for (const status of await drawnRows(page).evaluateAll((rows) => rows.map((r) => r.dataset.status)))
    expect(status).toBe('404');

  // Empty and filtered: the empty state says so.
  await page.getByTestId('log-filter-path').fill('/v9/nothing-here');
  await expect(page.getByTestId('empty-state')).toHaveText('No requests match these filters.');
});

test('Mailbox: 450 unclaimed-payout notices are paged from the host and drawn a screenful at a time', async ({
  page,
  workbench,
}) => {
  await openWorkbench(page, workbench, 'mailbox');
  await expect(page.getByTestId('empty-state')).toContainText('No e-mail yet');

  expect(
    (
      await workbench.api('POST', '/v1/test-helpers/payouts/fund', {
        amount: { currency: 'USD', value: '1000.00' },
      })
    ).status,
  ).toBe(201);
  await createBatchFromOutside(
    workbench,
    'e2e-mailbox-volume',
    Array.from({ length: 450 }, (_, i) => `nobody-${i}@example.net`),
  );
  await expect
    .poll(
      async () => (await workbench.api('GET', '/v1/test-helpers/mailbox?page_size=500')).body.messages.length,
      {
        timeout: 60_000,
      },
    )
    .toBe(450);

  await page.getByTestId('mailbox-refresh').click();
  await expect(page.getByTestId('mailbox-count')).toHaveText(
    '200 messages loaded, older ones load as you scroll',
  );
  const drawn = page.getByTestId('mailbox-message');
  expect(await drawn.count()).toBeLessThan(40);
  await expect(page.getByTestId('mailbox-open-message')).toBeVisible();

  const scroller = page.getByTestId('mailbox-list').locator('..');
  await scrollToEnd(scroller);
  await expect(page.getByTestId('mailbox-count')).toHaveText(
    '400 messages loaded, older ones load as you scroll',
  );
  await scrollToEnd(scroller);
  await expect(page.getByTestId('mailbox-count')).toHaveText('450 messages loaded');
  expect(await drawn.count()).toBeLessThan(40);
  // The oldest notice is reachable and opens.
  await drawn.last().click();
  await expect(page.getByTestId('mailbox-subject')).toContainText("You've got money");

  // The recipient filter runs on the host.
  await page.getByTestId('mailbox-recipient').fill('nobody-7@example.net');
  await expect(page.getByTestId('mailbox-count')).toHaveText('1 message loaded');
  await expect(drawn).toHaveCount(1);
});

test('Events: the outbox pages 250 events from the host and draws a screenful at a time', async ({
  page,
  workbench,
}) => {
  // Each order approved by the buyer writes one CHECKOUT.ORDER.APPROVED event.
  for (let start = 0; start < 250; start += 25)
    await Promise.all(
      Array.from({ length: 25 }, async () => {
        const order = await workbench.api('POST', '/v2/checkout/orders', {
          intent: 'CAPTURE',
          purchase_units: [{ amount: { currency_code: 'USD', value: '5.00' } }],
        });
        expect(order.status).toBe(201);
        const approved = await workbench.api(
          'POST',
          `/v1/test-helpers/checkout/orders/${order.body.id}/approve`,
          {},
        );
        expect(approved.status).toBe(200);
      }),
    );
  await openWorkbench(page, workbench, 'events/outbox');
  await expect(page.getByTestId('events-count')).toHaveText('100 of 250 loaded, newest first');
  const drawn = page.getByTestId('event-row');
  expect(await drawn.count()).toBeLessThan(60);
  const scroller = page.getByTestId('events-table').locator('..');
  await scrollToEnd(scroller);
  await expect(page.getByTestId('events-count')).toHaveText('200 of 250 loaded, newest first');
  await scrollToEnd(scroller);
  await expect(page.getByTestId('events-count')).toHaveText('250 of 250 loaded, newest first');
  expect(await drawn.count()).toBeLessThan(60);
  await drawn.last().click();
  await expect(page.getByTestId('event-detail')).toContainText('CHECKOUT.ORDER.APPROVED');
});
