import { callApi } from '../../api/api-call';
import type { Link } from '../../api/api-call';

/** Payment method tokens v3 as the vault view calls them (through the bridge: they show in the request log). */

export const PAYMENT_TOKENS_PATH = '/v3/vault/payment-tokens';
export const VAULT_PAGE_SIZE = 5;

/** A payment token as the API shows it (spec 2.7). */
export interface PaymentTokenView {
  id: string;
  customer: { id: string };
  payment_source: {
    card?: { brand?: string; last_digits?: string; expiry?: string; name?: string };
    svc?: { email_address?: string; account_id?: string; usage_type?: string; description?: string };
    bank?: {
      ach_debit?: { last_digits?: string; routing_number?: string; account_holder_name?: string };
      sepa_debit?: { iban_last_chars?: string; account_holder_name?: string };
    };
  };
  links?: Link[];
}

export interface TokenPage {
  customer: { id: string };
  payment_tokens: PaymentTokenView[];
  total_items?: number;
  total_pages?: number;
}

export async function listTokens(customerId: string, page: number): Promise<TokenPage> {
  const query = new URLSearchParams({
    customer_id: customerId,
    page_size: String(VAULT_PAGE_SIZE),
    page: String(page),
    total_required: 'true',
  });
  const response = await callApi({ method: 'GET', path: `${PAYMENT_TOKENS_PATH}?${query.toString()}` });
  return response.body as TokenPage;
}

export const deleteToken = (id: string) =>
  callApi({ method: 'DELETE', path: `${PAYMENT_TOKENS_PATH}/${encodeURIComponent(id)}` });

/** The kind of a token (`card`, `svc`, `ach_debit`, `sepa_debit`) and a line that identifies it to a person. */
export function describeToken(token: PaymentTokenView): {
  kind: string;
  label: string;
  orderKind?: 'card' | 'svc';
} {
  const { card, svc, bank } = token.payment_source;
  if (card)
    return {
      kind: 'card',
      label: `${card.brand ?? 'Card'} •••• ${card.last_digits ?? '????'} · expires ${card.expiry ?? '—'}`,
      orderKind: 'card',
    };
  if (svc)
    return {
      kind: 'svc',
      label: `Wallet ${svc.email_address ?? svc.account_id ?? ''}`.trim(),
      orderKind: 'svc',
    };
  if (bank?.sepa_debit)
    return {
      kind: 'sepa_debit',
      label: `SEPA ${bank.sepa_debit.account_holder_name ?? ''} · IBAN •••• ${bank.sepa_debit.iban_last_chars ?? ''}`,
    };
  if (bank?.ach_debit)
    return {
      kind: 'ach_debit',
      label: `ACH ${bank.ach_debit.account_holder_name ?? ''} · •••• ${bank.ach_debit.last_digits ?? ''}`,
    };
  return { kind: 'unknown', label: '—' };
}
