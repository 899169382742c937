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
  buyerEmailField,
  sandboxBuyerEmails,
} from '../../pipeline/buyer-page.js';
import type { RouteTable } from '../../pipeline/route-not-found.js';
import { orderMachine, type OrderStatus } from '../../../../shared/api/orders-v2/machines.js';
import { refusalOf } from '../../../../shared/machines/machine.js';
import { money, parseQuantity, toMinor } from '../../../../shared/money.js';
import type { StoredOrder } from './types.js';
import type { OrdersService } from './service.js';

export const CHECKOUT_PATH = '/checkoutnow';
export const DEFAULT_BUYER_EMAIL = 'buyer@example.com';

/** The CSRF token of the approval form of one order (tests submit the form as a browser would). */
export const checkoutCsrfToken = (orderId: string): string => csrfToken(`checkout:${orderId}`);

const cell = (text: string, testId?: string) =>
  `<td class="amount"${testId ? ` data-testid="${testId}"` : ''}>${escapeHtml(text)}</td>`;

/** `12.50 USD`, or `−2.00 USD` for what a discount takes off. */
const shown = (amount: { value: string; currency_code: string }, minus = false) =>
  `${minus ? '−' : ''}${amount.value} ${amount.currency_code}`;

/** What each breakdown member is called on the page, in the order a receipt lists them. */
const BREAKDOWN_LINES = [
  ['item_total', 'Items', 'breakdown-items'],
  ['shipping', 'Shipping', 'breakdown-shipping'],
  ['handling', 'Handling', 'breakdown-handling'],
  ['tax_total', 'Tax', 'breakdown-tax'],
  ['insurance', 'Insurance', 'breakdown-insurance'],
  ['shipping_discount', 'Shipping discount', 'breakdown-shipping-discount'],
  ['discount', 'Discount', 'breakdown-discount'],
] as const;
const SUBTRACTED = new Set(['shipping_discount', 'discount']);

/**
 * A purchase unit as a receipt: each item's line total (unit price times quantity, the unit price
 * beside it), then the breakdown's lines (items, shipping, handling, tax, insurance, less the
 * discounts), then the total. The create and patch rules hold the lines to the total, so they add up.
 */
function unitSummary(unit: StoredOrder['body']['purchase_units'][number]): string {
  const items = (unit.items ?? [])
    .map((item) => {
      const currency = item.unit_amount.currency_code;
      const quantity = parseQuantity(item.quantity) ?? 1n;
      const line = money(toMinor(item.unit_amount.value, currency) * quantity, currency);
      const each =
        quantity === 1n
          ? ''
          : ` <span class="muted">× ${escapeHtml(item.quantity)} at ${escapeHtml(shown(item.unit_amount))} each</span>`;
      return `<tr class="item"><td>${escapeHtml(item.name)}${each}</td>${cell(shown(line), 'line-total')}</tr>`;
    })
    .join('');
  const breakdown = unit.amount.breakdown;
  const lines = breakdown
    ? BREAKDOWN_LINES.flatMap(([key, label, testId]) => {
        const amount = breakdown[key];
        // An item total is worth its own line only beside other lines; a zero line says nothing.
        if (!amount || Number(amount.value) === 0) return [];
        return [
          `<tr class="breakdown"><td>${label}</td>${cell(shown(amount, SUBTRACTED.has(key)), testId)}</tr>`,
        ];
      })
    : [];
  const heading = unit.description ?? `Payment to ${unit.payee.email_address}`;
  return `${items}${lines.length > 1 || !items ? lines.join('') : ''}<tr class="total"><td>${escapeHtml(heading)}</td>${cell(shown(unit.amount), 'unit-total')}</tr>`;
}

function orderSummary(order: StoredOrder): string {
  return `<table>${order.body.purchase_units.map(unitSummary).join('')}</table>`;
}

/** Where browser mode serves the workbench (electron/host/browser-bridge.ts). */
const WORKBENCH_UI_PATH = '/__workbench';

/**
 * The page a buyer lands on when the order names no return (or cancel) URL: a page of this host, so
 * the flow ends somewhere offline too. It shows what happened and what the order holds, and leads back
 * to the order in the workbench (browser mode) or says where to go on (the Electron window).
 */
function resultPage(
  order: StoredOrder,
  outcome: 'approved' | 'cancelled',
  workbench: string | undefined,
  buyer?: { email: string; id: string },
): Render {
  const next =
    outcome === 'approved'
      ? `The merchant can now ${order.body.intent === 'CAPTURE' ? 'capture' : 'authorize'} it.`
      : 'The order was not approved; the merchant may send you to approve it again.';
  const back = workbench
    ? `<p><a href="${escapeHtml(workbench)}" data-testid="back-to-workbench">Back to the order in the workbench</a></p>`
    : '<p class="muted">Go back to the workbench window to follow the order.</p>';
  const title = outcome === 'approved' ? 'Payment approved' : 'Payment cancelled';
  return page(
    title,
    `<h1 data-testid="checkout-result">${title}</h1>
<p class="muted">Sandbox checkout · order <code>${escapeHtml(order.id)}</code> · <span class="status" data-testid="order-status">${escapeHtml(order.status)}</span></p>
${orderSummary(order)}
${buyer ? `<p>Approved by ${escapeHtml(buyer.email)} (payer id <code>${escapeHtml(buyer.id)}</code>).</p>` : ''}
<p>${next}</p>
${back}`,
  );
}

function checkoutForm(order: StoredOrder, buyers: string[], buyerEmail: string, error?: string): Render {
  const brand =
    order.internal.brand_name ?? order.body.purchase_units[0]?.payee.email_address ?? 'the merchant';
  // The same machine that guards the approve call decides whether the page offers it.
  const approvable = !refusalOf(orderMachine, order.status as OrderStatus, 'approve');
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
  ${buyerEmailField(buyerEmail, buyers)}
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
  const buyers = () => sandboxBuyerEmails(store);
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
  /** Where the order is shown in the workbench, when this host serves the workbench to browsers. */
  const workbenchLink = (orderId: string): string | undefined =>
    app.hasRoute({ method: 'GET', url: `${WORKBENCH_UI_PATH}/*` })
      ? `${WORKBENCH_UI_PATH}/#/orders/${encodeURIComponent(orderId)}`
      : undefined;

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
        return html(reply, 200, resultPage(order, 'cancelled', workbenchLink(order.id)));
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
        return html(reply, 200, resultPage(order, 'approved', workbenchLink(order.id), buyer));
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
