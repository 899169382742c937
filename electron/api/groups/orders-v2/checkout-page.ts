import type { FastifyInstance } from 'fastify';
import type { Account } from '../../../store/repositories/accounts-repo.js';
import type { Store } from '../../../store/store.js';
import {
  orderApprovalPage,
  registerApprovalPage,
  unknownTokenPage,
  type ApprovalView,
} from '../../pipeline/approval-page.js';
import {
  buyerPageLayout as page,
  formCsrfToken,
  escapeHtml,
  type Render,
} from '../../pipeline/buyer-page.js';
import type { RouteTable } from '../../pipeline/route-not-found.js';
import { orderMachine, type OrderStatus } from '../../../../shared/api/orders-v2/machines.js';
import { refusalOf } from '../../../../shared/machines/machine.js';
import { money, parseQuantity, toMinor } from '../../../../shared/money.js';
import type { StoredOrder } from './types.js';
import type { OrdersService } from './service.js';

export const CHECKOUT_PATH = '/checkoutnow';
export const DEFAULT_BUYER_EMAIL = 'buyer@example.com';

const CSRF_FLOW = 'checkout';

/** The CSRF token of the approval form of one order (tests submit the form as a browser would). */
export const checkoutCsrfToken = (orderId: string): string => formCsrfToken({ flow: CSRF_FLOW, id: orderId });

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

function checkoutPage(order: StoredOrder, view: ApprovalView): Render {
  return orderApprovalPage(
    {
      brand: order.internal.brand_name ?? order.body.purchase_units[0]?.payee.email_address ?? 'the merchant',
      orderId: order.id,
      status: order.status,
      summary: orderSummary(order),
      // The same machine that guards the approve call decides whether the page offers it.
      approvable: !refusalOf(orderMachine, order.status as OrderStatus, 'approve'),
      refusal: 'cannot be approved again',
    },
    view,
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
  /** Where the order is shown in the workbench, when this host serves the workbench to browsers. */
  const workbenchLink = (orderId: string): string | undefined =>
    app.hasRoute({ method: 'GET', url: `${WORKBENCH_UI_PATH}/*` })
      ? `${WORKBENCH_UI_PATH}/#/orders/${encodeURIComponent(orderId)}`
      : undefined;

  registerApprovalPage<StoredOrder, Account>(app, table, store, {
    path: CHECKOUT_PATH,
    tokenField: 'token',
    find: (token) => orders.find(token),
    notFound: (token) => unknownTokenPage('Order', token),
    csrfFlow: CSRF_FLOW,
    defaultBuyerEmail: () => DEFAULT_BUYER_EMAIL,
    redirectUrls: (order) => [order.internal.return_url, order.internal.cancel_url],
    render: checkoutPage,
    refusals: {
      forgedForm: 'This form has expired or did not come from this page. Check the order and submit again.',
      unknownAction: 'Choose Approve payment or Cancel and return.',
    },
    cancel: {
      url: (order) => order.internal.cancel_url,
      query: (order) => ({ token: order.id }),
      page: (order) => resultPage(order, 'cancelled', workbenchLink(order.id)),
    },
    approve: {
      run: (order, { buyerEmail }) => orders.approve(order, buyerEmail).buyer,
      url: (order) => order.internal.return_url,
      query: (order, buyer) => ({ token: order.id, PayerID: buyer.id }),
      page: (order, buyer) => resultPage(order, 'approved', workbenchLink(order.id), buyer),
    },
  });
}
