import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SEED_BUYER, SEED_MERCHANT } from '../../../store/seed.js';
import {
  startHarness,
  TEST_CLIENT_ID,
  type ApiHarness,
  type Reply,
} from '../../../test-support/api-harness.js';
import { expectError } from '../../../test-support/expect-error.js';
import { onboardingCsrfToken } from './onboarding-page.js';
import { RETURN_URL, tokenOf, V2, v2Body } from './partners-test-kit.js';
import {
  SIGN_IN_CONFIRM_PATH,
  SIGN_IN_MAIL_CATEGORY,
  signInConfirmPath,
  signInProof,
} from './sign-in-confirmation.js';

let api: ApiHarness;
beforeEach(async () => {
  api = await startHarness();
});
afterEach(async () => {
  await api.close();
});

const PAGE = '/merchantsignup/partner/onboardingentry';

async function referral(extra: Record<string, unknown> = {}): Promise<string> {
  const created = await api.request('POST', V2, { body: v2Body(extra) });
  expect(created.status, created.text).toBe(201);
  return tokenOf(created);
}

/** Submits the onboarding form as a browser would (no token, no JSON). */
const submit = (token: string, fields: Record<string, string>) =>
  api.request('POST', PAGE, {
    token: null,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ token, csrf_token: onboardingCsrfToken(token), ...fields }).toString(),
  });

/** The seller ticks the consent box and connects, signing up or in as `email`. */
const connect = (
  token: string,
  mode: 'SIGN_UP' | 'SIGN_IN',
  email: string,
  fields: Record<string, string> = {},
) => submit(token, { mode, email, ...fields, consent: 'yes', action: 'connect' });

/** The sign-in confirmation mailed to `email`: its link's page, then its form submitted as a browser would. */
async function confirmFromMailbox(email: string): Promise<Reply> {
  const mail = api.host.services.mailbox.list('http://sandbox.test', { recipient: email })?.messages[0];
  expect(mail?.category).toBe(SIGN_IN_MAIL_CATEGORY);
  const href = new URL(mail?.links[0]?.href ?? 'http://sandbox.test/');
  const page = await api.request('GET', `${href.pathname}${href.search}`, { token: null });
  expect(page.status, page.text).toBe(200);
  expect(page.text).not.toContain('<script');
  const hidden = Object.fromEntries(
    [...page.text.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((m) => [m[1], m[2]]),
  );
  return api.request('POST', SIGN_IN_CONFIRM_PATH, {
    token: null,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(hidden as Record<string, string>).toString(),
  });
}

describe('signing in proves the account through its mailbox', () => {
  it('connects only with the mailed link; a forged or reused link, or a form without its token, does nothing', async () => {
    const token = await referral();
    const charity = api.host.deps.store.accounts.byEmail('charity@example.com');
    const forged = await api.request(
      'GET',
      `${SIGN_IN_CONFIRM_PATH}?${new URLSearchParams({ token, account: charity?.id ?? '', proof: 'guess' }).toString()}`,
      { token: null },
    );
    expect(forged.status).toBe(404);
    const post = (fields: Record<string, string>) =>
      api.request('POST', SIGN_IN_CONFIRM_PATH, {
        token: null,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams(fields).toString(),
      });
    const proof = signInProof(token, charity?.id ?? '');
    // The proof without the page's CSRF token: refused, nothing granted.
    expect((await post({ token, account: charity?.id ?? '', proof })).status).toBe(403);
    expect((await post({ token, account: charity?.id ?? '', proof: 'guess' })).status).toBe(404);
    expect(api.host.deps.store.accounts.byEmail('charity@example.com')?.partners ?? []).not.toContainEqual(
      expect.objectContaining({ tracking_id: 'seller-0001' }),
    );
    const signIn = await connect(token, 'SIGN_IN', 'charity@example.com');
    expect(signIn.status).toBe(200);
    expect((await confirmFromMailbox('charity@example.com')).status).toBe(303);
    // Used: the link no longer opens.
    const again = await api.request('GET', signInConfirmPath(token, charity?.id ?? ''), { token: null });
    expect(again.status).toBe(404);
  });
});

describe('the onboarding page (the action URL)', () => {
  it('shows the partner, the permissions asked for and the form, prefilled, with no script', async () => {
    const token = await referral();
    const page = await api.request('GET', `${PAGE}?token=${token}`, { token: null });
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.text).toContain('Example Merchant Inc.');
    expect(page.text).toContain('Collect a partner fee on your payments');
    expect(page.text).toContain('value="new-seller@example.org"');
    expect(page.text).not.toContain('<script');
    expect(String(page.headers['content-security-policy'])).toContain("default-src 'none'");
  });

  it('signs a new seller up: a business account linked to the partner, 303 to return_url with the platform parameters', async () => {
    const token = await referral({
      products: ['EXPRESS_CHECKOUT', 'PAYMENT_METHODS'],
      capabilities: ['PAY_UPON_INVOICE'],
    });
    const reply = await connect(token, 'SIGN_UP', 'fresh@example.org', {
      business_name: 'Fresh Goods',
      country_code: 'GB',
    });
    expect(reply.status, reply.text).toBe(303);
    const location = new URL(String(reply.headers.location));
    expect(`${location.origin}${location.pathname}`).toBe(RETURN_URL);
    const seller = api.host.deps.store.accounts.byEmail('fresh@example.org');
    expect(seller).toMatchObject({ type: 'BUSINESS', business_name: 'Fresh Goods', country_code: 'GB' });
    expect(Object.fromEntries(location.searchParams)).toEqual({
      merchantId: 'seller-0001',
      merchantIdInSvc: seller?.id,
      permissionsGranted: 'true',
      accountStatus: 'BUSINESS_ACCOUNT',
      consentStatus: 'true',
      productIntentId: 'addipmt',
      isEmailConfirmed: 'true',
      riskStatus: 'SUBSCRIBED_WITH_ALL_FEATURES',
    });
    expect(seller?.partners).toEqual([
      expect.objectContaining({
        partner_id: SEED_MERCHANT.id,
        partner_client_id: TEST_CLIENT_ID,
        tracking_id: 'seller-0001',
        products: ['EXPRESS_CHECKOUT', 'PAYMENT_METHODS'],
        capabilities: ['PAY_UPON_INVOICE'],
        features: ['PAYMENT', 'REFUND', 'PARTNER_FEE'],
      }),
    ]);
    // The referral is used up: the page says so and offers no form.
    const again = await api.request('GET', `${PAGE}?token=${token}`, { token: null });
    expect(again.text).toContain('already onboarded');
    expect(again.text).not.toContain('<form');
    expect((await api.request('GET', `${V2}/${token}`)).body.referral_data.legal_agreements).toHaveLength(1);
  });

  it('signs an existing business in (the charity), and refuses a personal account or an unknown one', async () => {
    const token = await referral();
    const personal = await connect(token, 'SIGN_IN', SEED_BUYER.email);
    expect(personal.status).toBe(422);
    expect(personal.text).toContain('personal account');
    const unknown = await connect(token, 'SIGN_IN', 'nobody@example.org');
    expect(unknown.text).toContain('sign up instead');
    const self = await connect(token, 'SIGN_IN', SEED_MERCHANT.email);
    expect(self.text).toContain('cannot onboard itself');
    const charity = await connect(token, 'SIGN_IN', 'charity@example.com');
    // An e-mail address alone grants nothing: the account confirms through the link mailed to it.
    expect(charity.status).toBe(200);
    expect(charity.text).toContain('Check your mailbox');
    const linked = () =>
      (api.host.deps.store.accounts.byEmail('charity@example.com')?.partners ?? []).filter(
        (l) => l.partner_id === SEED_MERCHANT.id && l.tracking_id === 'seller-0001',
      );
    expect(linked()).toEqual([]);
    const confirmed = await confirmFromMailbox('charity@example.com');
    expect(confirmed.status, confirmed.text).toBe(303);
    const links = api.host.deps.store.accounts.byEmail('charity@example.com')?.partners ?? [];
    expect(links.filter((l) => l.partner_id === SEED_MERCHANT.id)).toEqual([
      expect.objectContaining({ tracking_id: 'seller-0001', features: ['PAYMENT', 'REFUND', 'PARTNER_FEE'] }),
    ]);
  });

  it('needs the consent box, a valid form and its CSRF token; sign up with a taken e-mail says so', async () => {
    const token = await referral();
    const unticked = await submit(token, { mode: 'SIGN_UP', email: 'x@example.org', action: 'connect' });
    expect(unticked.status).toBe(400);
    expect(unticked.text).toContain('Tick the box');
    const badEmail = await connect(token, 'SIGN_UP', 'nope');
    expect(badEmail.status).toBe(400);
    const taken = await connect(token, 'SIGN_UP', SEED_BUYER.email);
    expect(taken.status).toBe(422);
    const forged = await api.request('POST', PAGE, {
      token: null,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        token,
        csrf_token: 'forged',
        mode: 'SIGN_UP',
        email: 'y@example.org',
        consent: 'yes',
        action: 'connect',
      }).toString(),
    });
    expect(forged.status).toBe(403);
    expect(api.host.deps.store.accounts.byEmail('x@example.org')).toBeUndefined();
    expect(api.host.deps.store.accounts.byEmail('y@example.org')).toBeUndefined();
    expect((await api.request('GET', `${V2}/${token}`)).body.referral_data.legal_agreements).toBeUndefined();
  });

  it('declining returns to the partner with permissionsGranted=false and grants nothing', async () => {
    const token = await referral();
    const reply = await submit(token, { action: 'decline' });
    expect(reply.status).toBe(303);
    const location = new URL(String(reply.headers.location));
    expect(location.searchParams.get('permissionsGranted')).toBe('false');
    expect(location.searchParams.get('consentStatus')).toBe('false');
  });

  it('an unknown token is a 404 page; without a return_url the page confirms in place', async () => {
    expect((await api.request('GET', `${PAGE}?token=nope`, { token: null })).status).toBe(404);
    const token = await referral({ partner_config_override: { return_url_description: 'back' } });
    const reply = await connect(token, 'SIGN_UP', 'inplace@example.org');
    expect(reply.status).toBe(200);
    expect(reply.text).toContain('You are connected');
  });

  it('the onboard helper does the same for scripts, once per referral', async () => {
    const token = await referral();
    const first = await api.request('POST', `/v1/test-helpers/partner-referrals/${token}/onboard`, {
      body: { email: 'script@example.org' },
    });
    expect(first.status, first.text).toBe(201);
    expect(first.body.return_url).toContain('merchantIdInSvc=');
    expectError(
      await api.request('POST', `/v1/test-helpers/partner-referrals/${token}/onboard`, {
        body: { email: 'other@example.org' },
      }),
      'UNPROCESSABLE_ENTITY',
      { issue: 'REFERRAL_ALREADY_COMPLETED' },
    );
    expect(api.host.deps.store.accounts.byEmail('other@example.org')).toBeUndefined();
  });
});
