import type { FastifyInstance, FastifyReply } from 'fastify';
import { describeSchedule } from '../../../../shared/billing/schedule.js';
import { FUNDING_CHOICES, type FundingChoice } from '../../../../shared/api/subscriptions/schemas.js';
import { money, toMinor } from '../../../../shared/money.js';
import type { Store } from '../../../store/store.js';
import { FORM_MEDIA_TYPE } from '../../pipeline/accept.js';
import { ApiError } from '../../pipeline/api-error.js';
import {
  buyerPageLayout as page,
  CSRF_FIELD,
  csrfToken,
  escapeHtml,
  formTargets,
  sendBuyerPage,
  validCsrfToken,
  withQuery,
  type Render,
  buyerEmailField,
  sandboxBuyerEmails,
} from '../../pipeline/buyer-page.js';
import type { RouteTable } from '../../pipeline/route-not-found.js';
import { APPROVAL_PATH, awaitsBuyer } from './subscription-views.js';
import type { SubscriptionsService } from './subscription-service.js';
import type { StoredPlan, StoredSubscription } from './types.js';
import { DEFAULT_BUYER } from './test-helpers.js';

/** The CSRF token of the approval form of one subscription (tests submit the form as a browser would). */
export const approvalCsrfToken = (subscriptionId: string): string =>
  csrfToken(`subscription:${subscriptionId}`);

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

function approvalForm(
  subscription: StoredSubscription,
  plan: StoredPlan | undefined,
  buyers: string[],
  buyerEmail: string,
  error?: string,
): Render {
  const brand = subscription.internal.brand_name ?? 'the merchant';
  const revision = subscription.status !== 'APPROVAL_PENDING';
  const fundingChoice = subscription.internal.source_card
    ? `<p class="muted">Paid by the card ending ${escapeHtml(subscription.internal.source_card.last_digits)}.</p>`
    : `<label for="funding">Pay with</label>
  <select id="funding" name="funding">${FUNDING_CHOICES.map((f) => `<option value="${f}">${f === 'WALLET' ? 'Wallet balance' : 'Card on file'}</option>`).join('')}</select>`;
  return page(
    `Subscribe to ${brand}`,
    `<h1>${revision ? 'Approve the change to your subscription' : `Subscribe to ${escapeHtml(brand)}`}</h1>
<p class="muted">Sandbox approval · subscription <code>${escapeHtml(subscription.id)}</code> · <span class="status" data-testid="subscription-status">${escapeHtml(subscription.status)}</span></p>
${scheduleOf(subscription, plan)}
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
${
  awaitsBuyer(subscription)
    ? `<form method="post" action="${APPROVAL_PATH}">
  <input type="hidden" name="ba_token" value="${escapeHtml(subscription.id)}">
  <input type="hidden" name="${CSRF_FIELD}" value="${approvalCsrfToken(subscription.id)}">
  ${
    revision
      ? ''
      : `${buyerEmailField(buyerEmail, buyers)}
  ${fundingChoice}`
  }
  <div class="actions">
    <button class="secondary" type="submit" name="action" value="cancel">Cancel and return</button>
    <button class="primary" type="submit" name="action" value="approve">${revision ? 'Approve change' : 'Agree and subscribe'}</button>
  </div>
</form>`
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
export function registerApprovalPage(
  app: FastifyInstance,
  table: RouteTable,
  subscriptions: SubscriptionsService,
  store: Store,
): void {
  const buyers = () => sandboxBuyerEmails(store);
  const html = (reply: FastifyReply, status: number, render: Render, subscription?: StoredSubscription) =>
    sendBuyerPage(
      reply,
      status,
      render,
      subscription ? formTargets([subscription.internal.return_url, subscription.internal.cancel_url]) : [],
    );
  const notFoundPage = (reply: FastifyReply, token: string) =>
    html(
      reply,
      404,
      page(
        'Subscription not found',
        `<h1>Subscription not found</h1><p>No subscription has the token <code>${escapeHtml(token)}</code>.</p>`,
      ),
    );
  const show = (
    reply: FastifyReply,
    status: number,
    subscription: StoredSubscription,
    email: string,
    error?: string,
  ) =>
    html(
      reply,
      status,
      approvalForm(subscription, subscriptions.planOf(subscription), buyers(), email, error),
      subscription,
    );

  table.add('GET', APPROVAL_PATH);
  table.add('POST', APPROVAL_PATH);

  app.get(APPROVAL_PATH, { config: { public: true, html: true } }, async (request, reply) => {
    const token = String((request.query as { ba_token?: unknown }).ba_token ?? '');
    const subscription = token ? subscriptions.find(token) : undefined;
    if (!subscription) return notFoundPage(reply, token);
    return show(reply, 200, subscription, DEFAULT_BUYER);
  });

  app.post(
    APPROVAL_PATH,
    { config: { public: true, html: true, contentTypes: [FORM_MEDIA_TYPE] } },
    async (request, reply) => {
      const form = (request.body ?? {}) as Record<string, string | undefined>;
      const token = form.ba_token ?? '';
      const subscription = token ? subscriptions.find(token) : undefined;
      if (!subscription) return notFoundPage(reply, token);
      const buyerEmail =
        (form.buyer_email ?? '').trim() || subscription.internal.payer?.email || DEFAULT_BUYER;
      if (!validCsrfToken(`subscription:${subscription.id}`, form[CSRF_FIELD])) {
        return show(
          reply,
          403,
          subscription,
          buyerEmail,
          'This form has expired or did not come from this page. Check the subscription and submit again.',
        );
      }
      if (form.action === 'cancel') {
        if (subscription.internal.cancel_url) {
          return reply.redirect(withQuery(subscription.internal.cancel_url, returnParams(subscription)), 303);
        }
        return html(
          reply,
          200,
          page(
            'Subscription not approved',
            `<h1>Not approved</h1><p>Subscription <code>${escapeHtml(subscription.id)}</code> was not approved. You can close this page.</p>`,
          ),
        );
      }
      if (form.action !== 'approve')
        return show(reply, 400, subscription, buyerEmail, 'Choose Agree or Cancel and return.');
      const funding: FundingChoice = form.funding === 'CARD' ? 'CARD' : 'WALLET';
      try {
        store.transaction(() => subscriptions.approve(subscription, buyerEmail, funding));
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        const fresh = subscriptions.find(subscription.id) ?? subscription;
        return show(reply, error.status, fresh, buyerEmail, error.details[0]?.description ?? error.message);
      }
      if (subscription.internal.return_url) {
        return reply.redirect(withQuery(subscription.internal.return_url, returnParams(subscription)), 303);
      }
      const fresh = subscriptions.find(subscription.id) ?? subscription;
      return html(
        reply,
        200,
        page(
          'Subscription approved',
          `<h1>Subscription approved</h1><p class="muted">Subscription <code>${escapeHtml(fresh.id)}</code> · <span class="status" data-testid="subscription-status">${escapeHtml(fresh.status)}</span></p><p>You can close this page.</p>`,
        ),
      );
    },
  );
}
