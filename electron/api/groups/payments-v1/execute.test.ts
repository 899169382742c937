import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startHarness, type ApiHarness } from '../../../test-support/api-harness.js';
import { expectError } from '../../../test-support/expect-error.js';
import {
  BAD,
  malformedPatchCases,
  type PatchRefusalCase,
  REFUSED,
} from '../../../test-support/malformed-patches.js';
import {
  approveAsBuyer,
  BUYER_PAGE,
  CANCEL_URL,
  created,
  executed,
  PAYMENTS,
  rels,
  related,
  RETURN_URL,
  simplePayment,
  submitBuyerPage,
  tokenOf,
  walletPayment,
} from './payments-v1-test-kit.js';

const execute = (api: ApiHarness, id: string, body: unknown, headers: Record<string, string> = {}) =>
  api.request('POST', `${PAYMENTS}/${id}/execute`, { body, headers });

describe('the v1 buyer page and execute', () => {
  let api: ApiHarness;
  beforeEach(async () => {
    api = await startHarness();
  });
  afterEach(async () => api.close());

  describe('the buyer page /cgi-bin/webscr?cmd=_express-checkout&token=EC-...', () => {
    it('shows the payment as HTML without JavaScript, with a CSRF-protected form', async () => {
      const payment = await created(api, walletPayment());
      const page = await api.request('GET', `${BUYER_PAGE}?cmd=_express-checkout&token=${tokenOf(payment)}`, {
        token: null,
      });
      expect(page.status).toBe(200);
      expect(String(page.headers['content-type'])).toMatch(/^text\/html/);
      expect(String(page.headers['content-security-policy'])).toContain("default-src 'none'");
      expect(page.text).not.toMatch(/<script/i);
      expect(page.text).toContain('30.11 USD');
      expect(page.text).toContain('Contact us for any questions on your order.');
      expect(page.text).toContain('Brian Robinson');
      expect(page.text).toContain('name="csrf_token"');
    });

    it('an unknown token or a wrong cmd is a 404 page', async () => {
      const payment = await created(api, walletPayment());
      expect(
        (await api.request('GET', `${BUYER_PAGE}?cmd=_express-checkout&token=EC-NOPE`, { token: null }))
          .status,
      ).toBe(404);
      expect(
        (await api.request('GET', `${BUYER_PAGE}?cmd=_other&token=${tokenOf(payment)}`, { token: null }))
          .status,
      ).toBe(404);
    });

    it('approve redirects to return_url with paymentId, token and PayerID; the payer is shown on the payment', async () => {
      const payment = await created(api, walletPayment());
      const reply = await submitBuyerPage(api, payment.id, {
        token: tokenOf(payment),
        buyer_email: 'buyer@example.com',
        action: 'approve',
      });
      expect(reply.status).toBe(303);
      const location = new URL(String(reply.headers.location));
      expect(location.origin + location.pathname).toBe(RETURN_URL);
      expect(Object.fromEntries(location.searchParams)).toEqual({
        paymentId: payment.id,
        token: tokenOf(payment),
        PayerID: expect.stringMatching(/^[A-Z0-9]{13}$/),
      });
      const shown = (await api.request('GET', `${PAYMENTS}/${payment.id}`)).body;
      expect(shown.state).toBe('created');
      expect(shown.payer).toMatchObject({
        status: 'VERIFIED',
        payer_info: { email: 'buyer@example.com', payer_id: location.searchParams.get('PayerID') },
      });
    });

    it('cancel redirects to cancel_url with the token and changes nothing', async () => {
      const payment = await created(api, walletPayment());
      const reply = await submitBuyerPage(api, payment.id, { token: tokenOf(payment), action: 'cancel' });
      expect(reply.status).toBe(303);
      expect(String(reply.headers.location)).toBe(`${CANCEL_URL}?token=${tokenOf(payment)}`);
      expect((await api.request('GET', `${PAYMENTS}/${payment.id}`)).body.payer.payer_info).toBeUndefined();
    });

    it("refuses a form without this page's CSRF token (403) and an unknown buyer (422)", async () => {
      const payment = await created(api, walletPayment());
      const forged = await submitBuyerPage(api, payment.id, {
        token: tokenOf(payment),
        action: 'approve',
        csrf_token: 'forged',
      });
      expect(forged.status).toBe(403);
      const stranger = await submitBuyerPage(api, payment.id, {
        token: tokenOf(payment),
        action: 'approve',
        buyer_email: 'merchant@example.com',
      });
      expect(stranger.status).toBe(422);
      expect((await api.request('GET', `${PAYMENTS}/${payment.id}`)).body.payer.payer_info).toBeUndefined();
    });

    it('shows a web experience profile: brand name, logo, landing page and shipping', async () => {
      const profile = await api.request('POST', '/v1/payment-experience/web-profiles', {
        body: {
          name: 'Digital goods',
          presentation: { brand_name: 'Pixel Store', logo_image: 'https://cdn.example/logo.png' },
          input_fields: { no_shipping: 1 },
          flow_config: { landing_page_type: 'Billing', user_action: 'commit' },
        },
        headers: { 'Svc-Request-Id': 'profile-page-1' },
      });
      expect(profile.status, profile.text).toBe(201);
      const payment = await created(api, { ...walletPayment(), experience_profile_id: profile.body.id });
      const page = await api.request('GET', `${BUYER_PAGE}?cmd=_express-checkout&token=${tokenOf(payment)}`, {
        token: null,
      });
      expect(page.text).toContain('Pay Pixel Store');
      expect(page.text).toContain('src="https://cdn.example/logo.png"');
      expect(String(page.headers['content-security-policy'])).toContain(
        "img-src 'self' data: https://cdn.example",
      );
      expect(page.text).toContain('data-landing="Billing"');
      expect(page.text).toContain('No shipping address is needed.');
      expect(page.text).toContain('Pay Now');
    });
  });

  it("without a profile, the payment's application_context dresses the page", async () => {
    const payment = await created(api, {
      ...walletPayment(),
      application_context: {
        brand_name: 'Corner Shop',
        landing_page: 'Billing',
        shipping_preference: 'SET_PROVIDED_ADDRESS',
        user_action: 'commit',
      },
    });
    const page = await api.request('GET', `${BUYER_PAGE}?cmd=_express-checkout&token=${tokenOf(payment)}`, {
      token: null,
    });
    expect(page.text).toContain('Pay Corner Shop');
    expect(page.text).toContain('data-landing="Billing"');
    expect(page.text).toContain('(set by the merchant)');
    expect(page.text).toContain('Pay Now');
  });

  describe('POST /v1/payments/payment/{id}/execute', () => {
    it('executes an approved sale: approved, the sale in related_resources, no more approval link', async () => {
      const payment = await executed(api);
      expect(payment.state).toBe('approved');
      expect(rels(payment.links)).toEqual(['self']);
      const sale = related(payment, 'sale');
      expect(sale).toMatchObject({
        state: 'completed',
        parent_payment: payment.id,
        amount: { total: '30.11', currency: 'USD' },
      });
      expect(sale.transaction_fee).toEqual({ value: '1.54', currency: 'USD' });
      expect(rels(sale.links)).toEqual(['self', 'refund', 'parent_payment']);
    });

    it('an authorize payment gets an authorization valid for 29 days', async () => {
      const payment = await executed(api, simplePayment('authorize', '20.00'));
      const authorization = related(payment, 'authorization');
      expect(authorization).toMatchObject({
        state: 'authorized',
        reason_code: 'AUTHORIZATION',
        parent_payment: payment.id,
      });
      expect(Date.parse(authorization.valid_until) - Date.parse(authorization.create_time)).toBe(
        29 * 24 * 3600_000,
      );
      expect(rels(authorization.links)).toEqual(['self', 'capture', 'void', 'reauthorize', 'parent_payment']);
    });

    it('an order payment gets an order', async () => {
      const payment = await executed(api, simplePayment('order', '20.00'));
      const order = related(payment, 'order');
      expect(order.id).toMatch(/^O-[A-Z0-9]{17}$/);
      expect(order).toMatchObject({ state: 'pending', reason_code: 'ORDER' });
    });

    it('before the buyer approved: 422 PAYMENT_NOT_APPROVED_FOR_EXECUTION', async () => {
      const payment = await created(api, walletPayment());
      expectError(
        await execute(api, payment.id, { payer_id: 'ABCDEFGHJKLMN' }),
        'UNPROCESSABLE_ENTITY',
        'PAYMENT_NOT_APPROVED_FOR_EXECUTION',
      );
    });

    it("another payer_id than the buyer's: 400 INVALID_PAYER_ID", async () => {
      const payment = await created(api, walletPayment());
      await approveAsBuyer(api, payment);
      expectError(await execute(api, payment.id, { payer_id: 'ABCDEFGHJKLMN' }), 'INVALID_REQUEST', {
        issue: 'INVALID_PAYER_ID',
        field: '/payer_id',
      });
    });

    it('without payer_id: 400', async () => {
      const payment = await created(api, walletPayment());
      expectError(await execute(api, payment.id, {}), 'INVALID_REQUEST', {
        issue: 'MISSING_REQUIRED_PARAMETER',
        field: '/payer_id',
      });
    });

    it('twice: 422 PAYMENT_ALREADY_DONE, and the same Svc-Request-Id answers 200 with the payment', async () => {
      const payment = await created(api, walletPayment());
      const payerId = await approveAsBuyer(api, payment);
      const first = await execute(api, payment.id, { payer_id: payerId }, { 'Svc-Request-Id': 'exec-1' });
      expect(first.status).toBe(200);
      const repeat = await execute(api, payment.id, { payer_id: payerId }, { 'Svc-Request-Id': 'exec-1' });
      expect(repeat.status).toBe(200);
      expect(repeat.body.transactions[0].related_resources).toHaveLength(1);
      expectError(
        await execute(api, payment.id, { payer_id: payerId }),
        'UNPROCESSABLE_ENTITY',
        'PAYMENT_ALREADY_DONE',
      );
      expect(api.host.deps.store.resources.count('sale-v1')).toBe(1);
    });

    it('may change a transaction amount (and only that), checked like a create', async () => {
      const payment = await created(api, simplePayment('sale', '10.00'));
      const payerId = await approveAsBuyer(api, payment);
      expectError(
        await execute(api, payment.id, {
          payer_id: payerId,
          transactions: [{ amount: { total: '12.00', currency: 'EUR' } }],
        }),
        'UNPROCESSABLE_ENTITY',
        'TRANSACTION_AMOUNT_CHANGE_INVALID',
      );
      expectError(
        await execute(api, payment.id, {
          payer_id: payerId,
          transactions: [{ amount: { total: '12.00', currency: 'USD' }, description: 'x' }],
        }),
        'INVALID_REQUEST',
        'UNKNOWN_FIELD',
      );
      const reply = await execute(api, payment.id, {
        payer_id: payerId,
        transactions: [{ amount: { total: '12.00', currency: 'USD' } }],
      });
      expect(reply.status, reply.text).toBe(200);
      expect(related(reply.body, 'sale').amount.total).toBe('12.00');
    });

    it('a payment not executed within 3 hours fails', async () => {
      const payment = await created(api, walletPayment());
      const payerId = await approveAsBuyer(api, payment);
      const moved = await api.request('POST', '/v1/test-helpers/clock', {
        body: { advance_seconds: 3 * 3600 },
      });
      expect(moved.status, moved.text).toBe(200);
      const shown = (await api.request('GET', `${PAYMENTS}/${payment.id}`)).body;
      expect(shown.state).toBe('failed');
      expect(shown.failure_reason).toBe('PAYMENT_EXPIRED');
      expectError(
        await execute(api, payment.id, { payer_id: payerId }),
        'UNPROCESSABLE_ENTITY',
        'PAYMENT_EXPIRED',
      );
    });
  });

  describe('PATCH /v1/payments/payment/{id}', () => {
    it('replaces a transaction amount and the shipping address of a created payment', async () => {
      const payment = await created(api, simplePayment('sale', '10.00'));
      const reply = await api.request('PATCH', `${PAYMENTS}/${payment.id}`, {
        body: [
          {
            op: 'replace',
            path: '/transactions/0/amount',
            value: { total: '18.37', currency: 'USD', details: { subtotal: '18.37' } },
          },
          {
            op: 'add',
            path: '/transactions/0/item_list/shipping_address',
            value: { line1: '1 Main St', city: 'Austin', country_code: 'US' },
          },
        ],
      });
      expect(reply.status, reply.text).toBe(200);
      expect(reply.body.transactions[0].amount.total).toBe('18.37');
      expect(reply.body.transactions[0].item_list.shipping_address.city).toBe('Austin');
    });

    it('refuses other paths, bad amounts and executed payments', async () => {
      const payment = await created(api, simplePayment('sale', '10.00'));
      const patch = (body: unknown) => api.request('PATCH', `${PAYMENTS}/${payment.id}`, { body });
      expectError(
        await patch([{ op: 'replace', path: '/intent', value: 'order' }]),
        'UNPROCESSABLE_ENTITY',
        'PATCH_PATH_NOT_SUPPORTED',
      );
      expectError(
        await patch([
          {
            op: 'replace',
            path: '/transactions/0/amount',
            value: { total: '5.00', currency: 'USD', details: { subtotal: '4.00' } },
          },
        ]),
        'UNPROCESSABLE_ENTITY',
        'AMOUNT_MISMATCH',
      );
      expectError(
        await patch([{ op: 'remove', path: '/transactions/0/amount' }]),
        'UNPROCESSABLE_ENTITY',
        'PATCH_OPERATION_NOT_SUPPORTED',
      );
      expect((await api.request('GET', `${PAYMENTS}/${payment.id}`)).body.transactions[0].amount.total).toBe(
        '10.00',
      );
      const done = await executed(api, simplePayment('sale', '1.00'));
      expectError(
        await api.request('PATCH', `${PAYMENTS}/${done.id}`, {
          body: [{ op: 'replace', path: '/note_to_payer', value: 'x' }],
        }),
        'UNPROCESSABLE_ENTITY',
        'PAYMENT_STATE_INVALID',
      );
    });

    it.each<PatchRefusalCase>([
      // Malformed operations are 400, checked before which paths and ops v1 allows.
      ...malformedPatchCases('/note_to_payer'),
      [
        'a bad ~ escape',
        [{ op: 'replace', path: '/transactions/0/description~2', value: 'x' }],
        BAD,
        'INVALID_PARAMETER_VALUE',
        '/0/path',
      ],
      // Well-formed operations v1 refuses, or that cannot be applied, are 422.
      [
        'a test (not a v1 patch op)',
        [{ op: 'test', path: '/note_to_payer', value: 'nope' }],
        REFUSED,
        'PATCH_OPERATION_NOT_SUPPORTED',
        '/0/op',
      ],
      [
        'remove of a note the payment does not have',
        [{ op: 'remove', path: '/note_to_payer' }],
        REFUSED,
        'PATCH_FAILED',
        '/0/path',
      ],
      [
        'replace of the amount of a transaction that is not there',
        [
          { op: 'add', path: '/note_to_payer', value: 'Thanks' },
          { op: 'replace', path: '/transactions/1/amount', value: { total: '1.00', currency: 'USD' } },
        ],
        REFUSED,
        'PATCH_FAILED',
        '/1/path',
      ],
    ])('refuses a PATCH with %s, storing nothing', async (_case, patch, name, issue, field) => {
      const payment = await created(api, simplePayment('sale', '10.00'));
      const url = `${PAYMENTS}/${payment.id}`;
      const show = async () => {
        const shown = await api.request('GET', url);
        expect(shown.status, shown.text).toBe(200);
        return shown.body;
      };
      const before = await show();
      const reply = await api.request('PATCH', url, { body: patch });
      expect(expectError(reply, name, { issue, field, location: 'body' }).details).toHaveLength(1);
      expect(await show()).toEqual(before);
    });
  });

  describe('GET /v1/payments/payment (list)', () => {
    it('lists executed payments only, newest first, count default 10, with next_id paging', async () => {
      await created(api, simplePayment('sale', '1.00')); // just created: absent
      const ids: string[] = [];
      for (let i = 0; i < 12; i++) {
        ids.push((await executed(api, simplePayment('sale', `${i + 1}.00`))).id);
        await api.request('POST', '/v1/test-helpers/clock', { body: { advance_seconds: 1 } });
      }
      const first = await api.request('GET', PAYMENTS);
      expect(first.status, first.text).toBe(200);
      expect(first.body.count).toBe(10);
      expect(first.body.payments.map((p: { id: string }) => p.id)).toEqual([...ids].reverse().slice(0, 10));
      expect(first.body.next_id).toBe(ids[1]);
      const second = await api.request('GET', `${PAYMENTS}?start_id=${first.body.next_id}`);
      expect(second.body.payments.map((p: { id: string }) => p.id)).toEqual([ids[1], ids[0]]);
      expect(second.body.next_id).toBeUndefined();
      const asc = await api.request('GET', `${PAYMENTS}?count=3&sort_order=asc&start_index=1`);
      expect(asc.body.payments.map((p: { id: string }) => p.id)).toEqual(ids.slice(1, 4));
    });

    it('filters by time and payee_id', async () => {
      const early = await executed(api, simplePayment('sale', '1.00'));
      await api.request('POST', '/v1/test-helpers/clock', { body: { advance_seconds: 3600 } });
      const late = await executed(api, simplePayment('sale', '2.00'));
      const since = (
        await api.request('GET', `${PAYMENTS}?start_time=${encodeURIComponent(late.create_time)}`)
      ).body;
      expect(since.payments.map((p: { id: string }) => p.id)).toEqual([late.id]);
      const before = (
        await api.request('GET', `${PAYMENTS}?end_time=${encodeURIComponent(late.create_time)}`)
      ).body;
      expect(before.payments.map((p: { id: string }) => p.id)).toEqual([early.id]);
      const payee = early.transactions[0].payee.merchant_id as string;
      expect((await api.request('GET', `${PAYMENTS}?payee_id=${payee}`)).body.count).toBe(2);
      expect((await api.request('GET', `${PAYMENTS}?payee_id=NOSUCHPAYEE`)).body.count).toBe(0);
    });

    it('refuses count above 20, an unknown sort and an unknown start_id (400)', async () => {
      expectError(await api.request('GET', `${PAYMENTS}?count=21`), 'INVALID_REQUEST', {
        issue: 'INVALID_INTEGER_MAX_VALUE',
        field: 'count',
      });
      expect((await api.request('GET', `${PAYMENTS}?count=20`)).status).toBe(200);
      expectError(await api.request('GET', `${PAYMENTS}?sort_by=amount`), 'INVALID_REQUEST', {
        issue: 'INVALID_PARAMETER_VALUE',
        field: 'sort_by',
      });
      expectError(await api.request('GET', `${PAYMENTS}?start_time=yesterday`), 'INVALID_REQUEST');
      expectError(await api.request('GET', `${PAYMENTS}?start_id=PAY-NOPE`), 'INVALID_REQUEST', {
        issue: 'INVALID_PARAMETER_VALUE',
        field: 'start_id',
      });
    });
  });
});
