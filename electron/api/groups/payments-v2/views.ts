import {
  authorizationMachine,
  captureMachine,
  refundMachine,
  type AuthorizationStatus,
} from '../../../../shared/api/payments-v2/machines.js';
import { legalTriggers } from '../../../../shared/machines/machine.js';
import { defineResourceKind, type ResourceSummaryFields } from '../../group-module.js';
import { link, type Link } from '../../pipeline/links.js';
import type { StoredAuthorization, StoredCapture, StoredRefund } from './types.js';

/** Links follow the state machine: only calls that are legal now are advertised. */
export function authorizationLinks(authorization: StoredAuthorization, base: string): Link[] {
  const path = `/v2/payments/authorizations/${authorization.id}`;
  const legal = legalTriggers(authorizationMachine, authorization.status as AuthorizationStatus);
  const links = [link(base, path, 'self')];
  if (legal.includes('capture')) links.push(link(base, `${path}/capture`, 'capture', 'POST'));
  if (legal.includes('void')) links.push(link(base, `${path}/void`, 'void', 'POST'));
  if (legal.includes('reauthorize')) links.push(link(base, `${path}/reauthorize`, 'reauthorize', 'POST'));
  if (authorization.root_id) links.push(link(base, `/v2/checkout/orders/${authorization.root_id}`, 'up'));
  return links;
}

export function captureLinks(capture: StoredCapture, base: string): Link[] {
  const path = `/v2/payments/captures/${capture.id}`;
  const links = [link(base, path, 'self')];
  if (capture.status !== 'REFUNDED') links.push(link(base, `${path}/refund`, 'refund', 'POST'));
  const authorizationId = capture.body.supplementary_data.related_ids.authorization_id;
  links.push(
    authorizationId
      ? link(base, `/v2/payments/authorizations/${authorizationId}`, 'up')
      : link(base, `/v2/checkout/orders/${capture.root_id ?? ''}`, 'up'),
  );
  return links;
}

export function refundLinks(refund: StoredRefund, base: string): Link[] {
  return [
    link(base, `/v2/payments/refunds/${refund.id}`, 'self'),
    link(base, `/v2/payments/captures/${refund.body.supplementary_data.related_ids.capture_id}`, 'up'),
  ];
}

/** The whole authorization as the API shows it, links last (orders embed it in their purchase units). */
export const authorizationView = (authorization: StoredAuthorization, base: string) => ({
  ...authorization.body,
  links: authorizationLinks(authorization, base),
});

export const captureView = (capture: StoredCapture, base: string) => ({
  ...capture.body,
  links: captureLinks(capture, base),
});

export const refundView = (refund: StoredRefund, base: string) => ({
  ...refund.body,
  links: refundLinks(refund, base),
});

const amountOf = (body: { amount: { currency_code: string; value: string } }): ResourceSummaryFields => ({
  amount: { currency_code: body.amount.currency_code, value: body.amount.value },
});

/** The resource kinds of payments v2: each one's machine, view, links and summary; an order is their root. */
export const PAYMENT_RESOURCE_KINDS = [
  defineResourceKind<StoredAuthorization>({
    kind: 'authorization',
    machine: authorizationMachine,
    view: (authorization) => ({ ...authorization.body }),
    links: authorizationLinks,
    summary: (authorization) => amountOf(authorization.body),
    rootKind: 'order',
  }),
  defineResourceKind<StoredCapture>({
    kind: 'capture',
    machine: captureMachine,
    view: (capture) => ({ ...capture.body }),
    links: captureLinks,
    summary: (capture) => amountOf(capture.body),
    rootKind: 'order',
  }),
  defineResourceKind<StoredRefund>({
    kind: 'refund',
    machine: refundMachine,
    view: (refund) => ({ ...refund.body }),
    links: refundLinks,
    summary: (refund) => amountOf(refund.body),
    rootKind: 'order',
  }),
];
