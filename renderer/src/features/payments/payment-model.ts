import type { ResourceSummary } from '../../../../shared/bridge';
import { authorizationMachine, captureMachine, refundMachine } from '../../../../shared/api/payments-v2';
import type { Machine } from '../../../../shared/machines/machine';
import { isSupportedCurrency, toMinor, type Money } from '../../../../shared/money';

/** Payments v2 resources as the workbench names, routes and adds them up. Pure. */

export type PaymentKind = 'authorization' | 'capture' | 'refund';

/** The kinds in the order the workbench lists them. */
export const PAYMENT_KIND_ORDER: readonly PaymentKind[] = ['authorization', 'capture', 'refund'];

export const PAYMENT_KINDS: Record<
  PaymentKind,
  {
    /** The route segment of its pages (`#/captures`, `#/captures/<id>`). */
    route: string;
    label: string;
    plural: string;
    apiPath: string;
    machine: Machine<string>;
  }
> = {
  authorization: {
    route: 'authorizations',
    label: 'Authorization',
    plural: 'Authorizations',
    apiPath: '/v2/payments/authorizations',
    machine: authorizationMachine as Machine<string>,
  },
  capture: {
    route: 'captures',
    label: 'Capture',
    plural: 'Captures',
    apiPath: '/v2/payments/captures',
    machine: captureMachine as Machine<string>,
  },
  refund: {
    route: 'refunds',
    label: 'Refund',
    plural: 'Refunds',
    apiPath: '/v2/payments/refunds',
    machine: refundMachine as Machine<string>,
  },
};

/** The API path of a payment resource, e.g. `/v2/payments/captures/ABC`. */
export function apiPathOf(kind: PaymentKind, id: string): string {
  return `${PAYMENT_KINDS[kind].apiPath}/${encodeURIComponent(id)}`;
}

/** Resources of `kind` whose parent is `parentId` (captures of an authorization, refunds of a capture). */
export function childrenOf(
  related: readonly ResourceSummary[],
  kind: PaymentKind,
  parentId: string,
): ResourceSummary[] {
  return related.filter((r) => r.kind === kind && r.parent_id === parentId);
}

/** The sum, in minor units of `currency`, of the amounts of `items` (items in other currencies are left out). */
export function sumMinor(items: readonly { amount?: Money | undefined }[], currency: string): bigint {
  let sum = 0n;
  for (const item of items) {
    if (item.amount?.currency_code === currency) sum += toMinorOrZero(item.amount.value, currency);
  }
  return sum;
}

function toMinorOrZero(value: string, currency: string): bigint {
  try {
    return toMinor(value, currency);
  } catch {
    return 0n;
  }
}

/** Minor units of a Money v2 the API returned; 0 when it is absent or unreadable. */
export function minorOrZero(amount: Money | undefined): bigint {
  return amount && isSupportedCurrency(amount.currency_code)
    ? toMinorOrZero(amount.value, amount.currency_code)
    : 0n;
}

/** Reads a Money v2 member of an API resource without trusting its shape. */
export function moneyAt(resource: Record<string, unknown> | undefined, ...path: string[]): Money | undefined {
  let node: unknown = resource;
  for (const key of path)
    node = typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[key] : undefined;
  const money = node as Partial<Money> | undefined;
  return typeof money?.value === 'string' && typeof money.currency_code === 'string'
    ? { value: money.value, currency_code: money.currency_code }
    : undefined;
}

/** Reads a string member of an API resource without trusting its shape. */
export function stringAt(
  resource: Record<string, unknown> | undefined,
  ...path: string[]
): string | undefined {
  let node: unknown = resource;
  for (const key of path)
    node = typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[key] : undefined;
  return typeof node === 'string' ? node : undefined;
}

/**
 * The amount an authorization was first created for: its own amount until it was reauthorized, then
 * the amount of the order's purchase unit that carries it (the reauthorize ceiling is based on that).
 */
export function originalAuthorizationAmount(
  authorization: Record<string, unknown>,
  reauthorized: boolean,
  order: Record<string, unknown> | undefined,
): Money | undefined {
  const current = moneyAt(authorization, 'amount');
  if (!reauthorized) return current;
  const units = Array.isArray(order?.purchase_units)
    ? (order.purchase_units as Record<string, unknown>[])
    : [];
  const id = authorization.id;
  for (const unit of units) {
    const payments = unit.payments as { authorizations?: { id?: unknown }[] } | undefined;
    if (payments?.authorizations?.some((a) => a.id === id)) return moneyAt(unit, 'amount');
  }
  return undefined;
}
