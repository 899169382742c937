import { fromMinor } from '../../../../shared/money.js';
import { link, type Link } from '../../pipeline/links.js';
import type { StoredOrderV1, StoredOrderV1Payment, UnitPaymentV1 } from './types.js';

/** The buyer-facing approval page of a v1 order, served by the API host itself. */
export const APPROVAL_PATH_V1 = '/checkoutnow/v1';
export const approvalUrlV1 = (base: string, orderId: string): string =>
  `${base}${APPROVAL_PATH_V1}?token=${orderId}`;

const orderPath = (id: string): string => `/v1/checkout/orders/${id}`;
const isCardOrder = (order: StoredOrderV1): boolean =>
  order.body.payment_details?.payment_method === 'CREDIT_CARD';

/** Whether any unit's funds still wait for a disbursement. */
export const holdsFunds = (order: StoredOrderV1): boolean =>
  (order.internal.payments ?? []).some((p) => p.held && !p.disbursed_at);

/**
 * Link rels per status (spec part 3): CREATED shows `self`, `approval_url` and `cancel` (DELETE);
 * APPROVED adds `pay`; a paid order keeps `self`, and `disburse` while funds are held.
 */
export function orderV1Links(order: StoredOrderV1, base: string): Link[] {
  const path = orderPath(order.id);
  const self = link(base, path, 'self');
  const cancel = link(base, path, 'cancel', 'DELETE');
  const pay = link(base, `${path}/pay`, 'pay', 'POST');
  switch (order.status) {
    case 'CREATED':
      return isCardOrder(order)
        ? [self, pay, cancel]
        : [self, { href: approvalUrlV1(base, order.id), rel: 'approval_url', method: 'GET' }, cancel];
    case 'APPROVED':
      return [self, pay, cancel];
    case 'COMPLETED':
      return holdsFunds(order) ? [self, link(base, `${path}/disburse`, 'disburse', 'POST')] : [self];
    default:
      return [];
  }
}

function paymentSummary(order: StoredOrderV1, payment: UnitPaymentV1, currency: string) {
  const amount = { currency, total: fromMinor(BigInt(payment.gross_minor), currency) };
  const at = order.update_time;
  if (order.body.intent === 'AUTHORIZE')
    return {
      authorizations: [{ id: payment.transaction_id, status: 'AUTHORIZED', amount, create_time: at }],
    };
  return {
    captures: [
      {
        id: payment.transaction_id,
        // Held funds are PENDING for the payee until disbursed (DELAYED).
        status: payment.held && !payment.disbursed_at ? 'PENDING' : 'COMPLETED',
        amount,
        transaction_fee: { currency, value: fromMinor(BigInt(payment.fee_minor), currency) },
        ...(payment.partner_fee_minor !== '0'
          ? { partner_fee: { currency, value: fromMinor(BigInt(payment.partner_fee_minor), currency) } }
          : {}),
        disbursement_mode: order.internal.disbursement_mode ?? 'INSTANT',
        ...(payment.disbursed_at ? { disbursement_time: payment.disbursed_at } : {}),
      },
    ],
  };
}

/**
 * The order as the API shows it, without links: each purchase unit's `status` is NOT_PROCESSED until
 * the order is paid, then CAPTURED (SALE) or AUTHORIZED (AUTHORIZE) with its `payment_summary`.
 */
export function orderV1View(order: StoredOrderV1): Record<string, unknown> {
  const payments = order.internal.payments ?? [];
  const purchase_units = order.body.purchase_units.map((unit) => {
    const payment = payments.find((p) => p.reference_id === unit.reference_id);
    if (!payment) return { ...unit, status: 'NOT_PROCESSED' };
    return {
      ...unit,
      status: order.body.intent === 'SALE' ? 'CAPTURED' : 'AUTHORIZED',
      payment_summary: paymentSummary(order, payment, unit.amount.currency),
    };
  });
  const { status, create_time, update_time, ...rest } = order.body;
  return {
    ...rest,
    purchase_units,
    ...(order.internal.payer ? { payer_info: order.internal.payer } : {}),
    status,
    create_time,
    update_time,
  };
}

/** The pay response (spec 2.3): `order_id`, `status`, `payer_info`, times, and the order's link. */
export function paymentV1View(payment: StoredOrderV1Payment): Record<string, unknown> {
  return { ...payment.body };
}

export function paymentV1Links(payment: StoredOrderV1Payment, base: string): Link[] {
  return [link(base, orderPath(payment.body.order_id), 'self')];
}
