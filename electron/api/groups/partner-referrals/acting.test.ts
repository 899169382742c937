import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SEED_ACCOUNTS, SEED_BUYER, SEED_MERCHANT } from '../../../store/seed.js';
import { startHarness, TEST_CLIENT_ID, type ApiHarness } from '../../../test-support/api-harness.js';
import { expectError } from '../../../test-support/expect-error.js';
import { balanceOf, seller } from '../accounts/accounts-test-kit.js';
import { assertion, onboardedSeller } from './partners-test-kit.js';

let api: ApiHarness;
beforeEach(async () => {
  api = await startHarness();
});
afterEach(async () => {
  await api.close();
});

const ORDERS = '/v2/checkout/orders';

/** An order of 100.00 USD with a 5.00 partner fee, created as the seller, approved by the buyer. */
async function approvedOrder(sellerId: string, fee = '5.00', headers: Record<string, string> = {}) {
  const created = await api.request('POST', ORDERS, {
    headers: {
      'svc-auth-assertion': assertion({ iss: TEST_CLIENT_ID, payer_id: sellerId }),
      'svc-partner-attribution-id': 'PARTNER_BN_1',
      ...headers,
    },
    body: {
      intent: 'CAPTURE',
      purchase_units: [
        {
          amount: { currency_code: 'USD', value: '100.00' },
          payment_instruction: { platform_fees: [{ amount: { currency_code: 'USD', value: fee } }] },
        },
      ],
    },
  });
  expect(created.status, created.text).toBe(201);
  const approved = await api.request('POST', `/v1/test-helpers/checkout/orders/${created.body.id}/approve`, {
    body: {},
  });
  expect(approved.status, approved.text).toBeLessThan(300);
  return created.body.id as string;
}

describe('acting for an onboarded seller (Svc-Auth-Assertion)', () => {
  it('creates and captures an order as the seller with a partner fee: both balances move in the ledger', async () => {
    const sellerId = await onboardedSeller(api, 'fee-seller@example.org');
    const orderId = await approvedOrder(sellerId);
    const capture = await api.request('POST', `${ORDERS}/${orderId}/capture`, {
      headers: { 'svc-auth-assertion': assertion({ payer_id: sellerId }), 'svc-request-id': 'cap-fee-1' },
      body: {},
    });
    expect(capture.status, capture.text).toBe(201);
    const unit = capture.body.purchase_units[0];
    expect(unit.payee.merchant_id).toBe(sellerId);
    expect(unit.payment_instruction.platform_fees).toEqual([
      {
        amount: { currency_code: 'USD', value: '5.00' },
        payee: { email_address: SEED_MERCHANT.email, merchant_id: SEED_MERCHANT.id },
      },
    ]);
    const breakdown = unit.payments.captures[0].seller_receivable_breakdown;
    // 100.00 gross, 3.49% + 0.49 = 3.98 fee, 5.00 to the partner: 91.02 net.
    expect(breakdown).toMatchObject({
      gross_amount: { value: '100.00' },
      svc_fee: { value: '3.98' },
      platform_fees: [
        { amount: { currency_code: 'USD', value: '5.00' }, payee: { merchant_id: SEED_MERCHANT.id } },
      ],
      net_amount: { value: '91.02' },
    });
    expect(await balanceOf(api, sellerId)).toBe('91.02');
    expect(await balanceOf(api, SEED_MERCHANT.id)).toBe('5.00');
    const [stored] = api.host.deps.store.resources.byRoot<
      unknown,
      { platform_fees: { transaction_id: string }[] }
    >('capture', orderId);
    const feeLines = api.host.services.ledger.repo.byTransaction(
      stored?.internal.platform_fees[0]?.transaction_id ?? '',
    );
    expect(feeLines.map((l) => [l.eventCode, l.accountId, l.amountMinor])).toEqual([
      ['T0113', sellerId, -500n],
      ['T0113', SEED_MERCHANT.id, 500n],
    ]);
  });

  it('records Svc-Partner-Attribution-Id on the order and its capture, and in the request log', async () => {
    const sellerId = await onboardedSeller(api, 'bn-seller@example.org');
    const orderId = await approvedOrder(sellerId);
    await api.request('POST', `${ORDERS}/${orderId}/capture`, {
      headers: { 'svc-auth-assertion': assertion({ payer_id: sellerId }) },
      body: {},
    });
    const order = api.host.deps.store.resources.get<unknown, { partner_attribution_id?: string }>(
      'order',
      orderId,
    );
    expect(order?.internal.partner_attribution_id).toBe('PARTNER_BN_1');
    const [capture] = api.host.deps.store.resources.byRoot<unknown, { partner_attribution_id?: string }>(
      'capture',
      orderId,
    );
    expect(capture?.internal.partner_attribution_id).toBe('PARTNER_BN_1');
    const logged = api.host.api.requestLogger
      .recent(20)
      .find((e) => e.path === ORDERS && e.method === 'POST');
    expect(logged?.request.headers['svc-partner-attribution-id']).toBe('PARTNER_BN_1');
  });

  it('refunds as the seller when REFUND was granted, and refuses with 403 when it was not', async () => {
    const withRefund = await onboardedSeller(api, 'refunds@example.org');
    const orderId = await approvedOrder(withRefund);
    const captured = await api.request('POST', `${ORDERS}/${orderId}/capture`, {
      headers: { 'svc-auth-assertion': assertion({ payer_id: withRefund }) },
      body: {},
    });
    const captureId = captured.body.purchase_units[0].payments.captures[0].id;
    const refund = await api.request('POST', `/v2/payments/captures/${captureId}/refund`, {
      headers: { 'svc-auth-assertion': assertion({ payer_id: withRefund }) },
      body: { amount: { currency_code: 'USD', value: '10.00' } },
    });
    expect(refund.status, refund.text).toBe(201);

    const noRefund = await onboardedSeller(
      api,
      'norefunds@example.org',
      ['PAYMENT', 'PARTNER_FEE'],
      'no-refund',
    );
    const other = await approvedOrder(noRefund);
    const otherCapture = await api.request('POST', `${ORDERS}/${other}/capture`, {
      headers: { 'svc-auth-assertion': assertion({ payer_id: noRefund }) },
      body: {},
    });
    const otherId = otherCapture.body.purchase_units[0].payments.captures[0].id;
    expectError(
      await api.request('POST', `/v2/payments/captures/${otherId}/refund`, {
        headers: { 'svc-auth-assertion': assertion({ payer_id: noRefund }) },
        body: {},
      }),
      'NOT_AUTHORIZED',
      { issue: 'PAYEE_NOT_CONSENTED', field: 'Svc-Auth-Assertion', location: 'header' },
    );
  });

  it('refuses a seller that never consented (403), and a partner fee the seller did not grant (403)', async () => {
    const stranger = await seller(api, 'stranger@example.org');
    expectError(
      await api.request('POST', ORDERS, {
        headers: { 'svc-auth-assertion': assertion({ email: 'stranger@example.org' }) },
        body: { intent: 'CAPTURE', purchase_units: [{ amount: { currency_code: 'USD', value: '1.00' } }] },
      }),
      'NOT_AUTHORIZED',
      { issue: 'PAYEE_NOT_CONSENTED', field: 'Svc-Auth-Assertion', location: 'header' },
    );
    // Naming the stranger as payee with a fee: the fee needs its PARTNER_FEE consent.
    expectError(
      await api.request('POST', ORDERS, {
        body: {
          intent: 'CAPTURE',
          purchase_units: [
            {
              amount: { currency_code: 'USD', value: '10.00' },
              payee: { merchant_id: stranger },
              payment_instruction: { platform_fees: [{ amount: { currency_code: 'USD', value: '1.00' } }] },
            },
          ],
        },
      }),
      'NOT_AUTHORIZED',
      { issue: 'PAYEE_NOT_CONSENTED', field: '/purchase_units/0/payment_instruction/platform_fees/0' },
    );
    const paymentsOnly = await onboardedSeller(api, 'nofee@example.org', ['PAYMENT'], 'no-fee');
    expectError(
      await api.request('POST', ORDERS, {
        headers: { 'svc-auth-assertion': assertion({ payer_id: paymentsOnly }) },
        body: {
          intent: 'CAPTURE',
          purchase_units: [
            {
              amount: { currency_code: 'USD', value: '10.00' },
              payment_instruction: { platform_fees: [{ amount: { currency_code: 'USD', value: '1.00' } }] },
            },
          ],
        },
      }),
      'NOT_AUTHORIZED',
      { issue: 'PAYEE_NOT_CONSENTED' },
    );
  });

  it("refuses an assertion whose iss is another app's client id", async () => {
    const sellerId = await onboardedSeller(api, 'iss@example.org');
    expectError(
      await api.request('GET', `${ORDERS}/ABC`, {
        headers: { 'svc-auth-assertion': assertion({ iss: 'someone-else', payer_id: sellerId }) },
      }),
      'NOT_AUTHORIZED',
      { issue: 'ASSERTION_ISSUER_MISMATCH', field: 'Svc-Auth-Assertion', location: 'header' },
    );
  });

  it('checks platform fees: currency, amount, payee', async () => {
    const sellerId = await onboardedSeller(api, 'rules@example.org');
    const order = (fee: Record<string, unknown>) =>
      api.request('POST', ORDERS, {
        headers: { 'svc-auth-assertion': assertion({ payer_id: sellerId }) },
        body: {
          intent: 'CAPTURE',
          purchase_units: [
            {
              amount: { currency_code: 'USD', value: '10.00' },
              payment_instruction: { platform_fees: [fee] },
            },
          ],
        },
      });
    const at = '/purchase_units/0/payment_instruction/platform_fees/0';
    expectError(await order({ amount: { currency_code: 'EUR', value: '1.00' } }), 'UNPROCESSABLE_ENTITY', {
      issue: 'INVALID_PLATFORM_FEES_AMOUNT',
      field: `${at}/amount/currency_code`,
    });
    expectError(await order({ amount: { currency_code: 'USD', value: '10.01' } }), 'UNPROCESSABLE_ENTITY', {
      issue: 'INVALID_PLATFORM_FEES_AMOUNT',
      field: `${at}/amount/value`,
    });
    expectError(await order({ amount: { currency_code: 'USD', value: '0.00' } }), 'UNPROCESSABLE_ENTITY', {
      issue: 'INVALID_PLATFORM_FEES_AMOUNT',
    });
    expectError(
      await order({
        amount: { currency_code: 'USD', value: '1.00' },
        payee: { email_address: SEED_BUYER.email },
      }),
      'UNPROCESSABLE_ENTITY',
      {
        issue: 'INVALID_PLATFORM_FEES_ACCOUNT',
        field: `${at}/payee`,
      },
    );
    expectError(
      await order({ amount: { currency_code: 'USD', value: '1.00' }, payee: { merchant_id: sellerId } }),
      'UNPROCESSABLE_ENTITY',
      {
        issue: 'INVALID_PLATFORM_FEES_ACCOUNT',
      },
    );
  });
});

describe('merchant integrations', () => {
  it('finds the seller by tracking_id (201) and shows its status by merchant id', async () => {
    const sellerId = await onboardedSeller(api, 'status@example.org', undefined, 'track-42');
    const found = await api.request(
      'GET',
      `/v1/customer/partners/${SEED_MERCHANT.id}/merchant-integrations?tracking_id=track-42`,
    );
    expect(found.status, found.text).toBe(201);
    expect(found.body).toMatchObject({ merchant_id: sellerId, tracking_id: 'track-42' });
    const read = found.body.links[0];
    expect(read.href).toMatch(
      new RegExp(`/v1/customer/partners/${SEED_MERCHANT.id}/merchant-integrations/${sellerId}$`),
    );
    const status = await api.request('GET', new URL(read.href).pathname);
    expect(status.status).toBe(200);
    expect(status.body).toMatchObject({
      merchant_id: sellerId,
      tracking_id: 'track-42',
      payments_receivable: true,
      primary_email_confirmed: true,
      primary_email: 'status@example.org',
      products: [{ name: 'EXPRESS_CHECKOUT', vetting_status: 'SUBSCRIBED' }],
      granted_permissions: ['PAYMENT', 'REFUND', 'PARTNER_FEE'],
      oauth_integrations: [
        {
          integration_type: 'OAUTH_THIRD_PARTY',
          oauth_third_party: [expect.objectContaining({ partner_client_id: TEST_CLIENT_ID })],
        },
      ],
    });
  });

  it('shows an unconfirmed e-mail when the seller account says so', async () => {
    const sellerId = await onboardedSeller(api, 'unconfirmed@example.org');
    await api.request('PATCH', `/v1/test-helpers/accounts/${sellerId}`, {
      body: { primary_email_confirmed: false },
    });
    const status = await api.request(
      'GET',
      `/v1/customer/partners/${SEED_MERCHANT.id}/merchant-integrations/${sellerId}`,
    );
    expect(status.body.primary_email_confirmed).toBe(false);
  });

  it("answers the seeded charity's status, which the assertion accepts as consented, and lets it revoke", async () => {
    const charity = SEED_ACCOUNTS.find((a) => a.email === 'charity@example.com')!;
    const base = `/v1/customer/partners/${SEED_MERCHANT.id}/merchant-integrations`;
    const status = await api.request('GET', `${base}/${charity.id}`);
    expect(status.status, status.text).toBe(200);
    expect(status.body.merchant_id).toBe(charity.id);
    expect(status.body.payments_receivable).toBe(true);
    const byTracking = await api.request('GET', `${base}?tracking_id=seed-charity`);
    expect(byTracking.status, byTracking.text).toBe(201);
    const revoked = await api.request('POST', `/v1/test-helpers/merchant-integrations/${charity.id}/revoke`);
    expect(revoked.status, revoked.text).toBeLessThan(300);
    expectError(
      await api.request('GET', '/v2/checkout/orders/ABC', {
        headers: { 'svc-auth-assertion': assertion({ email: 'charity@example.com' }) },
      }),
      'NOT_AUTHORIZED',
      { issue: 'PAYEE_NOT_CONSENTED' },
    );
  });

  it('404 for an unknown tracking id or seller, 403 for another partner id, 400 without tracking_id', async () => {
    const base = `/v1/customer/partners/${SEED_MERCHANT.id}/merchant-integrations`;
    expectError(await api.request('GET', `${base}?tracking_id=nobody`), 'RESOURCE_NOT_FOUND');
    expectError(await api.request('GET', `${base}/${SEED_BUYER.id}`), 'RESOURCE_NOT_FOUND');
    expectError(
      await api.request('GET', `/v1/customer/partners/ABCDEFGHJKLMN/merchant-integrations?tracking_id=x`),
      'NOT_AUTHORIZED',
      {
        issue: 'PARTNER_ID_MISMATCH',
      },
    );
    expectError(await api.request('GET', base), 'INVALID_REQUEST', {
      issue: 'MISSING_REQUIRED_PARAMETER',
      field: 'tracking_id',
      location: 'query',
    });
  });

  it('a revoked consent: no permissions in the status, acting refused with 403, a second revoke is 422', async () => {
    const sellerId = await onboardedSeller(api, 'revoker@example.org');
    const revoked = await api.request('POST', `/v1/test-helpers/merchant-integrations/${sellerId}/revoke`);
    expect(revoked.status, revoked.text).toBe(200);
    expect(revoked.body).toMatchObject({
      status: 'REVOKED',
      granted_permissions: [],
      oauth_integrations: [],
    });
    expectError(
      await api.request('POST', ORDERS, {
        headers: { 'svc-auth-assertion': assertion({ payer_id: sellerId }) },
        body: { intent: 'CAPTURE', purchase_units: [{ amount: { currency_code: 'USD', value: '1.00' } }] },
      }),
      'NOT_AUTHORIZED',
      { issue: 'PAYEE_NOT_CONSENTED' },
    );
    expectError(
      await api.request('POST', `/v1/test-helpers/merchant-integrations/${sellerId}/revoke`),
      'UNPROCESSABLE_ENTITY',
      {
        issue: 'CONSENT_ALREADY_REVOKED',
      },
    );
  });
});

describe('partner events', () => {
  it('onboarding emits SELLER-CONSENT-GRANTED and MERCHANT.ONBOARDING.COMPLETED; revoking MERCHANT.PARTNER-CONSENT.REVOKED', async () => {
    const sellerId = await onboardedSeller(api, 'events@example.org');
    await api.request('POST', `/v1/test-helpers/merchant-integrations/${sellerId}/revoke`);
    const { items } = api.host.services.webhooks.events.list(api.host.sandboxApp.id, {}, 50, 0);
    const types = items.map((e) => e.event_type);
    expect(types).toEqual(
      expect.arrayContaining([
        'CUSTOMER.MERCHANT-INTEGRATION.SELLER-CONSENT-GRANTED',
        'MERCHANT.ONBOARDING.COMPLETED',
        'MERCHANT.PARTNER-CONSENT.REVOKED',
      ]),
    );
    const completed = JSON.parse(
      items.find((e) => e.event_type === 'MERCHANT.ONBOARDING.COMPLETED')?.body ?? '{}',
    );
    expect(completed.resource).toMatchObject({ merchant_id: sellerId, partner_client_id: TEST_CLIENT_ID });
    expect(completed.resource_type).toBe('merchant-onboarding');
    const catalog = await api.request('GET', '/v1/notifications/webhooks-event-types');
    const names = catalog.body.event_types.map((t: { name: string }) => t.name);
    expect(names).toEqual(
      expect.arrayContaining(['MERCHANT.ONBOARDING.COMPLETED', 'MERCHANT.PARTNER-CONSENT.REVOKED']),
    );
  });
});
