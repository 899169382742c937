import { expect } from 'vitest';
import type { ApiHarness, Reply } from '../../../test-support/api-harness.js';
import { CSRF_FIELD } from '../../pipeline/buyer-page.js';
import { vaultCsrfToken } from './buyer-pages.js';

/**
 * Shared pieces of the vault tests: request builders, the buyer's approval of a wallet setup token, and
 * an order paid with `store_in_vault`. Test support only; no production code imports it.
 */

export const SETUP_TOKENS = '/v3/vault/setup-tokens';
export const PAYMENT_TOKENS = '/v3/vault/payment-tokens';
export const VISA = '4111111111111111';

export const cardSource = (number = VISA, expiry = '2030-12') => ({
  card: { number, expiry, name: 'Bailey Buyer', security_code: '123' },
});

let key = 0;
/** A fresh Svc-Request-Id. */
export const requestId = (): Record<string, string> => ({
  'svc-request-id': `vault-test-${++key}-${Date.now()}`,
});

export async function createSetupToken(api: ApiHarness, body: unknown): Promise<Reply> {
  return api.request('POST', SETUP_TOKENS, { body, headers: requestId() });
}

export async function createPaymentToken(
  api: ApiHarness,
  body: unknown,
  headers = requestId(),
): Promise<Reply> {
  return api.request('POST', PAYMENT_TOKENS, { body, headers });
}

/** A card vaulted directly; returns the token. */
export async function vaultCard(api: ApiHarness, customerId?: string, number = VISA): Promise<Reply['body']> {
  const reply = await createPaymentToken(api, {
    payment_source: cardSource(number),
    ...(customerId ? { customer: { id: customerId } } : {}),
  });
  expect(reply.status, reply.text).toBe(201);
  return reply.body;
}

/** Submits the wallet approval form of the vault's buyer page, as a browser would. */
export function submitVaultApproval(api: ApiHarness, fields: Record<string, string>): Promise<Reply> {
  const id = fields.approval_token_id;
  const csrf: Record<string, string> = id ? { [CSRF_FIELD]: vaultCsrfToken(id) } : {};
  return api.request('POST', '/vault/approve', {
    token: null,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ ...csrf, ...fields }).toString(),
  });
}

/** Takes the caller's merchant off the vault, or puts it back. */
export async function setVaultEnabled(api: ApiHarness, enabled: boolean): Promise<void> {
  const reply = await api.request('POST', '/v1/test-helpers/vault/onboarding', {
    body: { vault_enabled: enabled },
  });
  expect(reply.status, reply.text).toBe(200);
}

/** A CAPTURE order paid by card with `store_in_vault`; returns the captured order. */
export async function payAndVaultCard(api: ApiHarness, customerId?: string): Promise<Reply['body']> {
  const created = await api.createOrder(
    {
      intent: 'CAPTURE',
      purchase_units: [{ amount: { currency_code: 'USD', value: '20.00' } }],
      payment_source: {
        card: {
          number: VISA,
          expiry: '2030-12',
          name: 'Bailey Buyer',
          attributes: {
            vault: { store_in_vault: 'ON_SUCCESS' },
            ...(customerId ? { customer: { id: customerId } } : {}),
          },
        },
      },
    },
    requestId(),
  );
  expect(created.status, created.text).toBe(201);
  const captured = await api.request('POST', `/v2/checkout/orders/${created.body.id}/capture`, {
    headers: requestId(),
  });
  expect(captured.status, captured.text).toBe(201);
  return captured.body;
}
