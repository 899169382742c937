import type { FastifyInstance } from 'fastify';
import { describeSchedule } from '../../../../shared/billing/schedule.js';
import { FUNDING_CHOICES } from '../../../../shared/api/subscriptions/schemas.js';
import { money, toMinor } from '../../../../shared/money.js';
import type { Account } from '../../../store/repositories/accounts-repo.js';
import type { Store } from '../../../store/store.js';
import { registerApprovalPage, unknownTokenPage, type ApprovalView } from '../../pipeline/approval-page.js';
import {
  buyerEmailField,
  buyerPageLayout as page,
  formCsrfToken,
  escapeHtml,
  type Render,
} from '../../pipeline/buyer-page.js';
import type { RouteTable } from '../../pipeline/route-not-found.js';
import { APPROVAL_PATH, awaitsBuyer } from './subscription-views.js';
import type { SubscriptionsService } from './subscription-service.js';
import type { StoredPlan, StoredSubscription } from './types.js';
import { DEFAULT_BUYER } from './test-helpers.js';

const CSRF_FLOW = 'subscription';

/** The CSRF token of the approval form of one subscription (tests submit the form as a browser would). */
export const approvalCsrfToken = (subscriptionId: string): string =>
  formCsrfToken({ flow: CSRF_FLOW, id: subscriptionId });

/** What the return and cancel redirects carry: the subscription, or a v1 agreement's payment token. */
const returnParams = (subscription: StoredSubscription): Record<string, string> =>
  subscription.internal.legacy
    ? { token: subscription.internal.legacy.token }
    : { subscription_id: subscription.id, ba_token: subscription.id };

/**
 * The plan as the buyer will be charged: a v1 agreement's TAX and SHIPPING charge models are amounts
 * added to each cycle of their definition, so they are part of the price the page states.
 */
function scheduledPlan(subscription: StoredSubscription, plan: StoredPlan): StoredPlan['body'] {
  const charges = subscription.internal.legacy?.charges;
  if (!charges) return plan.body;
  return {
    ...plan.body,
    billing_cycles: plan.body.billing_cycles.map((cycle) => {
      const extra = charges[String(cycle.sequence)];
      const price = cycle.pricing_scheme?.fixed_price;
      if (!extra || !price || !cycle.pricing_scheme) return cycle;
      const total =
        toMinor(price.value, price.currency_code) + BigInt(extra.tax_minor) + BigInt(extra.shipping_minor);
      return {
        ...cycle,
        pricing_scheme: { ...cycle.pricing_scheme, fixed_price: money(total, price.currency_code) },
      };
    }),
  };
}

function scheduleOf(subscription: StoredSubscription, plan: StoredPlan | undefined): string {
  if (!plan) return '<p class="error">The plan of this subscription is gone.</p>';
  const revision = subscription.internal.pending_revision;
  const described = describeSchedule(scheduledPlan(subscription, plan));
  const quantity = revision?.quantity ?? subscription.body.quantity;
  const rows = [
    `<tr><td>Plan</td><td class="amount">${escapeHtml(plan.body.name)}</td></tr>`,
    ...(quantity !== '1'
      ? [`<tr><td>Quantity</td><td class="amount">${escapeHtml(quantity)}</td></tr>`]
      : []),
    `<tr><td>Starts</td><td class="amount">${escapeHtml(subscription.body.start_time)}</td></tr>`,
    ...described.cycles.map(
      (text, i) =>
        `<tr><td>${i === 0 ? 'Billing' : ''}</td><td class="amount" data-testid="schedule-cycle">${escapeHtml(text)}</td></tr>`,
    ),
    ...(described.setupFee
      ? [`<tr><td>Today</td><td class="amount">${escapeHtml(described.setupFee)}</td></tr>`]
      : []),
    ...(described.taxes
      ? [`<tr><td>Tax</td><td class="amount">${escapeHtml(described.taxes)}</td></tr>`]
      : []),
  ];
  return `<p data-testid="schedule">${escapeHtml(described.text)}</p><table>${rows.join('')}</table>`;
}

function approvalPage(
  subscription: StoredSubscription,
  plan: StoredPlan | undefined,
  view: ApprovalView,
): Render {
  const brand = subscription.internal.brand_name ?? 'the merchant';
  const revision = subscription.status !== 'APPROVAL_PENDING';
  const fundingChoice = subscription.internal.source_card
    ? `<p class="muted">Paid by the card ending ${escapeHtml(subscription.internal.source_card.last_digits)}.</p>`
    : `<label for="funding">Pay with</label>
  <select id="funding" name="funding">${FUNDING_CHOICES.map((f) => `<option value="${f}">${f === 'WALLET' ? 'Wallet balance' : 'Card on file'}</option>`).join('')}</select>`;
  const fields = revision ? [] : [buyerEmailField(view.buyerEmail, view.buyers), fundingChoice];
  return page(
    `Subscribe to ${brand}`,
    `<h1>${revision ? 'Approve the change to your subscription' : `Subscribe to ${escapeHtml(brand)}`}</h1>
<p class="muted">Sandbox approval · subscription <code>${escapeHtml(subscription.id)}</code> · <span class="status" data-testid="subscription-status">${escapeHtml(subscription.status)}</span></p>
${scheduleOf(subscription, plan)}
${view.alert}
${
  awaitsBuyer(subscription)
    ? view.form(fields, revision ? 'Approve change' : 'Agree and subscribe')
    : `<p>This subscription is <strong>${escapeHtml(subscription.status)}</strong>: there is nothing to approve.</p>`
}`,
  );
}

/**
 * The buyer's approval page of subscriptions and of revisions that raise the price (the `approve`
 * link): server-rendered HTML without JavaScript, in the layout every buyer page shares. It states the
 * plan's schedule in words before the buyer agrees; approving redirects (303) to the return URL with
 * `subscription_id` and `ba_token`, cancelling to the cancel URL.
 */
export function registerSubscriptionApprovalPage(
  app: FastifyInstance,
  table: RouteTable,
  subscriptions: SubscriptionsService,
  store: Store,
): void {
  registerApprovalPage<StoredSubscription, Account>(app, table, store, {
    path: APPROVAL_PATH,
    tokenField: 'ba_token',
    find: (token) => subscriptions.find(token),
    notFound: (token) => unknownTokenPage('Subscription', token),
    csrfFlow: CSRF_FLOW,
    // A revision's form names no buyer: it stands for the subscriber who approved the subscription.
    defaultBuyerEmail: (subscription) => subscription.internal.payer?.email || DEFAULT_BUYER,
    redirectUrls: (subscription) => [subscription.internal.return_url, subscription.internal.cancel_url],
    render: (subscription, view) => approvalPage(subscription, subscriptions.planOf(subscription), view),
    refusals: {
      forgedForm:
        'This form has expired or did not come from this page. Check the subscription and submit again.',
      unknownAction: 'Choose Agree or Cancel and return.',
    },
    cancel: {
      url: (subscription) => subscription.internal.cancel_url,
      query: returnParams,
      page: (subscription) =>
        page(
          'Subscription not approved',
          `<h1>Not approved</h1><p>Subscription <code>${escapeHtml(subscription.id)}</code> was not approved. You can close this page.</p>`,
        ),
    },
    approve: {
      run: (subscription, { buyerEmail, form }) =>
        subscriptions.approve(subscription, buyerEmail, form.funding === 'CARD' ? 'CARD' : 'WALLET'),
      url: (subscription) => subscription.internal.return_url,
      query: returnParams,
      page: (subscription) => {
        const fresh = subscriptions.find(subscription.id) ?? subscription;
        return page(
          'Subscription approved',
          `<h1>Subscription approved</h1><p class="muted">Subscription <code>${escapeHtml(fresh.id)}</code> · <span class="status" data-testid="subscription-status">${escapeHtml(fresh.status)}</span></p><p>You can close this page.</p>`,
        );
      },
    },
  });
}
