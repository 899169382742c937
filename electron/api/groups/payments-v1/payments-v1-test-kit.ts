import { expect } from 'vitest';
import type { ApiHarness, Reply } from '../../../test-support/api-harness.js';

import { CSRF_FIELD } from '../../pipeline/buyer-page.js';
import { EXPRESS_CHECKOUT_CMD, paymentV1CsrfToken } from './buyer-page.js';
import { type Json } from '../../../test-support/test-kit.js';
export { rels, type Json } from '../../../test-support/test-kit.js';

/**
 * Shared pieces of the payments v1 tests: request bodies, the buyer page submitted as a browser would,
 * and create -> approve -> execute. Test support only; no production code imports it.
 */

export const PAYMENTS = '/v1/payments/payment';
export const V1 = '/v1/payments';
export const BUYER_PAGE = '/cgi-bin/webscr';
export const BUYER = 'buyer@example.com';
export const RETURN_URL = 'https://shop.example/return';
export const CANCEL_URL = 'https://shop.example/cancel';
export const VISA_V1 = '4111111111111111';

/** The v1 sample payment: 30.11 USD with details and two items that add up. */
export function walletPayment(
  intent: 'sale' | 'authorize' | 'order' = 'sale',
  extra: Record<string, unknown> = {},
) {
  return {
    intent,
    payer: { payment_method: 'svc' },
    transactions: [
      {
        amount: {
          total: '30.11',
          currency: 'USD',
          details: {
            subtotal: '30.00',
            tax: '0.07',
            shipping: '0.03',
            handling_fee: '1.00',
            shipping_discount: '-1.00',
            insurance: '0.01',
          },
        },
        description: 'The payment transaction description.',
        invoice_number: 'INV-0001',
        custom: 'EBAY_EMS_90048630024435',
        soft_descriptor: 'ECHI5786786',
        item_list: {
          items: [
            { name: 'hat', quantity: '5', price: '3.00', tax: '0.01', sku: '1', currency: 'USD' },
            {
              name: 'handbag',
              quantity: '1',
              price: '15.00',
              tax: '0.02',
              sku: 'product34',
              currency: 'USD',
            },
          ],
          shipping_address: {
            recipient_name: 'Brian Robinson',
            line1: '4th Floor',
            line2: 'Unit #34',
            city: 'San Jose',
            country_code: 'US',
            postal_code: '95131',
            state: 'CA',
          },
        },
      },
    ],
    note_to_payer: 'Contact us for any questions on your order.',
    redirect_urls: { return_url: RETURN_URL, cancel_url: CANCEL_URL },
    ...extra,
  };
}

/** A simple wallet payment of `total` USD without details. */
export const simplePayment = (intent: 'sale' | 'authorize' | 'order', total: string) => ({
  intent,
  payer: { payment_method: 'svc' },
  transactions: [{ amount: { total, currency: 'USD' } }],
  redirect_urls: { return_url: RETURN_URL, cancel_url: CANCEL_URL },
});

export function cardPayment(intent: 'sale' | 'authorize' = 'sale', card: Record<string, unknown> = {}) {
  return {
    intent,
    payer: {
      payment_method: 'credit_card',
      funding_instruments: [
        {
          credit_card: {
            type: 'visa',
            number: VISA_V1,
            expire_month: 11,
            expire_year: 2030,
            cvv2: '874',
            first_name: 'Betsy',
            last_name: 'Buyer',
            ...card,
          },
        },
      ],
    },
    transactions: [{ amount: { total: '7.47', currency: 'USD' }, description: 'Card payment' }],
  };
}

export async function create(
  api: ApiHarness,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<Reply> {
  return api.request('POST', PAYMENTS, { body, headers });
}

/** Creates a payment, expecting 201; returns its body. */
export async function created(api: ApiHarness, body: unknown): Promise<Json> {
  const reply = await create(api, body);
  expect(reply.status, reply.text).toBe(201);
  return reply.body;
}

/** The token of a payment's approval_url. */
export function tokenOf(payment: Json): string {
  const approval = (payment.links as { rel: string; href: string }[]).find((l) => l.rel === 'approval_url');
  return new URL(approval?.href ?? 'http://x/').searchParams.get('token') ?? '';
}

/** Submits the buyer page's form as a browser would (with the page's CSRF token unless overridden). */
export function submitBuyerPage(
  api: ApiHarness,
  paymentId: string,
  fields: Record<string, string>,
): Promise<Reply> {
  return api.request('POST', BUYER_PAGE, {
    token: null,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      cmd: EXPRESS_CHECKOUT_CMD,
      [CSRF_FIELD]: paymentV1CsrfToken(paymentId),
      ...fields,
    }).toString(),
  });
}

/** The buyer approves; returns the PayerID of the redirect to return_url. */
export async function approveAsBuyer(api: ApiHarness, payment: Json, buyer = BUYER): Promise<string> {
  const reply = await submitBuyerPage(api, payment.id, {
    token: tokenOf(payment),
    buyer_email: buyer,
    action: 'approve',
  });
  expect(reply.status, reply.text).toBe(303);
  const location = new URL(String(reply.headers.location));
  expect(location.searchParams.get('paymentId')).toBe(payment.id);
  return location.searchParams.get('PayerID') ?? '';
}

/** Create, approve on the buyer page and execute: the executed payment. */
export async function executed(api: ApiHarness, body: unknown = walletPayment()): Promise<Json> {
  const payment = await created(api, body);
  const payerId = await approveAsBuyer(api, payment);
  const reply = await api.request('POST', `${PAYMENTS}/${payment.id}/execute`, {
    body: { payer_id: payerId },
  });
  expect(reply.status, reply.text).toBe(200);
  return reply.body;
}

/** The first related resource of the first transaction, by member (`sale`, `authorization`, `order`). */
export const related = (payment: Json, member: string, index = 0): Json =>
  (payment.transactions[0].related_resources as Json[]).filter((r) => r[member])[index]?.[member];
