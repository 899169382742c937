import {
  authorizationMachine,
  legalTriggers,
  type AuthorizationStatus,
} from '../../../../shared/machines/index.js';
import { link, type Link } from '../../pipeline/links.js';
import type { StoredAuthorization, StoredCapture, StoredRefund } from './payment-types.js';

/** How much of a resource a response carries (`Prefer: return=minimal|representation`). */
export type Representation = 'minimal' | 'full';

function shape<T extends { id: string; status: string }>(
  body: T,
  links: Link[],
  representation: Representation,
) {
  return representation === 'minimal' ? { id: body.id, status: body.status, links } : { ...body, links };
}

/** Links follow the state machine: only calls that are legal now are advertised. */
export function authorizationLinks(authorization: StoredAuthorization, base: string): Link[] {
  const path = `/v2/payments/authorizations/${authorization.id}`;
  const legal = legalTriggers(authorizationMachine, authorization.status as AuthorizationStatus);
  const links = [link(base, path, 'self')];
  if (legal.includes('capture')) links.push(link(base, `${path}/capture`, 'capture', 'POST'));
  if (legal.includes('void')) links.push(link(base, `${path}/void`, 'void', 'POST'));
  if (legal.includes('reauthorize')) links.push(link(base, `${path}/reauthorize`, 'reauthorize', 'POST'));
  if (authorization.order_id) links.push(link(base, `/v2/checkout/orders/${authorization.order_id}`, 'up'));
  return links;
}

export function authorizationView(
  authorization: StoredAuthorization,
  base: string,
  representation: Representation = 'full',
) {
  return shape(authorization.body, authorizationLinks(authorization, base), representation);
}

export function captureView(capture: StoredCapture, base: string, representation: Representation = 'full') {
  const path = `/v2/payments/captures/${capture.id}`;
  const links = [link(base, path, 'self')];
  if (capture.status !== 'REFUNDED') links.push(link(base, `${path}/refund`, 'refund', 'POST'));
  const authorizationId = capture.body.supplementary_data.related_ids.authorization_id;
  links.push(
    authorizationId
      ? link(base, `/v2/payments/authorizations/${authorizationId}`, 'up')
      : link(base, `/v2/checkout/orders/${capture.order_id ?? ''}`, 'up'),
  );
  return shape(capture.body, links, representation);
}

export function refundView(refund: StoredRefund, base: string, representation: Representation = 'full') {
  const links = [
    link(base, `/v2/payments/refunds/${refund.id}`, 'self'),
    link(base, `/v2/payments/captures/${refund.body.supplementary_data.related_ids.capture_id}`, 'up'),
  ];
  return shape(refund.body, links, representation);
}
