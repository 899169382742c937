import { describe, expect, it } from 'vitest';
import { harnessPerTest } from '../../../test-support/harness-per-test.js';
import { startHarness } from '../../../test-support/api-harness.js';
import { rels } from '../../../test-support/test-kit.js';
import { expectError } from '../../../test-support/expect-error.js';
import {
  PAYMENT_TOKENS,
  cardSource,
  createPaymentToken,
  requestId,
  setVaultEnabled,
  vaultCard,
} from './vault-test-kit.js';

const api = harnessPerTest(startHarness);

describe('POST /v3/vault/payment-tokens (directly)', () => {
  it('vaults a card: brand, last digits, expiry; never the number or the CVV', async () => {
    const reply = await createPaymentToken(api, {
      payment_source: cardSource(),
      customer: { id: 'customer_4029352050' },
    });
    expect(reply.status, reply.text).toBe(201);
    expect(reply.body).toMatchObject({
      id: expect.stringMatching(/^[a-z0-9]{8}$/),
      customer: { id: 'customer_4029352050' },
      payment_source: {
        card: { brand: 'VISA', last_digits: '1111', expiry: '2030-12', name: 'Bailey Buyer' },
      },
    });
    expect(reply.text).not.toContain('4111111111111111');
    expect(reply.text).not.toContain('security_code');
    expect(rels(reply.body.links)).toEqual(['self', 'delete']);
    expect(reply.body.links[1]).toMatchObject({ method: 'DELETE', encType: 'application/json' });
    // Not in storage either: what is kept is what is shown.
    const row = api.host.deps.store.resources.get('payment-token', reply.body.id as string);
    expect(JSON.stringify(row)).not.toContain('4111111111111111');
  });

  it('makes up a customer when none is given (7..36 characters, so a list finds it)', async () => {
    const token = await vaultCard(api);
    expect(token.customer.id).toMatch(/^[A-Za-z0-9]{10}$/);
  });

  it('vaults an ACH account: last digits only, verified', async () => {
    const reply = await createPaymentToken(api, {
      payment_source: {
        bank: {
          ach_debit: {
            account_number: '000123456789',
            routing_number: '011000015',
            account_type: 'CHECKING',
            account_holder_name: 'Bailey Buyer',
          },
        },
      },
    });
    expect(reply.status, reply.text).toBe(201);
    expect(reply.body.payment_source.bank.ach_debit).toEqual({
      last_digits: '6789',
      routing_number: '011000015',
      account_type: 'CHECKING',
      ownership_type: 'PERSONAL',
      account_holder_name: 'Bailey Buyer',
      verification: { svc: { method: 'INSTANT_ACCOUNT_VERIFICATION', status: 'VERIFIED' } },
    });
    expect(reply.text).not.toContain('000123456789');
  });

  it('vaults a SEPA account with its view-mandate link, which shows the mandate', async () => {
    const reply = await createPaymentToken(api, {
      payment_source: {
        bank: { sepa_debit: { iban: 'DE89370400440532013000', account_holder_name: 'Bailey Buyer' } },
      },
    });
    expect(reply.status, reply.text).toBe(201);
    expect(reply.body.payment_source.bank.sepa_debit).toEqual({
      iban_last_chars: '3000',
      account_holder_name: 'Bailey Buyer',
      authorization_details: { status: 'AUTHORIZED' },
    });
    expect(reply.text).not.toContain('DE89370400440532013000');
    const mandate = (reply.body.links as { rel: string; href: string }[]).find(
      (l) => l.rel === 'view-mandate',
    );
    expect(mandate).toBeDefined();
    const page = await api.request('GET', new URL(mandate?.href ?? '').pathname, { token: null });
    expect(page.status).toBe(200);
    expect(page.text).toContain('SEPA Direct Debit mandate');
    expect(page.text).toContain('3000');
    expect(page.text).not.toContain('DE89370400440532013000');
  });

  it.each([
    ['no payment source', {}, '/payment_source'],
    [
      'two sources',
      {
        payment_source: {
          ...cardSource(),
          bank: { sepa_debit: { iban: 'DE89370400440532013000', account_holder_name: 'A' } },
        },
      },
      '/payment_source',
    ],
    [
      'a card failing Luhn',
      { payment_source: cardSource('4111111111111112') },
      '/payment_source/card/number',
    ],
    ['a short card number', { payment_source: cardSource('41111') }, '/payment_source/card/number'],
    ['a bad expiry', { payment_source: cardSource(undefined, '2030-13') }, '/payment_source/card/expiry'],
    [
      'a bad routing number',
      {
        payment_source: {
          bank: {
            ach_debit: {
              account_number: '1234',
              routing_number: '12',
              account_type: 'CHECKING',
              account_holder_name: 'A',
            },
          },
        },
      },
      '/payment_source/bank/ach_debit/routing_number',
    ],
    [
      'a bad IBAN',
      { payment_source: { bank: { sepa_debit: { iban: 'nope', account_holder_name: 'A' } } } },
      '/payment_source/bank/sepa_debit/iban',
    ],
    ['a short customer id', { payment_source: cardSource(), customer: { id: 'abc' } }, '/customer/id'],
    [
      'a setup token of another type',
      { payment_source: { token: { id: 'ABC', type: 'BILLING_AGREEMENT' } } },
      '/payment_source/token/type',
    ],
  ])('answers 400 for %s', async (_name, body, field) => {
    const reply = await createPaymentToken(api, body);
    expectError(reply, 'INVALID_REQUEST', { issue: expect.any(String) as never, field });
  });

  it('answers 422 CARD_EXPIRED for a card expired in simulated time', async () => {
    const reply = await createPaymentToken(api, { payment_source: cardSource(undefined, '2020-01') });
    expectError(reply, 'UNPROCESSABLE_ENTITY', {
      issue: 'CARD_EXPIRED',
      field: '/payment_source/card/expiry',
    });
  });

  it('checks Svc-Request-Id: at most 10,000 characters', async () => {
    const reply = await createPaymentToken(
      api,
      { payment_source: cardSource() },
      { 'svc-request-id': 'x'.repeat(10_001) },
    );
    expectError(reply, 'INVALID_REQUEST', { issue: 'INVALID_STRING_MAX_LENGTH', location: 'header' });
    const ok = await createPaymentToken(
      api,
      { payment_source: cardSource() },
      { 'svc-request-id': 'x'.repeat(10_000) },
    );
    expect(ok.status).toBe(201);
  });

  it('answers a repeated Svc-Request-Id with 200 and the same token for 3 hours, then makes a new one', async () => {
    const headers = requestId();
    const first = await createPaymentToken(api, { payment_source: cardSource() }, headers);
    const again = await createPaymentToken(api, { payment_source: cardSource() }, headers);
    expect(first.status).toBe(201);
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(first.body.id);
    await api.request('POST', '/v1/test-helpers/clock', { body: { advance_seconds: 3 * 3600 + 1 } });
    const later = await createPaymentToken(api, { payment_source: cardSource() }, headers);
    expect(later.status).toBe(201);
    expect(later.body.id).not.toBe(first.body.id);
  });

  it('answers 403 NOT_ENABLED_TO_VAULT_PAYMENT_SOURCE when the merchant is not onboarded, until it is again', async () => {
    await setVaultEnabled(api, false);
    const state = await api.request('GET', '/v1/test-helpers/vault/onboarding');
    expect(state.body.vault_enabled).toBe(false);
    expectError(
      await createPaymentToken(api, { payment_source: cardSource() }),
      'NOT_AUTHORIZED',
      'NOT_ENABLED_TO_VAULT_PAYMENT_SOURCE',
    );
    expectError(
      await api.request('GET', `${PAYMENT_TOKENS}?customer_id=customer_4029352050`),
      'NOT_AUTHORIZED',
      {
        issue: 'NOT_ENABLED_TO_VAULT_PAYMENT_SOURCE',
        location: 'query',
      },
    );
    expectError(
      await api.request('DELETE', `${PAYMENT_TOKENS}/abcdefgh`),
      'NOT_AUTHORIZED',
      'NOT_ENABLED_TO_VAULT_PAYMENT_SOURCE',
    );
    await setVaultEnabled(api, true);
    expect((await createPaymentToken(api, { payment_source: cardSource() })).status).toBe(201);
  });

  it('the reset onboards every merchant again', async () => {
    await setVaultEnabled(api, false);
    await api.request('POST', '/v1/test-helpers/reset', { body: {} });
    expect((await createPaymentToken(api, { payment_source: cardSource() })).status).toBe(201);
  });
});

describe('GET /v3/vault/payment-tokens?customer_id=', () => {
  it('lists a customer tokens a page at a time, with totals when asked', async () => {
    const customer = 'customer_paging_1';
    const ids: string[] = [];
    for (let i = 0; i < 7; i++) ids.push((await vaultCard(api, customer)).id as string);
    await vaultCard(api, 'customer_someone_else');

    const first = await api.request('GET', `${PAYMENT_TOKENS}?customer_id=${customer}&total_required=true`);
    expect(first.status, first.text).toBe(200);
    expect(first.body.customer).toEqual({ id: customer });
    expect(first.body.total_items).toBe(7);
    expect(first.body.total_pages).toBe(2);
    expect(first.body.payment_tokens.map((t: { id: string }) => t.id)).toEqual(ids.slice(0, 5));
    expect(rels(first.body.links)).toEqual(['self', 'first', 'last', 'next']);

    const second = await api.request('GET', `${PAYMENT_TOKENS}?customer_id=${customer}&page=2&page_size=5`);
    expect(second.body.payment_tokens.map((t: { id: string }) => t.id)).toEqual(ids.slice(5));
    expect(second.body.total_items).toBeUndefined();
    expect(second.body.payment_tokens[0].links[0].rel).toBe('self');

    const small = await api.request('GET', `${PAYMENT_TOKENS}?customer_id=${customer}&page_size=1&page=7`);
    expect(small.body.payment_tokens.map((t: { id: string }) => t.id)).toEqual([ids[6]]);
  });

  it('answers an empty list for a customer without tokens', async () => {
    const reply = await api.request('GET', `${PAYMENT_TOKENS}?customer_id=nobody_here`);
    expect(reply.status).toBe(200);
    expect(reply.body.payment_tokens).toEqual([]);
  });

  it.each([
    ['no customer_id', '', 'customer_id'],
    ['a 6-character customer_id', '?customer_id=abcdef', 'customer_id'],
    ['a 37-character customer_id', `?customer_id=${'a'.repeat(37)}`, 'customer_id'],
    ['a customer_id with a dot', '?customer_id=abc.defgh', 'customer_id'],
    ['page_size 0', '?customer_id=abcdefg&page_size=0', 'page_size'],
    ['page_size 6', '?customer_id=abcdefg&page_size=6', 'page_size'],
    ['page 0', '?customer_id=abcdefg&page=0', 'page'],
    ['page 11', '?customer_id=abcdefg&page=11', 'page'],
    ['total_required yes', '?customer_id=abcdefg&total_required=yes', 'total_required'],
  ])('answers 400 for %s', async (_name, query, field) => {
    const reply = await api.request('GET', `${PAYMENT_TOKENS}${query}`);
    expectError(reply, 'INVALID_REQUEST', { issue: expect.any(String) as never, field, location: 'query' });
  });
});

describe('GET and DELETE /v3/vault/payment-tokens/{id}', () => {
  it('shows a token, deletes it (204, twice), then it is gone from reads and lists', async () => {
    const token = await vaultCard(api, 'customer_delete_1');
    const shown = await api.request('GET', `${PAYMENT_TOKENS}/${token.id}`);
    expect(shown.status).toBe(200);
    expect(shown.body).toEqual(token);

    expect((await api.request('DELETE', `${PAYMENT_TOKENS}/${token.id}`)).status).toBe(204);
    expect((await api.request('DELETE', `${PAYMENT_TOKENS}/${token.id}`)).status).toBe(204);
    expectError(
      await api.request('GET', `${PAYMENT_TOKENS}/${token.id}`),
      'RESOURCE_NOT_FOUND',
      'RESOURCE_NOT_FOUND',
    );
    const list = await api.request('GET', `${PAYMENT_TOKENS}?customer_id=customer_delete_1`);
    expect(list.body.payment_tokens).toEqual([]);
  });

  it('answers 404 for an unknown token, and 400 for a malformed id', async () => {
    expectError(await api.request('GET', `${PAYMENT_TOKENS}/unknown1`), 'RESOURCE_NOT_FOUND');
    expectError(await api.request('DELETE', `${PAYMENT_TOKENS}/unknown1`), 'RESOURCE_NOT_FOUND');
    expectError(await api.request('GET', `${PAYMENT_TOKENS}/${'a'.repeat(37)}`), 'INVALID_REQUEST');
    expectError(await api.request('GET', `${PAYMENT_TOKENS}/a%2Eb`), 'INVALID_REQUEST');
  });

  it("does not show another app's tokens", async () => {
    const token = await vaultCard(api);
    const store = api.host.deps.store;
    store.transaction(() =>
      store.db
        .write('UPDATE resources SET app_id = ? WHERE kind = ? AND id = ?')
        .run('APP-OTHER', 'payment-token', token.id as string),
    );
    expectError(await api.request('GET', `${PAYMENT_TOKENS}/${token.id}`), 'RESOURCE_NOT_FOUND');
  });
});

describe('payment token events', () => {
  it('emits VAULT.PAYMENT-TOKEN.CREATED and DELETED with the token', async () => {
    const token = await vaultCard(api);
    await api.request('DELETE', `${PAYMENT_TOKENS}/${token.id}`);
    const events = await api.request('GET', '/v1/notifications/webhooks-events?page_size=10');
    expect(events.status, events.text).toBe(200);
    const types = (events.body.events as { event_type: string; resource: { id: string } }[])
      .filter((e) => e.resource.id === token.id)
      .map((e) => e.event_type)
      .sort();
    expect(types).toEqual(['VAULT.PAYMENT-TOKEN.CREATED', 'VAULT.PAYMENT-TOKEN.DELETED']);
  });
});

describe('a vaulted card billing address (spec 2.7)', () => {
  it('comes back with its id, the same on every read', async () => {
    const address = {
      address_line_1: '2211 N First Street',
      admin_area_2: 'San Jose',
      admin_area_1: 'CA',
      postal_code: '95131',
      country_code: 'US',
    };
    const reply = await createPaymentToken(api, {
      payment_source: { card: { ...cardSource().card, billing_address: address } },
      customer: { id: 'customer_4029352050' },
    });
    expect(reply.status, reply.text).toBe(201);
    const shown = reply.body.payment_source.card.billing_address;
    expect(shown).toEqual({ id: expect.stringMatching(/^[a-z0-9]{20}$/), ...address });
    const again = await api.request('GET', `${PAYMENT_TOKENS}/${reply.body.id}`);
    expect(again.body.payment_source.card.billing_address).toEqual(shown);
  });
});
