import type { FastifyInstance, FastifyReply } from 'fastify';
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
} from '../../pipeline/buyer-page.js';
import type { RouteTable } from '../../pipeline/route-not-found.js';
import { orderMachine, type OrderStatus } from '../../../../shared/api/orders-v2/machines.js';
import { refusalOf } from '../../../../shared/machines/machine.js';
import type { StoredOrder } from './types.js';
import type { OrdersService } from './service.js';

export const CHECKOUT_PATH = '/checkoutnow';
export const DEFAULT_BUYER_EMAIL = 'buyer@example.com';

/** The CSRF token of the approval form of one order (tests submit the form as a browser would). */
export const checkoutCsrfToken = (orderId: string): string => csrfToken(`checkout:${orderId}`);

function orderSummary(order: StoredOrder): string {
  const rows = order.body.purchase_units
    .map((unit) => {
      const items = (unit.items ?? [])
        .map(
          (item) =>
            `<tr><td>${escapeHtml(item.name)} × ${escapeHtml(item.quantity)}</td><td class="amount">${escapeHtml(item.unit_amount.value)} ${escapeHtml(item.unit_amount.currency_code)}</td></tr>`,
        )
        .join('');
      const heading = unit.description ?? `Payment to ${unit.payee.email_address}`;
      return `${items}<tr class="total"><td>${escapeHtml(heading)}</td><td class="amount" data-testid="unit-total">${escapeHtml(unit.amount.value)} ${escapeHtml(unit.amount.currency_code)}</td></tr>`;
    })
    .join('');
  return `<table>${rows}</table>`;
}

function checkoutForm(order: StoredOrder, buyers: string[], buyerEmail: string, error?: string): Render {
  const brand =
    order.internal.brand_name ?? order.body.purchase_units[0]?.payee.email_address ?? 'the merchant';
  // The same machine that guards the approve call decides whether the page offers it.
  const approvable = !refusalOf(orderMachine, order.status as OrderStatus, 'approve');
  const options = buyers.map((email) => `<option value="${escapeHtml(email)}">`).join('');
  return page(
    `Pay ${brand}`,
    `<h1>Pay ${escapeHtml(brand)}</h1>
<p class="muted">Sandbox checkout · order <code>${escapeHtml(order.id)}</code> · <span class="status" data-testid="order-status">${escapeHtml(order.status)}</span></p>
${orderSummary(order)}
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
${
  approvable
    ? `<form method="post" action="${CHECKOUT_PATH}">
  <input type="hidden" name="token" value="${escapeHtml(order.id)}">
  <input type="hidden" name="${CSRF_FIELD}" value="${checkoutCsrfToken(order.id)}">
  <label for="buyer_email">Sandbox buyer</label>
  <input id="buyer_email" name="buyer_email" type="email" list="buyers" value="${escapeHtml(buyerEmail)}" required>
  <datalist id="buyers">${options}</datalist>
  <div class="actions">
    <button class="secondary" type="submit" name="action" value="cancel">Cancel and return</button>
    <button class="primary" type="submit" name="action" value="approve">Approve payment</button>
  </div>
</form>`
    : `<p>This order is <strong>${escapeHtml(order.status)}</strong> and cannot be approved again.</p>`
}`,
  );
}

/**
 * The buyer-facing approval page (the `approve` / `payer-action` link): server-rendered HTML that works
 * without JavaScript. A sandbox buyer approves (payer set, status APPROVED, 303 to `return_url`) or
 * cancels (303 to `cancel_url`).
 */
export function registerCheckoutPage(
  app: FastifyInstance,
  table: RouteTable,
  orders: OrdersService,
  store: Store,
): void {
  const buyers = () =>
    store.accounts
      .list()
      .filter((a) => a.type === 'PERSONAL')
      .map((a) => a.email);
  // Every page is a buyer page (CSP, no framing, no caching); an order's may redirect to its merchant.
  const html = (reply: FastifyReply, status: number, render: Render, order?: StoredOrder) =>
    sendBuyerPage(
      reply,
      status,
      render,
      order ? formTargets([order.internal.return_url, order.internal.cancel_url]) : [],
    );
  const notFoundPage = (reply: FastifyReply, token: string) =>
    html(
      reply,
      404,
      page(
        'Order not found',
        `<h1>Order not found</h1><p>No order has the token <code>${escapeHtml(token)}</code>.</p>`,
      ),
    );

  table.add('GET', CHECKOUT_PATH);
  table.add('POST', CHECKOUT_PATH);

  app.get(CHECKOUT_PATH, { config: { public: true, html: true } }, async (request, reply) => {
    const token = String((request.query as { token?: unknown }).token ?? '');
    const order = token ? orders.find(token) : undefined;
    if (!order) return notFoundPage(reply, token);
    return html(reply, 200, checkoutForm(order, buyers(), DEFAULT_BUYER_EMAIL), order);
  });

  app.post(
    CHECKOUT_PATH,
    { config: { public: true, html: true, contentTypes: [FORM_MEDIA_TYPE] } },
    async (request, reply) => {
      const form = (request.body ?? {}) as Record<string, string | undefined>;
      const token = form.token ?? '';
      const order = token ? orders.find(token) : undefined;
      if (!order) return notFoundPage(reply, token);
      const buyerEmail = (form.buyer_email ?? '').trim() || DEFAULT_BUYER_EMAIL;
      // Only a form this page rendered may act: another site can post here but cannot read our token.
      if (!validCsrfToken(`checkout:${order.id}`, form[CSRF_FIELD])) {
        return html(
          reply,
          403,
          checkoutForm(
            order,
            buyers(),
            buyerEmail,
            'This form has expired or did not come from this page. Check the order and submit again.',
          ),
          order,
        );
      }
      if (form.action === 'cancel') {
        if (order.internal.cancel_url)
          return reply.redirect(withQuery(order.internal.cancel_url, { token: order.id }), 303);
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
          checkoutForm(order, buyers(), buyerEmail, 'Choose Approve payment or Cancel and return.'),
          order,
        );
      }
      try {
        const { buyer } = store.transaction(() => orders.approve(order, buyerEmail));
        if (order.internal.return_url) {
          return reply.redirect(
            withQuery(order.internal.return_url, { token: order.id, PayerID: buyer.id }),
            303,
          );
        }
        return html(
          reply,
          200,
          page(
            'Payment approved',
            `<h1>Payment approved</h1><p class="muted">Order <code>${escapeHtml(order.id)}</code> · <span class="status" data-testid="order-status">${escapeHtml(order.status)}</span></p><p>Approved by ${escapeHtml(buyer.email)} (payer id <code>${escapeHtml(buyer.id)}</code>). The merchant can now ${order.body.intent === 'CAPTURE' ? 'capture' : 'authorize'} it.</p>`,
          ),
        );
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        const fresh = orders.find(order.id) ?? order;
        return html(
          reply,
          error.status,
          checkoutForm(fresh, buyers(), buyerEmail, error.details[0]?.description ?? error.message),
          fresh,
        );
      }
    },
  );
}
