import { expect, openWorkbench, test } from './fixtures';
import { captureFromOutside, eventRow, inboxRow, openEvents, setListenerAnswer } from './events-page';

test('a capture made from outside arrives in the live inbox, verified step by step', async ({
  page,
  workbench,
}) => {
  await openWorkbench(page, workbench);
  await openEvents(page, 'inbox');
  await expect(page.getByTestId('listener-url')).toContainText('/webhooks');
  const { captureId } = await captureFromOutside(workbench, '30.00');

  // Live: a notification says what the listener answered, and the rows appear without a reload, each verified.
  await expect(
    page.getByTestId('notice').filter({ hasText: 'the listener answered 200' }).first(),
  ).toBeVisible();
  for (const type of ['CHECKOUT.ORDER.APPROVED', 'PAYMENT.CAPTURE.COMPLETED', 'CHECKOUT.ORDER.COMPLETED']) {
    await expect(inboxRow(page, type)).toHaveCount(1);
    await expect(inboxRow(page, type).getByTestId('verdict')).toHaveText('SUCCESS');
  }
  await inboxRow(page, 'PAYMENT.CAPTURE.COMPLETED').click();
  const detail = page.getByTestId('message-detail');
  await expect(detail.getByTestId('message-event-type')).toHaveText('PAYMENT.CAPTURE.COMPLETED');
  const verification = detail.getByTestId('verification');
  await expect(verification.getByTestId('verdict')).toHaveText('SUCCESS');
  for (const step of ['headers', 'crc32', 'certificate', 'webhook_id', 'signed_string', 'signature']) {
    await expect(verification.getByTestId(`step-${step}`)).toHaveAttribute('data-ok', 'true');
  }
  const crc = (await verification.getByTestId('step-crc32-value').textContent()) ?? '';
  expect(crc).toMatch(/^\d+$/);
  // <transmission_id>|<transmission_time>|<webhook_id>|<crc32>, with the id of the listener's subscription.
  const subscription = (await workbench.api('GET', '/v1/test-helpers/webhooks/listener')).body
    .subscription_id as string;
  await expect(verification.getByTestId('step-signed_string-value')).toHaveText(
    new RegExp(`^[0-9a-f-]{36}\\|\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\dZ\\|${subscription}\\|${crc}$`),
  );
  await expect(verification.getByTestId('step-certificate-value')).toHaveText(
    /^([0-9A-F]{2}:){31}[0-9A-F]{2}$/,
  );

  await detail.getByTestId('tab-headers').click();
  await expect(detail.getByTestId('message-headers')).toContainText('svc-transmission-sig');
  await expect(detail.getByTestId('message-headers')).toContainText('SHA256withRSA');
  await detail.getByTestId('tab-raw').click();
  await expect(detail.getByTestId('message-raw')).toContainText(`"id":"${captureId}"`);
  await detail.getByTestId('tab-json').click();
  await expect(detail.getByTestId('message-json')).toContainText('"seller_receivable_breakdown"');
});

test('the listener answer drives retries: the timeline shows each attempt and the next retry on the simulated clock', async ({
  page,
  workbench,
}) => {
  await openWorkbench(page, workbench);
  await openEvents(page, 'inbox');
  await setListenerAnswer(page, 503);
  await expect
    .poll(async () => (await workbench.api('GET', '/v1/test-helpers/webhooks/listener')).body.status)
    .toBe(503);
  await captureFromOutside(workbench, '12.00');
  await expect(inboxRow(page, 'PAYMENT.CAPTURE.COMPLETED')).toHaveCount(1);

  await openEvents(page, 'outbox');
  await eventRow(page, 'PAYMENT.CAPTURE.COMPLETED').click();
  const timeline = page.getByTestId('delivery-timeline');
  await expect(timeline.getByTestId('delivery-status')).toHaveText('PENDING');
  await expect(timeline.getByTestId('delivery-attempts')).toHaveText('1 / 25 attempts');
  await expect(timeline.getByTestId('attempt')).toContainText('503');
  await expect(timeline.getByTestId('next-retry')).toContainText('on the simulated clock');

  // The listener recovers; moving the clock an hour fires the due retry.
  await setListenerAnswer(page, 200);
  await expect
    .poll(async () => (await workbench.api('GET', '/v1/test-helpers/webhooks/listener')).body.status)
    .toBe(200);
  await page.getByTestId('clock-widget').click();
  await page.getByTestId('clock-3600').click();
  await expect(timeline.getByTestId('delivery-status')).toHaveText('DELIVERED');
  await expect(timeline.getByTestId('delivery-attempts')).toHaveText('2 / 25 attempts');
  await expect(timeline.getByTestId('attempt')).toHaveCount(2);
  await expect(timeline.getByTestId('next-retry')).toHaveCount(0);
  // Each attempt says when it was due and when it was made, with full dates.
  await expect(timeline.getByTestId('attempt-due').nth(1)).toHaveText(/^due \d{4}-\d{2}-\d{2} /);
  await expect(timeline.getByTestId('attempt-made').nth(1)).toHaveText(/^made \d{4}-\d{2}-\d{2} /);

  // Resend: a second delivery to the same subscription.
  await page.getByTestId('event-resend').click();
  await expect(timeline.getByTestId('delivery')).toHaveCount(2);
  await expect(timeline.locator('[data-testid="delivery"][data-status="DELIVERED"]')).toHaveCount(2);
});

test('an answer chosen for the listener stays as chosen while deliveries come in, until it is applied', async ({
  page,
  workbench,
}) => {
  await openWorkbench(page, workbench);
  await openEvents(page, 'inbox');
  const received = page.getByTestId('listener-received');
  await expect(received).toHaveText(/^\d+ received$/);
  const before = Number((await received.textContent())?.split(' ')[0]);
  await page.getByTestId('listener-control').getByRole('combobox').first().click();
  await page.getByTestId('listener-status-503').click();
  await page.getByTestId('listener-delay').fill('250');

  // Deliveries while the choice is not applied yet: the listener still answers 200, and the form is
  // refreshed with their count, never with the host's settings over the user's.
  await captureFromOutside(workbench, '5.00');
  await expect
    .poll(async () => Number((await received.textContent())?.split(' ')[0]))
    .toBeGreaterThan(before);
  await expect(page.getByTestId('listener-control').getByRole('combobox').first()).toHaveText(
    '503 Service Unavailable',
  );
  await expect(page.getByTestId('listener-delay')).toHaveValue('250');
  expect((await workbench.api('GET', '/v1/test-helpers/webhooks/listener')).body.status).toBe(200);

  await page.getByTestId('listener-save').click();
  await expect
    .poll(async () => (await workbench.api('GET', '/v1/test-helpers/webhooks/listener')).body)
    .toMatchObject({ status: 503, delay_ms: 250 });
  await expect(page.getByTestId('listener-delay')).toHaveValue('250');
});

test('subscriptions are managed with the event-type picker, and a simulated event verifies with WEBHOOK_ID', async ({
  page,
  workbench,
}) => {
  await openWorkbench(page, workbench);
  await openEvents(page, 'subscriptions');
  await expect(page.getByTestId('subscription-row')).toHaveCount(1); // the listener's own * subscription

  await page.getByTestId('subscription-url').fill('http://127.0.0.1:9/refunds');
  await page.getByTestId('event-type-picker').getByRole('combobox').click();
  await page.getByTestId('event-type-option-PAYMENT.CAPTURE.REFUNDED').click();
  await page.getByTestId('event-type-option-PAYMENT.CAPTURE.COMPLETED').click();
  await page.keyboard.press('Escape');
  await page.getByTestId('subscription-submit').click();
  const added = page.locator('[data-testid="subscription-row"][data-url="http://127.0.0.1:9/refunds"]');
  await expect(added).toContainText('PAYMENT.CAPTURE.REFUNDED');
  await expect(added).toContainText('PAYMENT.CAPTURE.COMPLETED');

  // The API's own error comes through: the same URL twice is a clear 400.
  await page.getByTestId('subscription-url').fill('http://127.0.0.1:9/refunds');
  await page.getByTestId('event-type-picker').getByRole('combobox').click();
  await page.getByTestId('event-type-option-*').click();
  await page.keyboard.press('Escape');
  await page.getByTestId('subscription-submit').click();
  await expect(page.getByTestId('api-error')).toContainText('WEBHOOK_URL_ALREADY_EXISTS');

  // Deleting asks first; keeping it keeps it.
  await added.getByTestId('subscription-delete').click();
  await page.getByRole('button', { name: 'Keep it' }).click();
  await expect(added).toHaveCount(1);
  await added.getByTestId('subscription-delete').click();
  await page.getByTestId('subscription-delete-confirm').click();
  await expect(added).toHaveCount(0);
  const hooks = await workbench.api('GET', '/v1/notifications/webhooks');
  expect(hooks.body.webhooks).toHaveLength(1);

  // The listener's own `*` subscription, deleted, can be restored.
  const listenerRow = page.getByTestId('subscription-row');
  await listenerRow.getByTestId('subscription-delete').click();
  await page.getByTestId('subscription-delete-confirm').click();
  await expect(page.getByTestId('subscription-row')).toHaveCount(0);
  await page.getByTestId('restore-listener-subscription').click();
  await expect(page.getByTestId('subscription-row')).toHaveCount(1);
  await expect(page.getByTestId('restore-listener-subscription')).toHaveCount(0);

  await openEvents(page, 'simulate');
  await page.getByTestId('simulate-send').click();
  // Sent to the local listener by default; the inbox opens and shows it verified with the mock id.
  await expect(inboxRow(page, 'PAYMENT.CAPTURE.COMPLETED')).toHaveCount(1);
  await expect(inboxRow(page, 'PAYMENT.CAPTURE.COMPLETED').getByTestId('inbox-mock')).toBeVisible();
  await inboxRow(page, 'PAYMENT.CAPTURE.COMPLETED').click();
  const verification = page.getByTestId('message-detail').getByTestId('verification');
  await expect(verification.getByTestId('verdict')).toHaveText('SUCCESS');
  await expect(verification.getByTestId('step-webhook_id')).toContainText('WEBHOOK_ID');
});
