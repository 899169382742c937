import { expect } from 'vitest';
import type { ApiHarness } from '../../../test-support/api-harness.js';
import { cardPayment, created, related } from '../payments-v1/payments-v1-test-kit.js';
import {
  createCardOrder,
  getJson,
  requestId,
  startPaymentsHarness,
  type Json,
  type PaymentsHarness,
} from '../payments-v2/payments-test-kit.js';

/**
 * Shared pieces of the disputes tests: a harness on pinned real time, a captured order to dispute, the
 * test helper that opens a dispute, and the reads the tests compare (balance, ledger). Test support only.
 */

export const DISPUTES = '/v1/customer/disputes';
export const OPEN = '/v1/test-helpers/disputes';
export const BALANCES = '/v1/reporting/balances';
export const TRANSACTIONS = '/v1/reporting/transactions';

export { advance, getCapture, getOrder, rels, type Json } from '../payments-v2/payments-test-kit.js';

export const startDisputesHarness = (options: { dataDir?: string } = {}): Promise<PaymentsHarness> =>
  startPaymentsHarness(options);

/** A captured card order; returns the order and its capture's id. */
export async function capturedOrder(
  api: ApiHarness,
  value = '100.00',
): Promise<{ orderId: string; captureId: string }> {
  const orderId = await createCardOrder(api, 'CAPTURE', value);
  const reply = await api.request('POST', `/v2/checkout/orders/${orderId}/capture`, {
    headers: { 'Svc-Request-Id': requestId('capture'), Prefer: 'return=representation' },
  });
  expect(reply.status, reply.text).toBe(201);
  const captureId = reply.body.purchase_units[0].payments.captures[0].id as string;
  return { orderId, captureId };
}

/** A v1 card payment with intent sale of `total` USD: its payment and sale ids. */
export async function v1Sale(
  api: ApiHarness,
  total = '100.00',
): Promise<{ paymentId: string; saleId: string }> {
  const payment = await created(api, {
    ...cardPayment('sale'),
    transactions: [{ amount: { total, currency: 'USD' }, description: 'Disputed sale' }],
  });
  return { paymentId: payment.id as string, saleId: related(payment, 'sale').id as string };
}

/** A v1 card authorization of `total` USD, captured whole: its payment and capture ids. */
export async function v1Capture(
  api: ApiHarness,
  total = '100.00',
): Promise<{ paymentId: string; captureId: string }> {
  const payment = await created(api, {
    ...cardPayment('authorize'),
    transactions: [{ amount: { total, currency: 'USD' }, description: 'Disputed capture' }],
  });
  const authorizationId = related(payment, 'authorization').id as string;
  const reply = await api.request('POST', `/v1/payments/authorization/${authorizationId}/capture`, {
    body: { amount: { total, currency: 'USD' }, is_final_capture: true },
  });
  expect(reply.status, reply.text).toBe(201);
  return { paymentId: payment.id as string, captureId: reply.body.id as string };
}

/** Opens a dispute on a capture through the test helper; answers the dispute (201 expected). */
export async function openDispute(
  api: ApiHarness,
  captureId: string,
  body: Record<string, unknown> = {},
): Promise<Json> {
  const reply = await api.request('POST', OPEN, { body: { disputed_transaction_id: captureId, ...body } });
  expect(reply.status, reply.text).toBe(201);
  return reply.body;
}

export const getDispute = (api: ApiHarness, id: string): Promise<Json> => getJson(api, `${DISPUTES}/${id}`);

/** Posts an action and expects the platform's `subsequent_action` answer. */
export async function act(api: ApiHarness, id: string, action: string, body?: unknown): Promise<Json> {
  const reply = await api.request('POST', `${DISPUTES}/${id}/${action}`, body === undefined ? {} : { body });
  expect(reply.status, reply.text).toBe(200);
  expect(reply.body.links[0].rel).toBe('self');
  return getDispute(api, id);
}

/** The merchant's total USD balance in minor units, as reporting answers it. */
export async function balanceMinor(api: ApiHarness): Promise<bigint> {
  const body = await getJson(api, `${BALANCES}?currency_code=USD`);
  const value = String(body.balances?.[0]?.total_balance?.value ?? '0.00');
  return BigInt(value.replace('.', ''));
}

/** A multipart/form-data body with an `input` JSON part and files. */
export function multipart(
  input: unknown,
  files: { field: string; name: string; type: string; data: Buffer }[],
): { payload: Buffer; contentType: string } {
  const boundary = '----disputes' + Math.random().toString(16).slice(2);
  const parts: Buffer[] = [];
  if (input !== undefined)
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="input"\r\nContent-Type: application/json\r\n\r\n${JSON.stringify(input)}\r\n`,
      ),
    );
  for (const file of files)
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}
