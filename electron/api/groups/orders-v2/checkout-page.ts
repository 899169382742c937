import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Store } from '../../../store/store.js';
import { FORM_MEDIA_TYPE } from '../../pipeline/accept.js';
import { ApiError } from '../../pipeline/api-error.js';
import {
  CSRF_FIELD,
  csrfToken,
  formTargets,
  sendBuyerPage,
  validCsrfToken,
} from '../../pipeline/buyer-page.js';
import type { RouteTable } from '../../pipeline/route-not-found.js';
import { orderMachine, type OrderStatus } from '../../../../shared/api/orders-v2/machines.js';
import { refusalOf } from '../../../../shared/machines/machine.js';
import type { StoredOrder } from './types.js';
import type { OrdersService } from './service.js';

export const CHECKOUT_PATH = '/checkoutnow';
export const DEFAULT_BUYER_EMAIL = 'buyer@example.com';

const escapeHtml = (text: string): string =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** The CSRF token of the approval form of one order (tests submit the form as a browser would). */
export const checkoutCsrfToken = (orderId: string): string => csrfToken(`checkout:${orderId}`);

/** A page, rendered once its CSP nonce is known (the nonce lets its one inline style in). */
type Render = (nonce: string) => string;

function page(title: string, content: string): Render {
  return (nonce) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style nonce="${nonce}">
  body { font: 15px/1.5 system-ui, sans-serif; background: #f4f6f8; color: #1c2733; margin: 0; }
  main { max-width: 520px; margin: 40px auto; background: #fff; border-radius: 12px; padding: 28px 32px; box-shadow: 0 2px 12px #0001; }
  h1 { font-size: 20px; margin: 0 0 4px; } .muted { color: #5b6b7b; font-size: 13px; }
  table { width: 100%; border-collapse: collapse; margin: 16px 0; } td { padding: 6px 0; border-bottom: 1px solid #e6eaee; }
  td.amount { text-align: right; white-space: nowrap; } tr.total td { font-weight: 600; border-bottom: 0; }
  label { display: block; margin: 16px 0 4px; font-weight: 600; } input, select { width: 100%; padding: 8px; font-size: 15px; box-sizing: border-box; }
  .actions { display: flex; gap: 12px; margin-top: 20px; } button { flex: 1; padding: 10px; font-size: 15px; border-radius: 8px; border: 1px solid #1f5fbf; cursor: pointer; }
  button.primary { background: #1f5fbf; color: #fff; } button.secondary { background: #fff; color: #1f5fbf; }
  .error { background: #fdecea; color: #8a1c12; padding: 10px 12px; border-radius: 8px; margin: 12px 0; }
  .status { display: inline-block; padding: 2px 8px; border-radius: 999px; background: #e6eefb; font-size: 12px; font-weight: 600; }
</style></head>
<body><main>${content}</main></body></html>`;
}

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

function withQuery(url: string, params: Record<string, string>): string {
  const target = new URL(url);
  for (const [key, value] of Object.entries(params)) target.searchParams.set(key, value);
  return target.toString();
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
