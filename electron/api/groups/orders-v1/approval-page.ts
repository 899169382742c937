import type { FastifyInstance } from 'fastify';
import { orderV1Machine, type OrderV1Status } from '../../../../shared/api/orders-v1/machines.js';
import { refusalOf } from '../../../../shared/machines/machine.js';
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
  itemRows,
  type Render,
} from '../../pipeline/buyer-page.js';
import type { RouteTable } from '../../pipeline/route-not-found.js';
import type { OrdersV1Service } from './service.js';
import type { StoredOrderV1 } from './types.js';
import { APPROVAL_PATH_V1 } from './views.js';

export const DEFAULT_BUYER_EMAIL = 'buyer@example.com';

const CSRF_FLOW = 'checkout-v1';

/** The CSRF token of the approval form of one v1 order (tests submit the form as a browser would). */
export const approvalCsrfToken = (orderId: string): string => formCsrfToken({ flow: CSRF_FLOW, id: orderId });

function summary(order: StoredOrderV1): string {
  const rows = order.body.purchase_units
    .map((unit) => {
      const items = itemRows(unit.items ?? []);
      const heading = unit.description ?? `Payment to ${unit.payee.email}`;
      return `${items}<tr class="total"><td>${escapeHtml(heading)}</td><td class="amount" data-testid="unit-total">${escapeHtml(unit.amount.total)} ${escapeHtml(unit.amount.currency)}</td></tr>`;
    })
    .join('');
  const gross = order.body.gross_total_amount;
  return `<table>${rows}<tr class="total"><td>Total</td><td class="amount" data-testid="gross-total">${escapeHtml(gross.value)} ${escapeHtml(gross.currency)}</td></tr></table>`;
}

function approvalPage(order: StoredOrderV1, view: ApprovalView): Render {
  return orderApprovalPage(
    {
      brand:
        order.body.application_context?.brand_name ??
        order.body.purchase_units[0]?.payee.email ??
        'the merchant',
      orderId: order.id,
      status: order.status,
      summary: summary(order),
      // The same machine that guards the approve call decides whether the page offers it.
      approvable: !refusalOf(orderV1Machine, order.status as OrderV1Status, 'approve'),
      refusal: 'cannot be approved',
    },
    view,
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
  registerApprovalPage<StoredOrderV1, Account>(app, table, store, {
    path: APPROVAL_PATH_V1,
    tokenField: 'token',
    find: (token) => {
      const order = orders.find(token);
      return order && order.status !== 'DELETED' ? order : undefined;
    },
    notFound: (token) => unknownTokenPage('Order', token),
    csrfFlow: CSRF_FLOW,
    defaultBuyerEmail: () => DEFAULT_BUYER_EMAIL,
    redirectUrls: (order) => [order.body.redirect_urls?.return_url, order.body.redirect_urls?.cancel_url],
    render: approvalPage,
    refusals: {
      forgedForm: 'This form has expired or did not come from this page. Check the order and submit again.',
      unknownAction: 'Choose Approve payment or Cancel and return.',
    },
    cancel: {
      url: (order) => order.body.redirect_urls?.cancel_url,
      query: (order) => ({ token: order.id }),
      page: (order) =>
        page(
          'Payment cancelled',
          `<h1>Payment cancelled</h1><p>Order <code>${escapeHtml(order.id)}</code> was not approved. You can close this page.</p>`,
        ),
    },
    approve: {
      run: (order, { buyerEmail }) => orders.approve(order, buyerEmail),
      url: (order) => order.body.redirect_urls?.return_url,
      query: (order, buyer) => ({ token: order.id, PayerID: buyer.id }),
      page: (order, buyer) =>
        page(
          'Payment approved',
          `<h1>Payment approved</h1><p class="muted">Order <code>${escapeHtml(order.id)}</code> · <span class="status" data-testid="order-status">${escapeHtml(order.status)}</span></p><p>Approved by ${escapeHtml(buyer.email)} (payer id <code>${escapeHtml(buyer.id)}</code>). The partner can now pay it.</p>`,
        ),
    },
  });
}
