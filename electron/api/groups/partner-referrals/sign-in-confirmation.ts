import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Mailbox } from '../../../mailbox/mailbox.js';
import type { Account } from '../../../store/repositories/accounts-repo.js';
import type { Store } from '../../../store/store.js';
import { FORM_MEDIA_TYPE } from '../../pipeline/accept.js';
import { ApiError } from '../../pipeline/api-error.js';
import {
  buyerPageLayout as page,
  CSRF_FIELD,
  escapeHtml,
  formCsrfToken,
  formTargets,
  sendBuyerPage,
  validFormCsrfToken,
  type Render,
} from '../../pipeline/buyer-page.js';
import type { RouteTable } from '../../pipeline/route-not-found.js';
import type { ReferralsService } from './referrals-service.js';
import type { StoredReferral } from './types.js';
import { ONBOARDING_PATH } from './views.js';

/**
 * Signing in on the onboarding page proves the account: an e-mail address alone is anyone's to type, so
 * a partner could grant itself any seller's consent. The page sends a confirmation link to the account's
 * mailbox (the sandbox mailbox holds it) and connects only when that link's page is confirmed. The link
 * carries a proof signed by this process for this referral and this account (the buyer pages' form
 * key), so only whoever reads that mailbox has it; it stops working when the referral is used or the
 * host restarts (sign in again for a new one).
 */
export const SIGN_IN_CONFIRM_PATH = `${ONBOARDING_PATH}/confirm`;
export const SIGN_IN_MAIL_CATEGORY = 'partner.sign_in';

const PROOF_FLOW = 'onboarding-sign-in';
const CONFIRM_FLOW = 'onboarding-sign-in-confirm';
const subjectOf = (referralId: string, accountId: string) => ({
  flow: PROOF_FLOW,
  id: `${referralId}:${accountId}`,
});

/** The proof a confirmation link carries (tests read it from the mail, as a seller would follow it). */
export const signInProof = (referralId: string, accountId: string): string =>
  formCsrfToken(subjectOf(referralId, accountId));

/** The link path the confirmation mail carries. */
export const signInConfirmPath = (referralId: string, accountId: string): string =>
  `${SIGN_IN_CONFIRM_PATH}?${new URLSearchParams({
    token: referralId,
    account: accountId,
    proof: signInProof(referralId, accountId),
  }).toString()}`;

/** Sends the confirmation mail (inside the caller's transaction). */
export function sendSignInConfirmation(
  mailbox: Mailbox,
  referral: StoredReferral,
  account: Account,
  partnerName: string,
): void {
  mailbox.send({
    recipient: account.email,
    subject: `Confirm connecting ${partnerName} to your business account`,
    body: [
      `Someone signed in as ${account.email} on ${partnerName}'s onboarding page and asked to grant it permissions on your business account.`,
      '',
      'If that was you, open the link and confirm. If not, ignore this message: nothing is granted without it.',
    ].join('\n'),
    links: [
      { rel: 'confirm', path: signInConfirmPath(referral.id, account.id), label: 'Confirm and connect' },
    ],
    category: SIGN_IN_MAIL_CATEGORY,
    resource: { kind: 'partner-referral', id: referral.id },
  });
}

/** The page the sign-in form answers with: the mail is on its way. */
export const mailSentPage = (email: string): Render =>
  page(
    'Check your mailbox',
    `<h1>Check your mailbox</h1><p data-testid="sign-in-mail-sent">We sent a confirmation link to ${escapeHtml(email)}. Open it to connect your business account; nothing is granted until then.</p><p class="muted">In the sandbox, the Mailbox page of the workbench shows the message.</p>`,
  );

interface ConfirmFields {
  token: string;
  account: string;
  proof: string;
}

/**
 * The confirmation link's page (GET shows what would be granted and a button; POST, with the proof and
 * the form's CSRF token, connects). Plain HTML forms; nothing changes on GET.
 */
export function registerSignInConfirmation(
  app: FastifyInstance,
  table: RouteTable,
  referrals: ReferralsService,
  store: Store,
  connected: (accountId: string, email: string) => Render,
): void {
  const html = (reply: FastifyReply, status: number, render: Render, referral?: StoredReferral) =>
    sendBuyerPage(reply, status, render, referral ? formTargets([referral.internal.return_url]) : []);
  const invalid = (reply: FastifyReply) =>
    html(
      reply,
      404,
      page(
        'Link not valid',
        "<h1>Link not valid</h1><p>This confirmation link is not valid (any more). Open the partner's onboarding link and sign in again for a new one.</p>",
      ),
    );
  /** The referral and account a link names, when its proof holds and the referral is still open. */
  const resolve = (fields: ConfirmFields): { referral: StoredReferral; account: Account } | undefined => {
    const referral = fields.token ? referrals.find(fields.token) : undefined;
    const account = fields.account ? store.accounts.byId(fields.account) : undefined;
    if (!referral || !account || referral.internal.merchant_id !== undefined) return undefined;
    if (!validFormCsrfToken(subjectOf(referral.id, account.id), fields.proof)) return undefined;
    return { referral, account };
  };
  const fieldsOf = (source: unknown): ConfirmFields => {
    const record = (source ?? {}) as Record<string, unknown>;
    const text = (name: string) => (typeof record[name] === 'string' ? record[name] : '');
    return { token: text('token'), account: text('account'), proof: text('proof') };
  };
  const confirmForm = (
    fields: ConfirmFields,
    account: Account,
    partnerName: string,
    error?: string,
  ): Render =>
    page(
      'Confirm and connect',
      `<h1>Connect ${escapeHtml(account.email)} to ${escapeHtml(partnerName)}?</h1>
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="${SIGN_IN_CONFIRM_PATH}">
  <input type="hidden" name="token" value="${escapeHtml(fields.token)}">
  <input type="hidden" name="account" value="${escapeHtml(fields.account)}">
  <input type="hidden" name="proof" value="${escapeHtml(fields.proof)}">
  <input type="hidden" name="${CSRF_FIELD}" value="${formCsrfToken({ flow: CONFIRM_FLOW, id: fields.token })}">
  <div class="actions"><button class="primary" type="submit">Confirm and connect</button></div>
</form>`,
    );
  const partnerNameOf = (referral: StoredReferral) => {
    const partner = store.accounts.byId(referral.internal.partner_id);
    return partner?.business_name ?? partner?.email ?? 'The partner';
  };

  table.add('GET', SIGN_IN_CONFIRM_PATH);
  table.add('POST', SIGN_IN_CONFIRM_PATH);

  app.get(SIGN_IN_CONFIRM_PATH, { config: { public: true, html: true } }, async (request, reply) => {
    const fields = fieldsOf(request.query);
    const found = resolve(fields);
    if (!found) return invalid(reply);
    return html(
      reply,
      200,
      confirmForm(fields, found.account, partnerNameOf(found.referral)),
      found.referral,
    );
  });

  app.post(
    SIGN_IN_CONFIRM_PATH,
    { config: { public: true, html: true, contentTypes: [FORM_MEDIA_TYPE] } },
    async (request, reply) => {
      const fields = fieldsOf(request.body);
      const found = resolve(fields);
      if (!found) return invalid(reply);
      const { referral, account } = found;
      const form = (request.body ?? {}) as Record<string, unknown>;
      if (!validFormCsrfToken({ flow: CONFIRM_FLOW, id: referral.id }, form[CSRF_FIELD])) {
        const again = confirmForm(
          fields,
          account,
          partnerNameOf(referral),
          'This form has expired or did not come from this page. Check it and submit again.',
        );
        return html(reply, 403, again, referral);
      }
      try {
        const result = store.transaction(() =>
          referrals.onboard(referral, { mode: 'SIGN_IN', email: account.email }),
        );
        if (result.returnUrl) return reply.redirect(result.returnUrl, 303);
        return html(reply, 200, connected(result.account.id, result.account.email), referral);
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        const again = confirmForm(
          fields,
          account,
          partnerNameOf(referral),
          error.details[0]?.description ?? error.message,
        );
        return html(reply, error.status, again, referral);
      }
    },
  );
}
