import { describe, expect, it } from 'vitest';
import { harnessPerTest } from '../../../test-support/harness-per-test.js';
import { startHarness, type Reply } from '../../../test-support/api-harness.js';
import { expectError } from '../../../test-support/expect-error.js';
import { approve } from '../orders-v2/orders-test-kit.js';
import { PAYMENT_TOKENS, payAndVaultCard, requestId, setVaultEnabled, vaultCard } from './vault-test-kit.js';

/** Orders v2 with the vault: `store_in_vault` saves a paid order's source, `vault_id` charges a token. */

const api = harnessPerTest(startHarness);

const unit = [{ amount: { currency_code: 'USD', value: '15.00' } }];

/** A merchant not onboarded for the vault is refused 403 at the member that asked to vault; no order is made. */
function expectNotEnabledToVault(reply: Reply, field: string): void {
  expectError(reply, 'NOT_AUTHORIZED', { issue: 'NOT_ENABLED_TO_VAULT_PAYMENT_SOURCE', field });
  expect(api.host.deps.store.resources.count('order')).toBe(0);
}
const orderWith = (payment_source: unknown, intent = 'CAPTURE') => ({
  intent,
  purchase_units: unit,
  payment_source,
});

describe('store_in_vault: ON_SUCCESS', () => {
  it('saves the card once the order is captured; the order shows the token (id, status, customer)', async () => {
    const order = await payAndVaultCard(api, 'customer_orders_1');
    expect(order.status).toBe('COMPLETED');
    const vault = order.payment_source.card.attributes.vault;
    expect(vault).toMatchObject({
      id: expect.any(String),
      status: 'VAULTED',
      customer: { id: 'customer_orders_1' },
    });
    expect(vault.links[0]).toMatchObject({
      rel: 'self',
      href: expect.stringContaining(`${PAYMENT_TOKENS}/${vault.id}`),
    });

    const token = await api.request('GET', `${PAYMENT_TOKENS}/${vault.id}`);
    expect(token.status).toBe(200);
    expect(token.body.payment_source.card).toEqual({
      name: 'Bailey Buyer',
      last_digits: '1111',
      brand: 'VISA',
      expiry: '2030-12',
    });
    const shown = await api.request('GET', `/v2/checkout/orders/${order.id}`);
    expect(shown.body.payment_source.card.attributes.vault.id).toBe(vault.id);
    const projected = await api.request('GET', `/v2/checkout/orders/${order.id}?fields=payment_source`);
    expect(projected.body.payment_source.card.attributes.vault.id).toBe(vault.id);
  });

  it('saves nothing when the order is not paid, and nothing before', async () => {
    const created = await api.createOrder(
      orderWith(
        {
          card: {
            number: '4111111111111111',
            expiry: '2030-12',
            attributes: { vault: { store_in_vault: 'ON_SUCCESS' } },
          },
        },
        'AUTHORIZE',
      ),
      requestId(),
    );
    expect(created.status, created.text).toBe(201);
    expect(api.host.deps.store.resources.count('payment-token')).toBe(0);
    const authorized = await api.request('POST', `/v2/checkout/orders/${created.body.id}/authorize`, {
      headers: requestId(),
    });
    expect(authorized.status).toBe(201);
    expect(authorized.body.payment_source.card.attributes.vault.status).toBe('VAULTED');
    expect(api.host.deps.store.resources.count('payment-token')).toBe(1);
  });

  it('saves a wallet the buyer approved, with the buyer as the wallet', async () => {
    const created = await api.createOrder(
      orderWith({
        svc: {
          attributes: {
            vault: { store_in_vault: 'ON_SUCCESS', usage_type: 'MERCHANT' },
            customer: { id: 'customer_wallet_9' },
          },
        },
      }),
      requestId(),
    );
    expect(created.body.status).toBe('PAYER_ACTION_REQUIRED');
    await approve(api, created.body.id as string);
    const captured = await api.request('POST', `/v2/checkout/orders/${created.body.id}/capture`, {
      headers: requestId(),
    });
    const vault = captured.body.payment_source.svc.attributes.vault;
    expect(vault).toMatchObject({ status: 'VAULTED', customer: { id: 'customer_wallet_9' } });
    const token = await api.request('GET', `${PAYMENT_TOKENS}/${vault.id}`);
    expect(token.body.payment_source.svc).toMatchObject({
      email_address: 'buyer@example.com',
      usage_type: 'MERCHANT',
    });
  });

  it('answers 403 NOT_ENABLED_TO_VAULT_PAYMENT_SOURCE for a merchant not onboarded, and creates no order', async () => {
    await setVaultEnabled(api, false);
    const reply = await api.createOrder(
      orderWith({
        card: {
          number: '4111111111111111',
          expiry: '2030-12',
          attributes: { vault: { store_in_vault: 'ON_SUCCESS' } },
        },
      }),
      requestId(),
    );
    expectNotEnabledToVault(reply, '/payment_source/card/attributes/vault/store_in_vault');
  });

  it('vaults a wallet asked with confirm_payment_token ON_ORDER_COMPLETION once the order is authorized', async () => {
    const created = await api.createOrder(
      orderWith(
        {
          svc: {
            attributes: {
              vault: {
                confirm_payment_token: 'ON_ORDER_COMPLETION',
                usage_type: 'MERCHANT',
                usage_pattern: 'RECURRING_POSTPAID',
              },
              customer: { id: 'customer_confirm_7' },
            },
          },
        },
        'AUTHORIZE',
      ),
      requestId(),
    );
    expect(created.status, created.text).toBe(201);
    expect(api.host.deps.store.resources.count('payment-token')).toBe(0);
    await approve(api, created.body.id as string);
    const authorized = await api.request('POST', `/v2/checkout/orders/${created.body.id}/authorize`, {
      headers: requestId(),
    });
    expect(authorized.status, authorized.text).toBe(201);
    const vault = authorized.body.payment_source.svc.attributes.vault;
    expect(vault).toMatchObject({
      id: expect.any(String),
      status: 'VAULTED',
      customer: { id: 'customer_confirm_7' },
    });
    const token = await api.request('GET', `${PAYMENT_TOKENS}/${vault.id}`);
    expect(token.status).toBe(200);
    expect(token.body.payment_source.svc).toMatchObject({
      email_address: 'buyer@example.com',
      usage_type: 'MERCHANT',
      usage_pattern: 'RECURRING_POSTPAID',
    });
  });

  it('answers 403 NOT_ENABLED_TO_VAULT_PAYMENT_SOURCE for confirm_payment_token when the merchant is not onboarded', async () => {
    await setVaultEnabled(api, false);
    const reply = await api.createOrder(
      orderWith({ svc: { attributes: { vault: { confirm_payment_token: 'ON_ORDER_COMPLETION' } } } }),
      requestId(),
    );
    expectNotEnabledToVault(reply, '/payment_source/svc/attributes/vault/confirm_payment_token');
  });

  it('refuses a vault customer id a list could not find (under 7 characters)', async () => {
    const reply = await api.createOrder(
      orderWith({
        card: {
          number: '4111111111111111',
          expiry: '2030-12',
          attributes: { vault: { store_in_vault: 'ON_SUCCESS' }, customer: { id: 'CUST1' } },
        },
      }),
      requestId(),
    );
    expectError(reply, 'INVALID_REQUEST', {
      issue: 'INVALID_STRING_LENGTH',
      field: '/payment_source/card/attributes/customer/id',
    });
  });
});

describe('vault_id: charging a payment token', () => {
  it('reuses a vaulted card in a second order: APPROVED at once, captured, the card shown without its number', async () => {
    const first = await payAndVaultCard(api, 'customer_reuse_1');
    const vaultId = first.payment_source.card.attributes.vault.id as string;
    const second = await api.createOrder(orderWith({ card: { vault_id: vaultId } }), {
      ...requestId(),
      prefer: 'return=representation',
    });
    expect(second.status, second.text).toBe(201);
    expect(second.body.status).toBe('APPROVED');
    expect(second.body.payment_source.card).toMatchObject({
      last_digits: '1111',
      brand: 'VISA',
      expiry: '2030-12',
    });
    const captured = await api.request('POST', `/v2/checkout/orders/${second.body.id}/capture`, {
      headers: requestId(),
    });
    expect(captured.status).toBe(201);
    expect(captured.body.purchase_units[0].payments.captures[0].status).toBe('COMPLETED');
  });

  it('charges a vaulted wallet without buyer action: the payer is the wallet', async () => {
    const created = await api.createOrder(
      orderWith({ svc: { attributes: { vault: { store_in_vault: 'ON_SUCCESS' } } } }),
      requestId(),
    );
    await approve(api, created.body.id as string);
    const captured = await api.request('POST', `/v2/checkout/orders/${created.body.id}/capture`, {
      headers: requestId(),
    });
    const vaultId = captured.body.payment_source.svc.attributes.vault.id as string;

    const again = await api.createOrder(orderWith({ svc: { vault_id: vaultId } }), {
      ...requestId(),
      prefer: 'return=representation',
    });
    expect(again.status, again.text).toBe(201);
    expect(again.body.status).toBe('APPROVED');
    expect(again.body.payer).toMatchObject({ email_address: 'buyer@example.com' });
  });

  it('answers 404 for a vault_id that is absent or deleted', async () => {
    expectError(
      await api.createOrder(orderWith({ card: { vault_id: 'nosuch12' } }), requestId()),
      'RESOURCE_NOT_FOUND',
      {
        issue: 'INVALID_RESOURCE_ID',
        field: '/payment_source/card/vault_id',
        location: 'body',
      },
    );
    const token = await vaultCard(api);
    await api.request('DELETE', `${PAYMENT_TOKENS}/${token.id}`);
    expectError(
      await api.createOrder(orderWith({ card: { vault_id: token.id } }), requestId()),
      'RESOURCE_NOT_FOUND',
    );
  });

  it('answers 422 MISMATCHED_VAULT_ID_TO_PAYMENT_SOURCE for a card token given as a wallet', async () => {
    const token = await vaultCard(api);
    expectError(
      await api.createOrder(orderWith({ svc: { vault_id: token.id } }), requestId()),
      'UNPROCESSABLE_ENTITY',
      'MISMATCHED_VAULT_ID_TO_PAYMENT_SOURCE',
    );
  });

  it('answers 403 when the merchant is not onboarded to the vault', async () => {
    const token = await vaultCard(api);
    await setVaultEnabled(api, false);
    expectError(
      await api.createOrder(orderWith({ card: { vault_id: token.id } }), requestId()),
      'NOT_AUTHORIZED',
      'NOT_ENABLED_TO_VAULT_PAYMENT_SOURCE',
    );
  });

  it.each([
    [
      'vault_id with a number',
      { card: { vault_id: 'abcdefgh', number: '4111111111111111' } },
      '/payment_source/card/number',
    ],
    [
      'vault_id with store_in_vault',
      { card: { vault_id: 'abcdefgh', attributes: { vault: { store_in_vault: 'ON_SUCCESS' } } } },
      '/payment_source/card/attributes/vault',
    ],
    ['a card without number', { card: { expiry: '2030-12' } }, '/payment_source/card/number'],
    ['a malformed vault_id', { card: { vault_id: 'a b' } }, '/payment_source/card/vault_id'],
    [
      'store_in_vault NEVER',
      {
        card: {
          number: '4111111111111111',
          expiry: '2030-12',
          attributes: { vault: { store_in_vault: 'NEVER' } },
        },
      },
      '/payment_source/card/attributes/vault/store_in_vault',
    ],
  ])('answers 400 for %s', async (_name, source, field) => {
    expectError(await api.createOrder(orderWith(source), requestId()), 'INVALID_REQUEST', {
      issue: expect.any(String) as never,
      field,
    });
  });
});
