import { callApi, linksOf, newRequestId, type Link } from '../../api/api-call';

export const ordersPath = '/v2/checkout/orders';
export const orderPath = (id: string) => `${ordersPath}/${encodeURIComponent(id)}`;

export const approveAsBuyer = (id: string) =>
  callApi({
    method: 'POST',
    path: `/v1/test-helpers/checkout/orders/${encodeURIComponent(id)}/approve`,
    body: {},
  });

export const settleOrder = (id: string, action: 'authorize' | 'capture') =>
  callApi({
    method: 'POST',
    path: `${orderPath(id)}/${action}`,
    headers: { 'Svc-Request-Id': newRequestId(), Prefer: 'return=representation' },
  });

/** Where the buyer approves: the `payer-action` link, else `approve`. */
export function buyerPageLink(resource: unknown): Link | undefined {
  const links = linksOf(resource);
  return links.find((l) => l.rel === 'payer-action') ?? links.find((l) => l.rel === 'approve');
}
