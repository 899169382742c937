import {
  comingCycles,
  createProductInUi,
  cycleRow,
  openPlans,
  pastPayments,
  planSchedule,
  submitPlan,
  subscribeFromPlan,
  subscriptionStatus,
} from './billing-page';
import { expect, openWorkbench, test } from './fixtures';
import { expectState } from './pages';

test('a product and a plan made in the forms, a subscription approved by the buyer, renewed on the simulated clock', async ({
  page,
  context,
  workbench,
}) => {
  await openWorkbench(page, workbench);
  await openPlans(page);
  await createProductInUi(page, 'Video Streaming');

  // The plan form starts as one free month then twelve monthly payments, and says so as it is edited.
  await page.getByTestId('product-create-plan').click();
  await expect(page.getByTestId('plan-form')).toBeVisible();
  await page.getByTestId('plan-name').fill('Basic monthly');
  await expect(planSchedule(page)).toHaveText('1 month free, then 12 x 10.00 USD monthly');
  await cycleRow(page, 1).getByTestId('cycle-1-price').fill('12.50');
  await page.getByTestId('plan-setup-fee').fill('5');
  await expect(planSchedule(page)).toHaveText(
    '5.00 USD setup fee, then 1 month free, then 12 x 12.50 USD monthly',
  );
  await page.getByTestId('plan-setup-fee').fill('');
  await cycleRow(page, 1).getByTestId('cycle-1-price').fill('10.00');
  await expect(planSchedule(page)).toHaveText('1 month free, then 12 x 10.00 USD monthly');
  // The whole schedule on its timeline: the free month and the twelve payments.
  await expect(page.getByTestId('plan-schedule-cycle')).toHaveCount(13);
  await expect(page.getByTestId('plan-schedule-cycle').first()).toHaveAttribute('data-tenure', 'TRIAL');
  await expect(page.getByTestId('plan-schedule-track-segment')).toHaveCount(2);
  const planId = await submitPlan(page);
  await expect(page.getByTestId('plan-detail')).toHaveAttribute('data-status', 'ACTIVE');
  await expect(page.getByTestId('plan-schedule-text')).toHaveText(
    '1 month free, then 12 x 10.00 USD monthly',
  );
  await expectState(page, 'ACTIVE');

  // A subscription on it waits for the buyer, who approves on the page its approve link opens.
  const subscriptionId = await subscribeFromPlan(page);
  await expect(subscriptionStatus(page)).toHaveAttribute('data-status', 'APPROVAL_PENDING');
  const href = await page.getByTestId('buyer-approval-link').getAttribute('href');
  expect(href).toContain(subscriptionId);
  const buyer = await context.newPage();
  await buyer.goto(href ?? '');
  await expect(buyer.getByTestId('schedule')).toHaveText('1 month free, then 12 x 10.00 USD monthly');
  await buyer.getByRole('button', { name: 'Agree and subscribe' }).click();
  // The form's default return URL is the host's own merchant page, which shows what came back.
  await expect(buyer.getByRole('heading', { name: 'Back at the merchant' })).toBeVisible();
  expect(buyer.url()).toContain(`${workbench.baseUrl}/sandbox/merchant/return?`);
  await expect(buyer.locator('[data-param="subscription_id"]')).toHaveText(subscriptionId);
  await buyer.close();

  // Active at once (no start time was given); the free month runs first, nothing paid yet.
  await expect(subscriptionStatus(page)).toHaveAttribute('data-status', 'ACTIVE');
  await expectState(page, 'ACTIVE');
  await expect(pastPayments(page)).toHaveCount(0);
  await expect(comingCycles(page).first()).toContainText('Regular cycle 1 of 12');

  // "Advance to next billing": the clock moves a month, the first regular cycle is paid and booked.
  await page.getByTestId('advance-to-next-billing').click();
  await expect(pastPayments(page)).toHaveCount(1);
  await expect(pastPayments(page).first()).toHaveAttribute('data-status', 'COMPLETED');
  await expect(pastPayments(page).first()).toContainText('10.00 USD');
  await expect(page.getByTestId('cycle-execution-2')).toHaveAttribute('data-completed', '1');
  await expect(comingCycles(page).first()).toContainText('Regular cycle 2 of 12');
  // The history counts the cycle paid as the timeline counts the ones to come.
  await expect(page.getByTestId('history-timeline')).toContainText('regular cycle 1 of 12');
  await expect(page.getByTestId('subscription-last-payment')).toContainText('10.00 USD');
  // Its sale's ledger lines open under it.
  await pastPayments(page).first().getByTestId('billing-past-toggle').click();
  await expect(page.locator('[data-testid="ledger-line"][data-kind="gross"]').first()).toContainText(
    '10.00 USD',
  );

  // And again: the renewal is the second payment in the timeline.
  await page.getByTestId('advance-to-next-billing').click();
  await expect(pastPayments(page)).toHaveCount(2);
  await expect(page.getByTestId('cycle-execution-2')).toHaveAttribute('data-completed', '2');
  await expect(comingCycles(page).first()).toContainText('Regular cycle 3 of 12');

  // A declined payment: in the timeline, on the balance, with its retry ahead; capturing the balance settles it.
  await page.getByTestId('fail-next-payment').click();
  await expect(page.getByText(`The next payment attempt of ${subscriptionId} will fail`)).toBeVisible();
  await page.getByTestId('advance-to-next-billing').click();
  await expect(page.locator('[data-testid="billing-past"][data-status="DECLINED"]')).toHaveCount(1);
  await expect(page.getByTestId('subscription-failed-count')).toHaveText('1');
  await expect(page.getByTestId('subscription-outstanding')).toHaveText('10.00 USD');
  await expect(page.getByTestId('billing-retry')).toContainText('10.00 USD');
  await expect(page.getByTestId('last-failed-payment')).toContainText('10.00 USD');
  await page.getByTestId('action-capture').click();
  await expect(page.getByTestId('capture-amount')).toHaveValue('10.00');
  await page.getByTestId('capture-submit').click();
  await expect(page.getByTestId('subscription-outstanding')).toHaveText('0.00 USD');
  await expect(page.locator('[data-testid="billing-past"][data-status="COMPLETED"]')).toHaveCount(3);

  // Suspended, nothing is due; activated again, billing goes on.
  await page.getByTestId('action-suspend').click();
  await expect(page.getByTestId('reason-submit')).toBeDisabled();
  await page.getByTestId('reason-input').fill('Customer asked for a pause');
  await page.getByTestId('reason-submit').click();
  await expectState(page, 'SUSPENDED');
  await expect(page.getByTestId('advance-to-next-billing')).toBeDisabled();
  await expect(page.getByTestId('action-suspend')).toBeDisabled();
  await page.getByTestId('action-activate').click();
  await page.getByTestId('reason-submit').click();
  await expectState(page, 'ACTIVE');
  await expect(page.getByTestId('advance-to-next-billing')).toBeEnabled();

  // The subscription is listed on the Subscriptions page with its plan.
  await page.getByTestId('nav-subscriptions').click();
  await expect(page.getByTestId(`subscription-row-${subscriptionId}`)).toHaveAttribute(
    'data-status',
    'ACTIVE',
  );
  const plan = await workbench.api('GET', `/v1/billing/plans/${planId}`);
  expect(plan.status).toBe(200);
});

test('the forms show their own problems as they are typed, and the API’s refusal when it has the last word', async ({
  page,
  workbench,
}) => {
  const product = await workbench.api('POST', '/v1/catalogs/products', { name: 'Gym', type: 'SERVICE' });
  expect(product.status).toBe(201);
  // An id the workspace does not have, and an empty list, each say so.
  await openWorkbench(page, workbench, 'subscriptions/I-AAAAAAAAAAAA');
  await expect(page.getByTestId('billing-not-found')).toContainText('I-AAAAAAAAAAAA');
  await page.getByTestId('nav-subscriptions').click();
  await expect(page.getByTestId('empty-state')).toContainText('No subscriptions yet');
  await openWorkbench(page, workbench, 'plans');
  await expect(page.getByTestId('empty-state')).toContainText('No plans yet');

  await page.getByTestId('create-plan-button').click();
  await page.getByTestId('plan-product').selectOption(product.body.id);
  // Sent incomplete: the form names what is missing before anything goes to the API.
  await cycleRow(page, 1).getByTestId('cycle-1-price').fill('');
  await page.getByTestId('plan-form-submit').click();
  await expect(page.getByTestId('plan-form-problem-count')).toHaveText('2 problems to fix');
  await expect(page.locator('[data-pointer="/name"]')).toHaveAttribute('aria-invalid', 'true');
  await page.getByTestId('plan-name').fill('Gym membership');
  await cycleRow(page, 1).getByTestId('cycle-1-price').fill('30');

  // A second free trial breaks a rule across cycles (the host's own rule, checked as it is typed).
  await page.getByTestId('add-trial-cycle').click();
  await expect(cycleRow(page, 2)).toHaveAttribute('data-tenure', 'REGULAR');
  await expect(page.getByTestId('add-trial-cycle')).toBeDisabled();
  await expect(page.getByTestId('billing-cycles-problem')).toHaveText(
    'At most one trial billing cycle may be free.',
  );
  // Priced, it is fine: three weeks at 5.00, then the regular months.
  await cycleRow(page, 1).getByTestId('cycle-1-free').uncheck();
  await cycleRow(page, 1).getByTestId('cycle-1-unit').selectOption('WEEK');
  await cycleRow(page, 1).getByTestId('cycle-1-total-cycles').fill('3');
  await cycleRow(page, 1).getByTestId('cycle-1-price').fill('5');
  await expect(page.getByTestId('billing-cycles-problem')).toHaveCount(0);
  await expect(planSchedule(page)).toHaveText(
    '1 month free, then 3 x 5.00 USD weekly (trial), then 12 x 30.00 USD monthly',
  );
  const planId = await submitPlan(page);
  await expect(page.getByTestId('plan-cycles').locator('tbody tr')).toHaveCount(3);

  // Deactivated, the plan takes no new price and says why; activated again, it does.
  await page.getByTestId('action-deactivate').click();
  await expectState(page, 'INACTIVE');
  await expect(page.getByTestId('action-change-price')).toBeDisabled();
  await page.getByTestId('action-activate').click();
  await expectState(page, 'ACTIVE');
  await page.getByTestId('action-change-price').click();
  await page.getByTestId('new-price-3').fill('35.00');
  await page.getByTestId('change-price-submit').click();
  await expect(page.getByTestId('plan-cycle-3-price')).toHaveText('35.00 USD');

  // An integration deactivates the plan while the subscription form is open: the API refuses, and says so.
  await page.getByTestId('subscribe-button').click();
  await expect(page.getByTestId('subscription-form')).toBeVisible();
  expect((await workbench.api('POST', `/v1/billing/plans/${planId}/deactivate`)).status).toBe(204);
  await page.getByTestId('subscription-form-submit').click();
  await expect(page.getByTestId('subscription-form-error')).toContainText('422');
  await expect(page.getByTestId('subscription-form-error')).toContainText('PLAN_STATUS_INACTIVE');
});

test('a v1 billing plan and agreement, marked deprecated, activated and executed from their pages', async ({
  page,
  context,
  workbench,
}) => {
  await context.route('https://example.com/**', (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<h1>Back at the merchant</h1>' }),
  );
  // An integration still on v1 made a plan: one trial, then a year of months with tax and shipping.
  const plan = await workbench.api('POST', '/v1/payments/billing-plans', {
    name: 'T-Shirt of the Month Club Plan',
    description: 'Template creation.',
    type: 'FIXED',
    payment_definitions: [
      {
        name: 'Regular Payments',
        type: 'REGULAR',
        frequency: 'MONTH',
        frequency_interval: '1',
        amount: { value: '100', currency: 'USD' },
        cycles: '12',
        charge_models: [
          { type: 'SHIPPING', amount: { value: '10', currency: 'USD' } },
          { type: 'TAX', amount: { value: '12', currency: 'USD' } },
        ],
      },
    ],
    merchant_preferences: {
      return_url: 'https://example.com/return',
      cancel_url: 'https://example.com/cancel',
    },
  });
  expect(plan.status).toBe(201);
  const planId = plan.body.id as string;

  await openWorkbench(page, workbench, 'legacy-plans');
  await expect(page.getByTestId('deprecated-notice')).toContainText('/v1/billing/plans');
  await expect(page.getByTestId(`legacy-plan-row-${planId}`)).toContainText('12 x 122.00 USD monthly');
  await page.getByTestId(`legacy-plan-row-${planId}`).getByRole('link').first().click();
  await expect(page.getByTestId('legacy-plan-detail')).toHaveAttribute('data-state', 'CREATED');
  await page.getByTestId('action-legacy-activate').click();
  await expect(page.getByTestId('legacy-plan-detail')).toHaveAttribute('data-state', 'ACTIVE');
  await expectState(page, 'ACTIVE');

  // An agreement on it: the buyer approves on the approval page, the merchant executes it here.
  const clock = await workbench.api('GET', '/v1/test-helpers/clock');
  const start = new Date(Date.parse(clock.body.now as string) + 2 * 86_400_000).toISOString();
  const agreement = await workbench.api('POST', '/v1/payments/billing-agreements', {
    name: 'T-Shirt of the Month Club Agreement',
    description: 'Agreement for T-Shirt of the Month Club Plan',
    start_date: start,
    plan: { id: planId },
    payer: { payment_method: 'paypal' },
  });
  expect(agreement.status).toBe(201);
  await openWorkbench(page, workbench, `legacy-agreements/${agreement.body.id as string}`);
  await expect(page.getByTestId('legacy-agreement-detail')).toHaveAttribute('data-state', 'Pending');
  await expect(page.getByTestId('deprecated-notice')).toContainText('/v1/billing/subscriptions');
  const href = await page.getByTestId('legacy-agreement-approval-link').getAttribute('href');
  const buyer = await context.newPage();
  await buyer.goto(href ?? '');
  await buyer.getByRole('button', { name: 'Agree and subscribe' }).click();
  await expect(buyer.getByRole('heading', { name: 'Back at the merchant' })).toBeVisible();
  await buyer.close();
  await page.getByTestId('legacy-agreement-execute').click();
  await expect(page.getByTestId('legacy-agreement-detail')).toHaveAttribute('data-state', 'Active');
});
