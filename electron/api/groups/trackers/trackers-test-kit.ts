import { expect } from 'vitest';
import type { ApiHarness } from '../../../test-support/api-harness.js';
import { approve } from '../orders-v2/orders-test-kit.js';

/** Shared pieces of the tracker tests. Test support only; no production code imports it. */

export const TRACKERS = '/v1/shipping/trackers';
export const BATCH = '/v1/shipping/trackers-batch';

/** A captured order (approved by the seeded buyer) with one SKU'd item; its id and capture id. */
export async function capturedOrder(
  api: ApiHarness,
  intent: 'CAPTURE' | 'AUTHORIZE' = 'CAPTURE',
): Promise<{ orderId: string; captureId: string }> {
  const created = await api.createOrder({
    intent,
    purchase_units: [
      {
        amount: {
          currency_code: 'USD',
          value: '20.00',
          breakdown: { item_total: { currency_code: 'USD', value: '20.00' } },
        },
        items: [
          { name: 'Mug', quantity: '2', sku: 'MUG-1', unit_amount: { currency_code: 'USD', value: '10.00' } },
        ],
      },
    ],
  });
  expect(created.status, created.text).toBe(201);
  const orderId = created.body.id as string;
  await approve(api, orderId);
  if (intent === 'AUTHORIZE') {
    const authorized = await api.request('POST', `/v2/checkout/orders/${orderId}/authorize`);
    expect(authorized.status, authorized.text).toBe(201);
    return { orderId, captureId: '' };
  }
  const captured = await api.request('POST', `/v2/checkout/orders/${orderId}/capture`);
  expect(captured.status, captured.text).toBe(201);
  return { orderId, captureId: captured.body.purchase_units[0].payments.captures[0].id as string };
}

export const tracker = (transactionId: string, extra: Record<string, unknown> = {}) => ({
  transaction_id: transactionId,
  tracking_number: '443844607820',
  status: 'SHIPPED',
  carrier: 'FEDEX',
  ...extra,
});
