import type { FastifyInstance } from 'fastify';
import type { Account } from '../../../store/repositories/accounts-repo.js';
import type { Store } from '../../../store/store.js';
import { registerApprovalPage, type ApprovalView } from '../../pipeline/approval-page.js';
import {
  buyerEmailField,
  buyerPageLayout as page,
  formCsrfToken,
  escapeHtml,
  sendBuyerPage,
  type Render,
} from '../../pipeline/buyer-page.js';
import type { RouteTable } from '../../pipeline/route-not-found.js';
import type { PaymentTokensService } from './payment-tokens-service.js';
import type { SetupTokensService } from './setup-tokens-service.js';
import type { StoredSetupToken } from './types.js';
import { MANDATE_PATH, VAULT_APPROVE_PATH } from './views.js';

const DEFAULT_BUYER_EMAIL = 'buyer@example.com';

const CSRF_FLOW = 'vault';

/** The CSRF token of the approval form of one setup token (tests submit the form as a browser would). */
export const vaultCsrfToken = (setupTokenId: string): string =>
  formCsrfToken({ flow: CSRF_FLOW, id: setupTokenId });

function approvalPage(token: StoredSetupToken, view: ApprovalView): Render {
  const merchant = token.internal.brand_name ?? 'the merchant';
  const wallet = token.body.payment_source.svc;
  const waiting = token.status === 'PAYER_ACTION_REQUIRED';
  return page(
    `Save your wallet with ${merchant}`,
    `<h1>Save your wallet with ${escapeHtml(merchant)}</h1>
<p class="muted">Sandbox vault · setup token <code>${escapeHtml(token.id)}</code> · <span class="status" data-testid="setup-token-status">${escapeHtml(token.status)}</span></p>
<p>${escapeHtml(merchant)} asks to charge your wallet later without asking again${wallet?.description ? `: ${escapeHtml(wallet.description)}` : ''}. Usage: ${escapeHtml(wallet?.usage_pattern ?? 'IMMEDIATE')}.</p>
${view.alert}
${
  waiting
    ? view.form([buyerEmailField(view.buyerEmail, view.buyers)], 'Agree and save')
    : `<p>This setup token is <strong>${escapeHtml(token.status)}</strong>; there is nothing to approve.</p>`
}`,
  );
}

const notFoundPage = (what: string, id: string): Render =>
  page(
    `${what} not found`,
    `<h1>${what} not found</h1><p>Nothing has the id <code>${escapeHtml(id)}</code>.</p>`,
  );

/**
 * The vault's buyer pages, served by the API host: the approval of a wallet setup token (its `approve`
 * link; a plain HTML form, no script) and the SEPA mandate a bank token's `view-mandate` link shows.
 */
export function registerVaultPages(
  app: FastifyInstance,
  table: RouteTable,
  setupTokens: SetupTokensService,
  paymentTokens: PaymentTokensService,
  store: Store,
): void {
  registerApprovalPage<StoredSetupToken, Account>(app, table, store, {
    path: VAULT_APPROVE_PATH,
    tokenField: 'approval_token_id',
    find: (id) => setupTokens.find(id),
    notFound: (id) => notFoundPage('Setup token', id),
    csrfFlow: CSRF_FLOW,
    defaultBuyerEmail: () => DEFAULT_BUYER_EMAIL,
    redirectUrls: (token) => [token.internal.return_url, token.internal.cancel_url],
    render: approvalPage,
    refusals: {
      forgedForm: 'This form has expired or did not come from this page. Submit it again.',
      unknownAction: 'Choose Agree and save or Cancel and return.',
    },
    cancel: {
      url: (token) => token.internal.cancel_url,
      query: (token) => ({ approval_token_id: token.id }),
      page: () =>
        page('Not saved', `<h1>Not saved</h1><p>Your wallet was not saved. You can close this page.</p>`),
    },
    approve: {
      run: (token, { buyerEmail }) => setupTokens.approve(token, buyerEmail),
      url: (token) => token.internal.return_url,
      query: (token) => ({ approval_token_id: token.id, approval_session_id: token.id }),
      page: (token, buyer) =>
        page(
          'Wallet approved',
          `<h1>Wallet approved</h1><p class="muted">Setup token <code>${escapeHtml(token.id)}</code> · <span class="status" data-testid="setup-token-status">${escapeHtml(token.status)}</span></p><p>Approved by ${escapeHtml(buyer.email)}. The merchant can now create a payment token from it.</p>`,
        ),
    },
  });

  table.add('GET', `${MANDATE_PATH}/:id`);
  app.get(`${MANDATE_PATH}/:id`, { config: { public: true, html: true } }, async (request, reply) => {
    const id = String((request.params as { id?: unknown }).id ?? '');
    const token = paymentTokens.find(id);
    const sepa = token?.body.payment_source.bank?.sepa_debit;
    if (!token || !sepa || token.status !== 'VAULTED')
      return sendBuyerPage(reply, 404, notFoundPage('Mandate', id));
    const merchant = store.accounts.byId(token.internal.merchant_id);
    return sendBuyerPage(
      reply,
      200,
      page(
        'SEPA Direct Debit mandate',
        `<h1>SEPA Direct Debit mandate</h1>
<p class="muted">Mandate reference <code>${escapeHtml(token.id)}</code> · <span class="status">${escapeHtml(sepa.authorization_details.status)}</span></p>
<table>
<tr><td>Creditor</td><td class="amount">${escapeHtml(merchant?.business_name ?? merchant?.email ?? token.internal.merchant_id)}</td></tr>
<tr><td>Account holder</td><td class="amount">${escapeHtml(sepa.account_holder_name)}</td></tr>
<tr><td>IBAN</td><td class="amount">•••• ${escapeHtml(sepa.iban_last_chars)}</td></tr>
<tr><td>Signed</td><td class="amount">${escapeHtml(token.internal.mandate_time ?? token.create_time)}</td></tr>
<tr><td>Type</td><td class="amount">Recurrent</td></tr>
</table>
<p>By accepting this mandate the account holder authorises the creditor to send instructions to the bank to debit the account, and the bank to debit it in accordance with those instructions.</p>`,
      ),
    );
  });
}
