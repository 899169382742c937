import type { Store } from '../../../store/store.js';
import { link, type Link } from '../../pipeline/links.js';
import {
  authorizationView,
  captureView,
  refundView,
  type StoredAuthorization,
  type StoredCapture,
  type StoredRefund,
} from '../payments-v2/index.js';
import type { StoredOrder, StoredPaymentSource, StoredVaultAttribute } from './types.js';

/** The buyer-facing approval page of an order, served by the API host itself. */
export const approvalUrl = (base: string, orderId: string): string => `${base}/checkoutnow?token=${orderId}`;

/** Link rels per status (spec 2.4 and part 3). */
export function orderLinks(order: StoredOrder, base: string): Link[] {
  const path = `/v2/checkout/orders/${order.id}`;
  const next =
    order.body.intent === 'CAPTURE'
      ? link(base, `${path}/capture`, 'capture', 'POST')
      : link(base, `${path}/authorize`, 'authorize', 'POST');
  const self = link(base, path, 'self');
  const approve = { href: approvalUrl(base, order.id), rel: 'approve', method: 'GET' };
  const edit = link(base, path, 'edit', 'PATCH');
  switch (order.status) {
    case 'CREATED':
      return [self, approve, edit, next];
    case 'PAYER_ACTION_REQUIRED':
      return [self, { ...approve, rel: 'payer-action' }];
    case 'APPROVED':
      return [self, approve, edit, next];
    default:
      return [self];
  }
}

/** A saved source's `attributes.vault` gets the link to its payment token (the API shows one). */
function withVaultLinks(source: StoredPaymentSource, base: string): Record<string, unknown> {
  const link_ = (vault: StoredVaultAttribute) => ({
    ...vault,
    links: [link(base, `/v3/vault/payment-tokens/${encodeURIComponent(vault.id)}`, 'self')],
  });
  const cardVault = source.card?.attributes?.vault;
  const walletVault = (source.svc?.attributes as { vault?: StoredVaultAttribute } | undefined)?.vault;
  if (source.card && cardVault) return { card: { ...source.card, attributes: { vault: link_(cardVault) } } };
  if (source.svc && walletVault?.status === 'VAULTED')
    return { svc: { ...source.svc, attributes: { ...source.svc.attributes, vault: link_(walletVault) } } };
  return { ...source };
}

/** `GET ...?fields=payment_source`: the order projected to its id, status and payment source. */
export function orderPaymentSourceView(order: StoredOrder, base: string) {
  return {
    id: order.id,
    status: order.status,
    ...(order.body.payment_source ? { payment_source: withVaultLinks(order.body.payment_source, base) } : {}),
    links: orderLinks(order, base),
  };
}

/**
 * The whole order as the API shows it, without its own links. Payments on each purchase unit are read
 * from the authorizations, captures and refunds themselves, so the order always shows their latest state.
 */
export function orderView(
  order: StoredOrder,
  base: string,
  store: Store,
  trackers?: Map<string, Record<string, unknown>[]>,
): Record<string, unknown> {
  const authorizations = store.resources.byRoot<StoredAuthorization['body'], StoredAuthorization['internal']>(
    'authorization',
    order.id,
  );
  const captures = store.resources.byRoot<StoredCapture['body'], StoredCapture['internal']>(
    'capture',
    order.id,
  );
  const refunds = store.resources.byRoot<StoredRefund['body'], StoredRefund['internal']>('refund', order.id);
  const purchase_units = order.body.purchase_units.map((unit) => {
    const unitAuthorizations = authorizations.filter((a) => a.internal.reference_id === unit.reference_id);
    const unitCaptures = captures.filter((c) => c.internal.reference_id === unit.reference_id);
    const captureIds = new Set(unitCaptures.map((c) => c.id));
    const unitRefunds = refunds.filter((r) =>
      captureIds.has(r.body.supplementary_data.related_ids.capture_id),
    );
    if (unitAuthorizations.length + unitCaptures.length === 0) return unit;
    // Shipment trackers of the unit's captures (tracking through orders v2).
    const unitTrackers = trackers?.get(unit.reference_id);
    return {
      ...unit,
      ...(unitTrackers?.length ? { shipping: { ...unit.shipping, trackers: unitTrackers } } : {}),
      payments: {
        ...(unitAuthorizations.length > 0
          ? { authorizations: unitAuthorizations.map((a) => authorizationView(a, base)) }
          : {}),
        ...(unitCaptures.length > 0 ? { captures: unitCaptures.map((c) => captureView(c, base)) } : {}),
        ...(unitRefunds.length > 0 ? { refunds: unitRefunds.map((r) => refundView(r, base)) } : {}),
      },
    };
  });
  return {
    ...order.body,
    ...(order.body.payment_source ? { payment_source: withVaultLinks(order.body.payment_source, base) } : {}),
    purchase_units,
  };
}
