import type { ResourceSummary } from '../../../../shared/bridge';
import type { PAYMENT_V1_KINDS } from '../../../../shared/api/payments-v1';
import {
  authorizationV1Machine,
  captureV1Machine,
  paymentOrderV1Machine,
  paymentV1Machine,
  refundV1Machine,
  saleV1Machine,
} from '../../../../shared/api/payments-v1';
import type { Machine } from '../../../../shared/machines/machine';

/** Payments v1 resources as the workbench names, routes and reads them. Pure. */

export type LegacyKind = (typeof PAYMENT_V1_KINDS)[keyof typeof PAYMENT_V1_KINDS];

export interface LegacyKindMeta {
  /** The route segment of its pages (`#/legacy-payments/<id>`). */
  route: string;
  label: string;
  plural: string;
  /** The API path of one resource: `${apiPath}/<id>`. */
  apiPath: string;
  /** Its member name in a payment's `related_resources`. */
  member: string;
  machine: Machine<string>;
}

export const LEGACY_KINDS: Record<LegacyKind, LegacyKindMeta> = {
  'payment-v1': {
    route: 'legacy-payments',
    label: 'Payment (v1)',
    plural: 'Payments v1',
    apiPath: '/v1/payments/payment',
    member: 'payment',
    machine: paymentV1Machine as Machine<string>,
  },
  'sale-v1': {
    route: 'legacy-sales',
    label: 'Sale (v1)',
    plural: 'Sales v1',
    apiPath: '/v1/payments/sale',
    member: 'sale',
    machine: saleV1Machine as Machine<string>,
  },
  'authorization-v1': {
    route: 'legacy-authorizations',
    label: 'Authorization (v1)',
    plural: 'Authorizations v1',
    apiPath: '/v1/payments/authorization',
    member: 'authorization',
    machine: authorizationV1Machine as Machine<string>,
  },
  'capture-v1': {
    route: 'legacy-captures',
    label: 'Capture (v1)',
    plural: 'Captures v1',
    apiPath: '/v1/payments/capture',
    member: 'capture',
    machine: captureV1Machine as Machine<string>,
  },
  'refund-v1': {
    route: 'legacy-refunds',
    label: 'Refund (v1)',
    plural: 'Refunds v1',
    apiPath: '/v1/payments/refund',
    member: 'refund',
    machine: refundV1Machine as Machine<string>,
  },
  'payment-order-v1': {
    route: 'legacy-payment-orders',
    label: 'Order (v1 payment)',
    plural: 'Orders of v1 payments',
    apiPath: '/v1/payments/orders',
    member: 'order',
    machine: paymentOrderV1Machine as Machine<string>,
  },
};

export const LEGACY_KIND_ORDER: readonly LegacyKind[] = [
  'payment-v1',
  'sale-v1',
  'authorization-v1',
  'capture-v1',
  'refund-v1',
  'payment-order-v1',
];

export const apiPathOf = (kind: LegacyKind, id: string): string =>
  `${LEGACY_KINDS[kind].apiPath}/${encodeURIComponent(id)}`;

/** A string member of a resource, if present. */
export function textAt(resource: Record<string, unknown>, ...path: string[]): string | undefined {
  let value: unknown = resource;
  for (const key of path)
    value = value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;
  return typeof value === 'string' ? value : undefined;
}

/** Money v1 (`total`, `currency`) in the summary form the workbench formats. */
export function totalAt(
  resource: Record<string, unknown>,
): { currency_code: string; value: string } | undefined {
  const total = textAt(resource, 'amount', 'total');
  const currency = textAt(resource, 'amount', 'currency');
  return total && currency ? { currency_code: currency, value: total } : undefined;
}

/** The approval_url of a created payment (the buyer page), if it still has one. */
export function approvalUrlOf(resource: Record<string, unknown>): string | undefined {
  const links = (resource.links ?? []) as { rel?: string; href?: string }[];
  return links.find((l) => l.rel === 'approval_url')?.href;
}

/** The payer the buyer page recorded: execute must name it. */
export const approvedPayerOf = (resource: Record<string, unknown>): string | undefined =>
  textAt(resource, 'payer', 'payer_info', 'payer_id');

/** Resources of `kind` made from `parentId` (refunds of a sale, captures of an authorization). */
export const childrenOf = (related: readonly ResourceSummary[], kind: LegacyKind, parentId: string) =>
  related.filter((r) => r.kind === kind && r.parent_id === parentId);

/** The minor units left to refund or capture, from exact decimal strings. */
export function remaining(
  total: string | undefined,
  taken: readonly (string | undefined)[],
): string | undefined {
  if (!total) return undefined;
  const scale = (value: string) => {
    const [whole = '0', fraction = ''] = value.split('.');
    return { digits: BigInt(whole + fraction.padEnd(3, '0').slice(0, 3)), places: fraction.length };
  };
  const places = total.split('.')[1]?.length ?? 0;
  let left = scale(total).digits;
  for (const value of taken) if (value) left -= scale(value).digits;
  if (left < 0n) left = 0n;
  const text = left.toString().padStart(4, '0');
  const whole = text.slice(0, -3).replace(/^0+(?=\d)/, '');
  const fraction = text.slice(-3).slice(0, places);
  return places > 0 ? `${whole}.${fraction}` : whole;
}
