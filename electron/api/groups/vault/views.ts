import { link, type Link } from '../../pipeline/links.js';
import type { StoredPaymentToken, StoredSetupToken } from './types.js';

export const PAYMENT_TOKENS_PATH = '/v3/vault/payment-tokens';
export const SETUP_TOKENS_PATH = '/v3/vault/setup-tokens';
/** The buyer page where a wallet setup token is approved (its `approve` link). */
export const VAULT_APPROVE_PATH = '/vault/approve';
/** The page that shows a SEPA debit mandate (the token's `view-mandate` link). */
export const MANDATE_PATH = '/vault/mandates';

export const tokenPath = (id: string): string => `${PAYMENT_TOKENS_PATH}/${encodeURIComponent(id)}`;

/** Spec 2.7: `self` GET, `delete` DELETE (JSON), and `view-mandate` for a SEPA token. */
export function paymentTokenLinks(token: StoredPaymentToken, base: string): Link[] {
  const path = tokenPath(token.id);
  const links: Link[] = [link(base, path, 'self')];
  if (token.status === 'DELETED') return links;
  links.push({ ...link(base, path, 'delete', 'DELETE'), encType: 'application/json' });
  if (token.body.payment_source.bank?.sepa_debit)
    links.push(link(base, `${MANDATE_PATH}/${encodeURIComponent(token.id)}`, 'view-mandate'));
  return links;
}

/** `self`, then what the token waits for: the buyer's `approve`, or the exchange (`confirm`). */
export function setupTokenLinks(token: StoredSetupToken, base: string): Link[] {
  const links: Link[] = [link(base, `${SETUP_TOKENS_PATH}/${encodeURIComponent(token.id)}`, 'self')];
  if (token.status === 'PAYER_ACTION_REQUIRED')
    links.push(
      link(base, `${VAULT_APPROVE_PATH}?approval_token_id=${encodeURIComponent(token.id)}`, 'approve'),
    );
  if (token.status === 'APPROVED') links.push(link(base, PAYMENT_TOKENS_PATH, 'confirm', 'POST'));
  return links;
}

export const paymentTokenView = (token: StoredPaymentToken): Record<string, unknown> => ({ ...token.body });
export const setupTokenView = (token: StoredSetupToken): Record<string, unknown> => ({ ...token.body });
