import {
  authorizationV1Machine,
  paymentOrderV1Machine,
  PAYMENT_V1_KINDS as KINDS,
  type AuthorizationV1Status,
  type OrderV1Status,
} from '../../../../shared/api/payments-v1/index.js';
import { legalTriggers } from '../../../../shared/machines/machine.js';
import type { Store } from '../../../store/store.js';
import { link, type Link } from '../../pipeline/links.js';
import type {
  StoredAuthorizationV1,
  StoredCaptureV1,
  StoredOrderV1,
  StoredPaymentV1,
  StoredRefundV1,
  StoredSaleV1,
} from './types.js';

/** The buyer page, at the address v1's approval_url had (see buyer-page.ts). */
export const BUYER_PAGE_PATH = '/cgi-bin/webscr';
export const approvalUrl = (base: string, token: string): string =>
  `${base}${BUYER_PAGE_PATH}?cmd=_express-checkout&token=${encodeURIComponent(token)}`;

const P = '/v1/payments';
const parent = (base: string, paymentId: string) => link(base, `${P}/payment/${paymentId}`, 'parent_payment');

/** Links follow the machines: only calls legal now are advertised (v1 did the same). */
export function paymentLinks(payment: StoredPaymentV1, base: string): Link[] {
  const self = link(base, `${P}/payment/${payment.id}`, 'self');
  if (payment.status !== 'created') return [self];
  return [
    self,
    { href: approvalUrl(base, payment.internal.token), rel: 'approval_url', method: 'REDIRECT' },
    link(base, `${P}/payment/${payment.id}/execute`, 'execute', 'POST'),
  ];
}

export function saleLinks(sale: StoredSaleV1, base: string): Link[] {
  const path = `${P}/sale/${sale.id}`;
  const links = [link(base, path, 'self')];
  if (sale.status !== 'refunded') links.push(link(base, `${path}/refund`, 'refund', 'POST'));
  links.push(parent(base, sale.body.parent_payment));
  return links;
}

export function authorizationLinks(authorization: StoredAuthorizationV1, base: string): Link[] {
  const path = `${P}/authorization/${authorization.id}`;
  const legal = legalTriggers(authorizationV1Machine, authorization.status as AuthorizationV1Status);
  const links = [link(base, path, 'self')];
  if (legal.includes('capture')) links.push(link(base, `${path}/capture`, 'capture', 'POST'));
  if (legal.includes('void')) links.push(link(base, `${path}/void`, 'void', 'POST'));
  if (legal.includes('reauthorize') && !authorization.internal.reauthorized)
    links.push(link(base, `${path}/reauthorize`, 'reauthorize', 'POST'));
  if (authorization.internal.order_id)
    links.push(link(base, `${P}/orders/${authorization.internal.order_id}`, 'order'));
  links.push(parent(base, authorization.body.parent_payment));
  return links;
}

export function captureLinks(capture: StoredCaptureV1, base: string): Link[] {
  const path = `${P}/capture/${capture.id}`;
  const links = [link(base, path, 'self')];
  if (capture.status !== 'refunded') links.push(link(base, `${path}/refund`, 'refund', 'POST'));
  if (capture.internal.authorization_id)
    links.push(link(base, `${P}/authorization/${capture.internal.authorization_id}`, 'authorization'));
  if (capture.internal.order_id) links.push(link(base, `${P}/orders/${capture.internal.order_id}`, 'order'));
  links.push(parent(base, capture.body.parent_payment));
  return links;
}

export function refundLinks(refund: StoredRefundV1, base: string): Link[] {
  const links = [link(base, `${P}/refund/${refund.id}`, 'self'), parent(base, refund.body.parent_payment)];
  if (refund.body.sale_id) links.push(link(base, `${P}/sale/${refund.body.sale_id}`, 'sale'));
  if (refund.body.capture_id) links.push(link(base, `${P}/capture/${refund.body.capture_id}`, 'capture'));
  return links;
}

export function orderLinks(order: StoredOrderV1, base: string): Link[] {
  const path = `${P}/orders/${order.id}`;
  const legal = legalTriggers(paymentOrderV1Machine, order.status as OrderV1Status);
  const links = [link(base, path, 'self'), parent(base, order.body.parent_payment)];
  if (legal.includes('authorize')) links.push(link(base, `${path}/authorize`, 'authorization', 'POST'));
  if (legal.includes('capture')) links.push(link(base, `${path}/capture`, 'capture', 'POST'));
  if (legal.includes('void')) links.push(link(base, `${path}/do-void`, 'void', 'POST'));
  return links;
}

/** Each resource as v1 showed it: `state` after `id`, from the row's status (the machine's word). */
export const saleView = (sale: StoredSaleV1) => {
  const { id, ...rest } = sale.body;
  return { id, state: sale.status, ...rest };
};
export const authorizationView = (authorization: StoredAuthorizationV1) => {
  const { id, ...rest } = authorization.body;
  return { id, state: authorization.status, ...rest };
};
export const captureView = (capture: StoredCaptureV1) => {
  const { id, ...rest } = capture.body;
  return { id, state: capture.status, ...rest };
};
export const refundView = (refund: StoredRefundV1) => {
  const { id, ...rest } = refund.body;
  return { id, state: refund.status, ...rest };
};
export const orderView = (order: StoredOrderV1) => {
  const { id, ...rest } = order.body;
  return { id, state: order.status, ...rest };
};

/** The member name each related kind has in `related_resources`, and how it is shown. */
const RELATED: readonly {
  kind: string;
  member: string;
  show(resource: never, base: string): Record<string, unknown>;
}[] = [
  {
    kind: KINDS.order,
    member: 'order',
    show: (r: StoredOrderV1, b: string) => ({ ...orderView(r), links: orderLinks(r, b) }),
  },
  {
    kind: KINDS.authorization,
    member: 'authorization',
    show: (r: StoredAuthorizationV1, b: string) => ({
      ...authorizationView(r),
      links: authorizationLinks(r, b),
    }),
  },
  {
    kind: KINDS.sale,
    member: 'sale',
    show: (r: StoredSaleV1, b: string) => ({ ...saleView(r), links: saleLinks(r, b) }),
  },
  {
    kind: KINDS.capture,
    member: 'capture',
    show: (r: StoredCaptureV1, b: string) => ({ ...captureView(r), links: captureLinks(r, b) }),
  },
  {
    kind: KINDS.refund,
    member: 'refund',
    show: (r: StoredRefundV1, b: string) => ({ ...refundView(r), links: refundLinks(r, b) }),
  },
];

/**
 * The payment as v1 showed it. Each transaction's `related_resources` lists what was made of it (the
 * order, authorization, sale, captures, refunds), read from the store so they are always current.
 */
export function paymentView(payment: StoredPaymentV1, base: string, store: Store): Record<string, unknown> {
  const related: { at: string; index: number; entry: Record<string, unknown> }[] = [];
  for (const { kind, member, show } of RELATED) {
    for (const resource of store.resources.byRoot<unknown, { transaction_index: number }>(kind, payment.id)) {
      related.push({
        at: resource.create_time,
        index: resource.internal.transaction_index,
        entry: { [member]: show(resource as never, base) },
      });
    }
  }
  const { id, intent, cart, payer, transactions, create_time, update_time, ...rest } = payment.body;
  return {
    id,
    create_time,
    update_time,
    state: payment.status,
    intent,
    payer,
    cart,
    transactions: transactions.map((transaction, index) => ({
      ...transaction,
      related_resources: related
        .filter((r) => r.index === index)
        .sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0))
        .map((r) => r.entry),
    })),
    ...rest,
  };
}
