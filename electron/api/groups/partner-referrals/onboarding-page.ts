import type { FastifyInstance, FastifyReply } from 'fastify';
import { OnboardSchema } from '../../../../shared/api/partner-referrals/endpoints.js';
import {
  partnerReferralMachine,
  type ReferralStatus,
} from '../../../../shared/api/partner-referrals/machines.js';
import { refusalOf } from '../../../../shared/machines/machine.js';
import type { Store } from '../../../store/store.js';
import { FORM_MEDIA_TYPE } from '../../pipeline/accept.js';
import { ApiError } from '../../pipeline/api-error.js';
import {
  buyerPageLayout as page,
  CSRF_FIELD,
  formCsrfToken,
  escapeHtml,
  formTargets,
  sendBuyerPage,
  validFormCsrfToken,
  type Render,
} from '../../pipeline/buyer-page.js';
import type { RouteTable } from '../../pipeline/route-not-found.js';
import type { Mailbox } from '../../../mailbox/mailbox.js';
import type { ReferralsService } from './referrals-service.js';
import { mailSentPage, registerSignInConfirmation, sendSignInConfirmation } from './sign-in-confirmation.js';
import type { StoredReferral } from './types.js';
import { ONBOARDING_PATH } from './views.js';

/** The CSRF token of the onboarding form of one referral (tests submit the form as a browser would). */
const CSRF_FLOW = 'onboarding';
export const onboardingCsrfToken = (referralId: string): string =>
  formCsrfToken({ flow: CSRF_FLOW, id: referralId });

/** What the seller is asked to grant, in words. */
const FEATURE_WORDS: Readonly<Record<string, string>> = {
  PAYMENT: 'Take payments for you',
  REFUND: 'Refund your payments',
  PARTNER_FEE: 'Collect a partner fee on your payments',
  DELAY_FUNDS_DISBURSEMENT: 'Delay the disbursement of your funds',
  ACCESS_MERCHANT_INFORMATION: 'Read your account information',
  ADVANCED_TRANSACTIONS_SEARCH: 'Search your transactions',
  FUTURE_PAYMENT: 'Take future payments',
  VAULT: 'Save payment methods for you',
};

interface FormValues {
  email: string;
  business_name: string;
  country_code: string;
  mode: 'SIGN_UP' | 'SIGN_IN';
}

function partnerNameOf(store: Store, referral: StoredReferral): string {
  const partner = store.accounts.byId(referral.internal.partner_id);
  return partner?.business_name ?? partner?.email ?? 'The partner';
}

function onboardingForm(referral: StoredReferral, store: Store, values: FormValues, error?: string): Render {
  const internal = referral.internal;
  const partnerName = partnerNameOf(store, referral);
  const open = !refusalOf(partnerReferralMachine, referral.status as ReferralStatus, 'onboard');
  const grants = internal.features.length > 0 ? internal.features : ['ACCESS_MERCHANT_INFORMATION'];
  const list = grants.map((f) => `<li>${escapeHtml(FEATURE_WORDS[f] ?? f)}</li>`).join('');
  const products = internal.products.length > 0 ? internal.products.join(', ') : 'none';
  const checked = (mode: FormValues['mode']) => (values.mode === mode ? ' checked' : '');
  // Radio buttons and the consent box sit beside their words (the shared layout sizes inputs full width).
  const choices = (nonce: string) =>
    `<style nonce="${nonce}">label.choice { display: flex; align-items: center; gap: 8px; font-weight: 400; } label.choice input { width: auto; margin: 0; }</style>`;
  return (nonce) =>
    page(
      `Connect with ${partnerName}`,
      `${choices(nonce)}<h1>Connect your business to ${escapeHtml(partnerName)}</h1>
<p class="muted">Sandbox seller onboarding · referral <span class="status" data-testid="referral-status">${escapeHtml(referral.status)}</span>${internal.tracking_id ? ` · tracking id <code>${escapeHtml(internal.tracking_id)}</code>` : ''}</p>
<p>${escapeHtml(partnerName)} asks for these permissions on your business account:</p>
<ul data-testid="requested-permissions">${list}</ul>
<p class="muted">Products: ${escapeHtml(products)}${internal.capabilities.length > 0 ? ` · capabilities: ${escapeHtml(internal.capabilities.join(', '))}` : ''}</p>
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
${
  open
    ? `<form method="post" action="${ONBOARDING_PATH}">
  <input type="hidden" name="token" value="${escapeHtml(referral.id)}">
  <input type="hidden" name="${CSRF_FIELD}" value="${onboardingCsrfToken(referral.id)}">
  <label class="choice"><input type="radio" name="mode" value="SIGN_UP"${checked('SIGN_UP')}> Sign up: create a business account</label>
  <label class="choice"><input type="radio" name="mode" value="SIGN_IN"${checked('SIGN_IN')}> Sign in: use my existing business account (we send a confirmation link to its e-mail)</label>
  <label for="email">E-mail</label>
  <input id="email" name="email" type="email" value="${escapeHtml(values.email)}" required>
  <label for="business_name">Business name (sign up)</label>
  <input id="business_name" name="business_name" value="${escapeHtml(values.business_name)}">
  <label for="country_code">Country (sign up)</label>
  <input id="country_code" name="country_code" value="${escapeHtml(values.country_code)}" maxlength="2">
  <label class="choice"><input type="checkbox" name="consent" value="yes"> I grant ${escapeHtml(partnerName)} these permissions</label>
  <div class="actions">
    <button class="secondary" type="submit" name="action" value="decline">Decline and return</button>
    <button class="primary" type="submit" name="action" value="connect">Agree and connect</button>
  </div>
</form>`
    : `<p>A seller already onboarded through this referral (<code>${escapeHtml(internal.merchant_id ?? '')}</code>). Ask the partner for a new link.</p>`
}`,
    )(nonce);
}

const done = (merchantId: string, email: string): Render =>
  page(
    'You are connected',
    `<h1>You are connected</h1><p class="muted"><span class="status" data-testid="referral-status">COMPLETED</span></p><p>${escapeHtml(email)} (merchant id <code data-testid="merchant-id">${escapeHtml(merchantId)}</code>) granted the permissions. You can close this page.</p>`,
  );

/**
 * The sandbox onboarding page the referral's `action_url` opens: server-rendered HTML that works without
 * JavaScript. The seller signs up (a new business account) or signs in, ticks the consent and connects
 * (303 to the partner's return URL with the platform's query parameters), or declines (303 back with
 * permissionsGranted=false). Signing in connects only once the account confirms through the link mailed
 * to it (sign-in-confirmation.ts).
 */
export function registerOnboardingPage(
  app: FastifyInstance,
  table: RouteTable,
  referrals: ReferralsService,
  store: Store,
  mailbox: Mailbox,
): void {
  registerSignInConfirmation(app, table, referrals, store, done);
  const html = (reply: FastifyReply, status: number, render: Render, referral?: StoredReferral) =>
    sendBuyerPage(reply, status, render, referral ? formTargets([referral.internal.return_url]) : []);
  const notFoundPage = (reply: FastifyReply, token: string) =>
    html(
      reply,
      404,
      page(
        'Link not found',
        `<h1>Link not found</h1><p>No partner referral has the token <code>${escapeHtml(token)}</code>.</p>`,
      ),
    );
  const initial = (referral: StoredReferral): FormValues => ({
    email: referral.internal.email ?? '',
    business_name: referral.internal.business_name ?? '',
    country_code: referral.internal.country_code ?? 'US',
    mode: 'SIGN_UP',
  });

  table.add('GET', ONBOARDING_PATH);
  table.add('POST', ONBOARDING_PATH);

  app.get(ONBOARDING_PATH, { config: { public: true, html: true } }, async (request, reply) => {
    const token = String((request.query as { token?: unknown }).token ?? '');
    const referral = token ? referrals.find(token) : undefined;
    if (!referral) return notFoundPage(reply, token);
    return html(reply, 200, onboardingForm(referral, store, initial(referral)), referral);
  });

  app.post(
    ONBOARDING_PATH,
    { config: { public: true, html: true, contentTypes: [FORM_MEDIA_TYPE] } },
    async (request, reply) => {
      const form = (request.body ?? {}) as Record<string, string | undefined>;
      const token = form.token ?? '';
      const referral = token ? referrals.find(token) : undefined;
      if (!referral) return notFoundPage(reply, token);
      const values: FormValues = {
        email: (form.email ?? '').trim(),
        business_name: (form.business_name ?? '').trim(),
        country_code: (form.country_code ?? '').trim().toUpperCase(),
        mode: form.mode === 'SIGN_IN' ? 'SIGN_IN' : 'SIGN_UP',
      };
      const again = (status: number, error: string) =>
        html(
          reply,
          status,
          onboardingForm(referrals.find(referral.id) ?? referral, store, values, error),
          referral,
        );
      if (!validFormCsrfToken({ flow: CSRF_FLOW, id: referral.id }, form[CSRF_FIELD]))
        return again(403, 'This form has expired or did not come from this page. Check it and submit again.');
      if (form.action === 'decline') {
        const back = referrals.declineUrl(referral);
        if (back) return reply.redirect(back, 303);
        return html(
          reply,
          200,
          page('Not connected', '<h1>Not connected</h1><p>Nothing was granted. You can close this page.</p>'),
        );
      }
      if (form.action !== 'connect') return again(400, 'Choose Agree and connect or Decline and return.');
      if (form.consent !== 'yes') return again(400, 'Tick the box to grant the permissions, or decline.');
      const parsed = OnboardSchema.safeParse({
        email: values.email,
        mode: values.mode,
        ...(values.business_name ? { business_name: values.business_name } : {}),
        ...(values.country_code ? { country_code: values.country_code } : {}),
      });
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        return again(400, `${String(issue?.path[0] ?? 'The form')}: ${issue?.message ?? 'invalid'}`);
      }
      try {
        // Signing in proves the account through its mailbox: the link there connects it.
        if (parsed.data.mode === 'SIGN_IN') {
          const account = store.transaction(() => {
            const found = referrals.signInAccount(referral, parsed.data.email);
            sendSignInConfirmation(mailbox, referral, found, partnerNameOf(store, referral));
            return found;
          });
          return html(reply, 200, mailSentPage(account.email), referral);
        }
        const result = store.transaction(() => referrals.onboard(referral, parsed.data));
        if (result.returnUrl) return reply.redirect(result.returnUrl, 303);
        return html(reply, 200, done(result.account.id, result.account.email), referral);
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        return again(error.status, error.details[0]?.description ?? error.message);
      }
    },
  );
}
