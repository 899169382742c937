import { callApi, linksOf, newRequestId, type Link } from '../../api/api-call';

/** The Orders v2 calls the order pages make (through the bridge, so they show in the request log). */

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
