import type { FastifyInstance, FastifyReply } from 'fastify';
import { orderV1Machine, type OrderV1Status } from '../../../../shared/api/orders-v1/machines.js';
import { refusalOf } from '../../../../shared/machines/machine.js';
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
import type { OrdersV1Service } from './service.js';
import type { StoredOrderV1 } from './types.js';
import { APPROVAL_PATH_V1 } from './views.js';

export const DEFAULT_BUYER_EMAIL = 'buyer@example.com';

/** The CSRF token of the approval form of one v1 order (tests submit the form as a browser would). */
export const approvalCsrfToken = (orderId: string): string => csrfToken(`checkout-v1:${orderId}`);

function summary(order: StoredOrderV1): string {
  const rows = order.body.purchase_units
    .map((unit) => {
      const items = (unit.items ?? [])
        .map(
          (item) =>
            `<tr><td>${escapeHtml(item.name)} × ${escapeHtml(item.quantity)}</td><td class="amount">${escapeHtml(item.price)} ${escapeHtml(item.currency)}</td></tr>`,
        )
        .join('');
      const heading = unit.description ?? `Payment to ${unit.payee.email}`;
      return `${items}<tr class="total"><td>${escapeHtml(heading)}</td><td class="amount" data-testid="unit-total">${escapeHtml(unit.amount.total)} ${escapeHtml(unit.amount.currency)}</td></tr>`;
    })
    .join('');
  const gross = order.body.gross_total_amount;
  return `<table>${rows}<tr class="total"><td>Total</td><td class="amount" data-testid="gross-total">${escapeHtml(gross.value)} ${escapeHtml(gross.currency)}</td></tr></table>`;
}

function approvalForm(order: StoredOrderV1, buyers: string[], buyerEmail: string, error?: string): Render {
  const brand =
    order.body.application_context?.brand_name ?? order.body.purchase_units[0]?.payee.email ?? 'the merchant';
  // The same machine that guards the approve call decides whether the page offers it.
  const approvable = !refusalOf(orderV1Machine, order.status as OrderV1Status, 'approve');
  return page(
    `Pay ${brand}`,
    `<h1>Pay ${escapeHtml(brand)}</h1>
<p class="muted">Sandbox checkout · order <code>${escapeHtml(order.id)}</code> · <span class="status" data-testid="order-status">${escapeHtml(order.status)}</span></p>
${summary(order)}
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
${
  approvable
    ? `<form method="post" action="${APPROVAL_PATH_V1}">
  <input type="hidden" name="token" value="${escapeHtml(order.id)}">
  <input type="hidden" name="${CSRF_FIELD}" value="${approvalCsrfToken(order.id)}">
  ${buyerEmailField(buyerEmail, buyers)}
  <div class="actions">
    <button class="secondary" type="submit" name="action" value="cancel">Cancel and return</button>
    <button class="primary" type="submit" name="action" value="approve">Approve payment</button>
  </div>
</form>`
    : `<p>This order is <strong>${escapeHtml(order.status)}</strong> and cannot be approved.</p>`
}`,
  );
}

/**
 * The buyer-facing approval page of Orders v1 (the `approval_url` link): server-rendered HTML that works
 * without JavaScript. A sandbox buyer approves (status APPROVED, 303 to `return_url` with `token` and
 * `PayerID`) or cancels (303 to `cancel_url`). A deleted order is not found.
 */
export function registerApprovalPageV1(
  app: FastifyInstance,
  table: RouteTable,
  orders: OrdersV1Service,
  store: Store,
): void {
  const buyers = () => sandboxBuyerEmails(store);
  const html = (reply: FastifyReply, status: number, render: Render, order?: StoredOrderV1) =>
    sendBuyerPage(
      reply,
      status,
      render,
      order ? formTargets([order.body.redirect_urls?.return_url, order.body.redirect_urls?.cancel_url]) : [],
    );
  const findLive = (token: string) => {
    const order = token ? orders.find(token) : undefined;
    return order && order.status !== 'DELETED' ? order : undefined;
  };
  const notFoundPage = (reply: FastifyReply, token: string) =>
    html(
      reply,
      404,
      page(
        'Order not found',
        `<h1>Order not found</h1><p>No order has the token <code>${escapeHtml(token)}</code>.</p>`,
      ),
    );

  table.add('GET', APPROVAL_PATH_V1);
  table.add('POST', APPROVAL_PATH_V1);

  app.get(APPROVAL_PATH_V1, { config: { public: true, html: true } }, async (request, reply) => {
    const token = String((request.query as { token?: unknown }).token ?? '');
    const order = findLive(token);
    if (!order) return notFoundPage(reply, token);
    return html(reply, 200, approvalForm(order, buyers(), DEFAULT_BUYER_EMAIL), order);
  });

  app.post(
    APPROVAL_PATH_V1,
    { config: { public: true, html: true, contentTypes: [FORM_MEDIA_TYPE] } },
    async (request, reply) => {
      const form = (request.body ?? {}) as Record<string, string | undefined>;
      const token = form.token ?? '';
      const order = findLive(token);
      if (!order) return notFoundPage(reply, token);
      const buyerEmail = (form.buyer_email ?? '').trim() || DEFAULT_BUYER_EMAIL;
      // Only a form this page rendered may act: another site can post here but cannot read our token.
      if (!validCsrfToken(`checkout-v1:${order.id}`, form[CSRF_FIELD])) {
        return html(
          reply,
          403,
          approvalForm(
            order,
            buyers(),
            buyerEmail,
            'This form has expired or did not come from this page. Check the order and submit again.',
          ),
          order,
        );
      }
      const urls = order.body.redirect_urls;
      if (form.action === 'cancel') {
        if (urls) return reply.redirect(withQuery(urls.cancel_url, { token: order.id }), 303);
        return html(
          reply,
          200,
          page(
            'Payment cancelled',
            `<h1>Payment cancelled</h1><p>Order <code>${escapeHtml(order.id)}</code> was not approved. You can close this page.</p>`,
          ),
        );
      }
      if (form.action !== 'approve') {
        return html(
          reply,
          400,
          approvalForm(order, buyers(), buyerEmail, 'Choose Approve payment or Cancel and return.'),
          order,
        );
      }
      try {
        const buyer = store.transaction(() => orders.approve(order, buyerEmail));
        if (urls)
          return reply.redirect(withQuery(urls.return_url, { token: order.id, PayerID: buyer.id }), 303);
        return html(
          reply,
          200,
          page(
            'Payment approved',
            `<h1>Payment approved</h1><p class="muted">Order <code>${escapeHtml(order.id)}</code> · <span class="status" data-testid="order-status">${escapeHtml(order.status)}</span></p><p>Approved by ${escapeHtml(buyer.email)} (payer id <code>${escapeHtml(buyer.id)}</code>). The partner can now pay it.</p>`,
          ),
        );
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        const fresh = orders.find(order.id) ?? order;
        return html(
          reply,
          error.status,
          approvalForm(fresh, buyers(), buyerEmail, error.details[0]?.description ?? error.message),
          fresh,
        );
      }
    },
  );
}
