import { describe, expect, it } from 'vitest';
import { harnessPerTest } from '../../../test-support/harness-per-test.js';
import { startHarness } from '../../../test-support/api-harness.js';
import { rels } from '../../../test-support/test-kit.js';
import { expectError } from '../../../test-support/expect-error.js';
import {
  PAYMENT_TOKENS,
  SETUP_TOKENS,
  cardSource,
  createPaymentToken,
  createSetupToken,
  setVaultEnabled,
  submitVaultApproval,
} from './vault-test-kit.js';

const api = harnessPerTest(startHarness);

const exchange = (id: string) =>
  createPaymentToken(api, { payment_source: { token: { id, type: 'SETUP_TOKEN' } } });

const walletSetup = {
  payment_source: {
    svc: {
      description: 'Monthly coffee',
      usage_pattern: 'IMMEDIATE',
      experience_context: {
        return_url: 'https://shop.example/return',
        cancel_url: 'https://shop.example/cancel',
        brand_name: 'Coffee Shop',
      },
    },
  },
  customer: { id: 'customer_wallet_1' },
};

describe('setup tokens for a card', () => {
  it('creates an APPROVED token with a confirm link, exchanged once for a payment token', async () => {
    const setup = await createSetupToken(api, {
      payment_source: cardSource(),
      customer: { id: 'customer_card_1' },
    });
    expect(setup.status, setup.text).toBe(201);
    expect(setup.body).toMatchObject({
      id: expect.stringMatching(/^[A-Z0-9]{17}$/),
      status: 'APPROVED',
      customer: { id: 'customer_card_1' },
      payment_source: { card: { last_digits: '1111', brand: 'VISA', expiry: '2030-12' } },
    });
    expect(setup.text).not.toContain('4111111111111111');
    expect(rels(setup.body.links)).toEqual(['self', 'confirm']);

    const token = await exchange(setup.body.id as string);
    expect(token.status, token.text).toBe(201);
    expect(token.body.customer).toEqual({ id: 'customer_card_1' });
    expect(token.body.payment_source.card).toEqual(setup.body.payment_source.card);

    const shown = await api.request('GET', `${SETUP_TOKENS}/${setup.body.id}`);
    expect(shown.body.status).toBe('VAULTED');
    expect(rels(shown.body.links)).toEqual(['self']);

    const second = await exchange(setup.body.id as string);
    expectError(second, 'UNPROCESSABLE_ENTITY', {
      issue: 'SETUP_TOKEN_ALREADY_USED',
      field: '/payment_source/token/id',
    });
  });

  it('answers 404 for a setup token that is absent (spec part 7)', async () => {
    const reply = await exchange('NOSUCHSETUPTOKEN1');
    expectError(reply, 'RESOURCE_NOT_FOUND', {
      issue: 'INVALID_RESOURCE_ID',
      field: '/payment_source/token/id',
    });
    expectError(await api.request('GET', `${SETUP_TOKENS}/NOSUCHSETUPTOKEN1`), 'RESOURCE_NOT_FOUND');
  });

  it('answers a repeated Svc-Request-Id with 200 and the same setup token', async () => {
    const headers = { 'svc-request-id': 'setup-repeat-1' };
    const first = await api.request('POST', SETUP_TOKENS, {
      body: { payment_source: cardSource() },
      headers,
    });
    const again = await api.request('POST', SETUP_TOKENS, {
      body: { payment_source: cardSource() },
      headers,
    });
    expect(first.status).toBe(201);
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(first.body.id);
  });

  it('refuses an expired card and a non-onboarded merchant', async () => {
    expectError(
      await createSetupToken(api, { payment_source: cardSource(undefined, '2019-02') }),
      'UNPROCESSABLE_ENTITY',
      'CARD_EXPIRED',
    );
    await setVaultEnabled(api, false);
    expectError(
      await createSetupToken(api, { payment_source: cardSource() }),
      'NOT_AUTHORIZED',
      'NOT_ENABLED_TO_VAULT_PAYMENT_SOURCE',
    );
  });

  it.each([
    ['no source', { payment_source: {} }],
    ['card and wallet', { payment_source: { ...cardSource(), svc: {} } }],
    ['an unknown usage_pattern', { payment_source: { svc: { usage_pattern: 'SOMETIMES' } } }],
    [
      'a javascript: return_url',
      { payment_source: { svc: { experience_context: { return_url: 'javascript:alert(1)' } } } },
    ],
  ])('answers 400 for %s', async (_name, body) => {
    expectError(await createSetupToken(api, body), 'INVALID_REQUEST');
  });
});

describe('setup tokens for a wallet: the buyer approves on the buyer page', () => {
  it('waits for the buyer (PAYER_ACTION_REQUIRED, approve link), refuses the exchange until approved', async () => {
    const setup = await createSetupToken(api, walletSetup);
    expect(setup.status, setup.text).toBe(201);
    expect(setup.body.status).toBe('PAYER_ACTION_REQUIRED');
    expect(setup.body.payment_source.svc).toEqual({
      description: 'Monthly coffee',
      usage_pattern: 'IMMEDIATE',
      usage_type: 'MERCHANT',
      customer_type: 'CONSUMER',
    });
    expect(rels(setup.body.links)).toEqual(['self', 'approve']);
    expectError(await exchange(setup.body.id as string), 'UNPROCESSABLE_ENTITY', 'PAYER_ACTION_REQUIRED');
  });

  it('shows a plain HTML form (no script), and approving redirects to return_url; then the exchange works', async () => {
    const setup = await createSetupToken(api, walletSetup);
    const approve = (setup.body.links as { rel: string; href: string }[]).find((l) => l.rel === 'approve');
    const url = new URL(approve?.href ?? '');
    const page = await api.request('GET', url.pathname + url.search, { token: null });
    expect(page.status).toBe(200);
    expect(String(page.headers['content-type'])).toContain('text/html');
    expect(page.text).toContain('Coffee Shop');
    expect(page.text).toContain('<form method="post"');
    expect(page.text).not.toContain('<script');
    expect(String(page.headers['content-security-policy'])).toContain("default-src 'none'");

    const approved = await submitVaultApproval(api, {
      approval_token_id: setup.body.id as string,
      buyer_email: 'buyer@example.com',
      action: 'approve',
    });
    expect(approved.status).toBe(303);
    expect(String(approved.headers.location)).toMatch(/^https:\/\/shop\.example\/return\?approval_token_id=/);

    const shown = await api.request('GET', `${SETUP_TOKENS}/${setup.body.id}`);
    expect(shown.body.status).toBe('APPROVED');
    expect(shown.body.payment_source.svc).toMatchObject({
      email_address: 'buyer@example.com',
      account_id: expect.any(String),
    });

    const token = await exchange(setup.body.id as string);
    expect(token.status, token.text).toBe(201);
    expect(token.body.customer).toEqual({ id: 'customer_wallet_1' });
    expect(token.body.payment_source.svc).toMatchObject({
      email_address: 'buyer@example.com',
      name: { given_name: 'Bailey', surname: 'Buyer' },
      address: { country_code: 'US' },
      usage_type: 'MERCHANT',
    });
    const list = await api.request('GET', `${PAYMENT_TOKENS}?customer_id=customer_wallet_1`);
    expect(list.body.payment_tokens).toHaveLength(1);
  });

  it('cancel redirects to cancel_url and leaves it waiting; a forged form is refused; an unknown buyer is refused', async () => {
    const setup = await createSetupToken(api, walletSetup);
    const id = setup.body.id as string;
    const cancelled = await submitVaultApproval(api, { approval_token_id: id, action: 'cancel' });
    expect(cancelled.status).toBe(303);
    expect(String(cancelled.headers.location)).toContain('https://shop.example/cancel');

    const forged = await api.request('POST', '/vault/approve', {
      token: null,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        approval_token_id: id,
        action: 'approve',
        csrf_token: 'forged',
      }).toString(),
    });
    expect(forged.status).toBe(403);

    const stranger = await submitVaultApproval(api, {
      approval_token_id: id,
      buyer_email: 'nobody@example.com',
      action: 'approve',
    });
    expect(stranger.status).toBe(422);
    expect((await api.request('GET', `${SETUP_TOKENS}/${id}`)).body.status).toBe('PAYER_ACTION_REQUIRED');
  });

  it('answers the buyer page of an unknown setup token with 404 HTML', async () => {
    const page = await api.request('GET', '/vault/approve?approval_token_id=NOPE', { token: null });
    expect(page.status).toBe(404);
    expect(page.text).toContain('not found');
  });
});
