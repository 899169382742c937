import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Store } from '../../../store/store.js';
import { FORM_MEDIA_TYPE } from '../../pipeline/accept.js';
import { ApiError } from '../../pipeline/api-error.js';
import {
  buyerPageLayout as page,
  CSRF_FIELD,
  csrfToken,
  escapeHtml,
  formTargets,
  sendBuyerPage,
  validCsrfToken,
  withQuery,
  type Render,
  buyerEmailField,
  sandboxBuyerEmails,
} from '../../pipeline/buyer-page.js';
import type { RouteTable } from '../../pipeline/route-not-found.js';
import type { PaymentTokensService } from './payment-tokens.js';
import type { SetupTokensService } from './setup-tokens.js';
import type { StoredSetupToken } from './types.js';
import { MANDATE_PATH, VAULT_APPROVE_PATH } from './views.js';

const DEFAULT_BUYER_EMAIL = 'buyer@example.com';

/** The CSRF token of the approval form of one setup token (tests submit the form as a browser would). */
export const vaultCsrfToken = (setupTokenId: string): string => csrfToken(`vault:${setupTokenId}`);

function approvalForm(token: StoredSetupToken, buyers: string[], buyerEmail: string, error?: string): Render {
  const merchant = token.internal.brand_name ?? 'the merchant';
  const wallet = token.body.payment_source.svc;
  const waiting = token.status === 'PAYER_ACTION_REQUIRED';
  return page(
    `Save your wallet with ${merchant}`,
    `<h1>Save your wallet with ${escapeHtml(merchant)}</h1>
<p class="muted">Sandbox vault · setup token <code>${escapeHtml(token.id)}</code> · <span class="status" data-testid="setup-token-status">${escapeHtml(token.status)}</span></p>
<p>${escapeHtml(merchant)} asks to charge your wallet later without asking again${wallet?.description ? `: ${escapeHtml(wallet.description)}` : ''}. Usage: ${escapeHtml(wallet?.usage_pattern ?? 'IMMEDIATE')}.</p>
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
${
  waiting
    ? `<form method="post" action="${VAULT_APPROVE_PATH}">
  <input type="hidden" name="approval_token_id" value="${escapeHtml(token.id)}">
  <input type="hidden" name="${CSRF_FIELD}" value="${vaultCsrfToken(token.id)}">
  ${buyerEmailField(buyerEmail, buyers)}
  <div class="actions">
    <button class="secondary" type="submit" name="action" value="cancel">Cancel and return</button>
    <button class="primary" type="submit" name="action" value="approve">Agree and save</button>
  </div>
</form>`
    : `<p>This setup token is <strong>${escapeHtml(token.status)}</strong>; there is nothing to approve.</p>`
}`,
  );
}

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
  const buyers = () => sandboxBuyerEmails(store);
  const html = (reply: FastifyReply, status: number, render: Render, token?: StoredSetupToken) =>
    sendBuyerPage(
      reply,
      status,
      render,
      token ? formTargets([token.internal.return_url, token.internal.cancel_url]) : [],
    );
  const notFoundPage = (reply: FastifyReply, what: string, id: string) =>
    html(
      reply,
      404,
      page(
        `${what} not found`,
        `<h1>${what} not found</h1><p>Nothing has the id <code>${escapeHtml(id)}</code>.</p>`,
      ),
    );

  table.add('GET', VAULT_APPROVE_PATH);
  table.add('POST', VAULT_APPROVE_PATH);
  table.add('GET', `${MANDATE_PATH}/:id`);

  app.get(VAULT_APPROVE_PATH, { config: { public: true, html: true } }, async (request, reply) => {
    const id = String((request.query as { approval_token_id?: unknown }).approval_token_id ?? '');
    const token = id ? setupTokens.find(id) : undefined;
    if (!token) return notFoundPage(reply, 'Setup token', id);
    return html(reply, 200, approvalForm(token, buyers(), DEFAULT_BUYER_EMAIL), token);
  });

  app.post(
    VAULT_APPROVE_PATH,
    { config: { public: true, html: true, contentTypes: [FORM_MEDIA_TYPE] } },
    async (request, reply) => {
      const form = (request.body ?? {}) as Record<string, string | undefined>;
      const id = form.approval_token_id ?? '';
      const token = id ? setupTokens.find(id) : undefined;
      if (!token) return notFoundPage(reply, 'Setup token', id);
      const buyerEmail = (form.buyer_email ?? '').trim() || DEFAULT_BUYER_EMAIL;
      const again = (status: number, message: string) =>
        html(reply, status, approvalForm(token, buyers(), buyerEmail, message), token);
      if (!validCsrfToken(`vault:${token.id}`, form[CSRF_FIELD]))
        return again(403, 'This form has expired or did not come from this page. Submit it again.');
      if (form.action === 'cancel') {
        if (token.internal.cancel_url)
          return reply.redirect(withQuery(token.internal.cancel_url, { approval_token_id: token.id }), 303);
        return html(
          reply,
          200,
          page('Not saved', `<h1>Not saved</h1><p>Your wallet was not saved. You can close this page.</p>`),
        );
      }
      if (form.action !== 'approve') return again(400, 'Choose Agree and save or Cancel and return.');
      try {
        const buyer = store.transaction(() => setupTokens.approve(token, buyerEmail));
        if (token.internal.return_url)
          return reply.redirect(
            withQuery(token.internal.return_url, {
              approval_token_id: token.id,
              approval_session_id: token.id,
            }),
            303,
          );
        return html(
          reply,
          200,
          page(
            'Wallet saved',
            `<h1>Wallet approved</h1><p class="muted">Setup token <code>${escapeHtml(token.id)}</code> · <span class="status" data-testid="setup-token-status">${escapeHtml(token.status)}</span></p><p>Approved by ${escapeHtml(buyer.email)}. The merchant can now create a payment token from it.</p>`,
          ),
        );
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        const fresh = setupTokens.find(token.id) ?? token;
        return html(
          reply,
          error.status,
          approvalForm(fresh, buyers(), buyerEmail, error.details[0]?.description ?? error.message),
          fresh,
        );
      }
    },
  );

  app.get(`${MANDATE_PATH}/:id`, { config: { public: true, html: true } }, async (request, reply) => {
    const id = String((request.params as { id?: unknown }).id ?? '');
    const token = paymentTokens.find(id);
    const sepa = token?.body.payment_source.bank?.sepa_debit;
    if (!token || !sepa || token.status !== 'VAULTED') return notFoundPage(reply, 'Mandate', id);
    const merchant = store.accounts.byId(token.internal.merchant_id);
    return html(
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
