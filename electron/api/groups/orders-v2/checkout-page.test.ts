import { afterEach, describe, expect, it } from 'vitest';
import { accountIdFor } from '../../../../shared/ids.js';
import { simpleOrder, startHarness, type ApiHarness, type Reply } from '../../../test-support/api-harness.js';
import { CARD } from '../../../test-support/fixtures.js';
import {
  BUYER,
  CHARITY,
  MERCHANT,
  ORDERS,
  createId,
  getOrder,
  rels,
  submitCheckout,
  usd,
} from './orders-test-kit.js';
import { checkoutCsrfToken } from './checkout-page.js';

const RETURN_URL = 'https://shop.example/return?cart=42';
const CANCEL_URL = 'https://shop.example/cancel';

/** Ways an order carries its return and cancel addresses (spec 2.4). */
const withUrls = {
  'payment_source.svc.experience_context': {
    body: {
      ...simpleOrder('CAPTURE', '42.50'),
      payment_source: {
        svc: {
          experience_context: { return_url: RETURN_URL, cancel_url: CANCEL_URL, user_action: 'PAY_NOW' },
        },
      },
    },
    headers: { 'svc-request-id': 'with-urls-1' },
    status: 'PAYER_ACTION_REQUIRED',
  },
  application_context: {
    body: {
      ...simpleOrder('CAPTURE', '42.50'),
      application_context: { return_url: RETURN_URL, cancel_url: CANCEL_URL, brand_name: 'Example Shop' },
    },
    headers: {},
    status: 'CREATED',
  },
} as const;

const expectHtml = (reply: Reply, status: number) => {
  expect(reply.status, reply.text).toBe(status);
  expect(String(reply.headers['content-type'])).toMatch(/^text\/html/);
  expect(reply.text).toMatch(/^<!doctype html>/i);
};

describe('the buyer approval page /checkoutnow', () => {
  let api: ApiHarness;
  afterEach(async () => api?.close());

  describe('GET', () => {
    it('shows the order as HTML without any token, with the amount and an approval form', async () => {
      api = await startHarness();
      const id = await createId(api, {
        intent: 'CAPTURE',
        purchase_units: [
          {
            description: 'Blue mug',
            amount: { currency_code: 'USD', value: '27.30', breakdown: { item_total: usd('27.30') } },
            items: [{ name: 'Mug', quantity: '3', unit_amount: usd('9.10') }],
          },
        ],
      });
      const reply = await api.request('GET', `/checkoutnow?token=${id}`, { token: null });
      expectHtml(reply, 200);
      expect(reply.text).toContain('27.30 USD');
      expect(reply.text).toContain('9.10 USD');
      expect(reply.text).toContain('Blue mug');
      expect(reply.text).toContain(id);
      expect(reply.text).toMatch(/<form method="post" action="\/checkoutnow">/);
      expect(reply.text).toContain(`name="token" value="${id}"`);
      expect(reply.text).toContain('value="approve"');
      expect(reply.text).toContain('value="cancel"');
      expect(reply.text).toContain(BUYER);
    });

    it('follows the approve link of the create answer', async () => {
      api = await startHarness();
      const created = await api.createOrder(simpleOrder('AUTHORIZE', '5.55'));
      const href = created.body.links.find((l: { rel: string }) => l.rel === 'approve').href as string;
      const url = new URL(href);
      const reply = await api.request('GET', url.pathname + url.search, {
        token: null,
        headers: { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' },
      });
      expectHtml(reply, 200);
      expect(reply.text).toContain('5.55 USD');
    });

    it('escapes what the merchant wrote', async () => {
      api = await startHarness();
      const id = await createId(api, {
        intent: 'CAPTURE',
        purchase_units: [{ description: '<script>alert(1)</script>', amount: usd('1.00') }],
      });
      const reply = await api.request('GET', `/checkoutnow?token=${id}`, { token: null });
      expectHtml(reply, 200);
      expect(reply.text).not.toContain('<script>alert(1)</script>');
      expect(reply.text).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    });

    it.each([
      ['an unknown token', '/checkoutnow?token=ABCDEFGHIJKLMNOPQ'],
      ['no token', '/checkoutnow'],
      ['an empty token', '/checkoutnow?token='],
    ])('answers 404 HTML for %s', async (_name, url) => {
      api = await startHarness();
      const reply = await api.request('GET', url, { token: null });
      expectHtml(reply, 404);
      expect(reply.text).toContain('Order not found');
    });

    it('escapes an unknown token in the 404 page', async () => {
      api = await startHarness();
      const reply = await api.request(
        'GET',
        `/checkoutnow?token=${encodeURIComponent('<img src=x onerror=alert(1)>')}`,
        { token: null },
      );
      expectHtml(reply, 404);
      expect(reply.text).not.toContain('<img src=x');
    });

    it('shows a completed order without the approval form', async () => {
      api = await startHarness();
      const id = await createId(api, simpleOrder());
      expect((await submitCheckout(api, { token: id, buyer_email: BUYER, action: 'approve' })).status).toBe(
        200,
      );
      expect((await api.request('POST', `${ORDERS}/${id}/capture`)).status).toBe(201);
      const reply = await api.request('GET', `/checkoutnow?token=${id}`, { token: null });
      expectHtml(reply, 200);
      expect(reply.text).toContain('COMPLETED');
      expect(reply.text).not.toContain('<form');
    });
  });

  describe('POST (the form)', () => {
    it.each(Object.entries(withUrls))(
      'approve redirects 303 to return_url (from %s) with token and PayerID',
      async (_source, setup) => {
        api = await startHarness();
        const id = await createId(api, setup.body, { ...setup.headers });
        expect((await getOrder(api, id)).body.status).toBe(setup.status);
        const reply = await submitCheckout(api, { token: id, buyer_email: BUYER, action: 'approve' });
        expect(reply.status, reply.text).toBe(303);
        const location = new URL(String(reply.headers.location));
        expect(`${location.origin}${location.pathname}`).toBe('https://shop.example/return');
        expect(location.searchParams.get('cart')).toBe('42');
        expect(location.searchParams.get('token')).toBe(id);
        expect(location.searchParams.get('PayerID')).toBe(accountIdFor(BUYER));

        const order = (await getOrder(api, id)).body;
        expect(order.status).toBe('APPROVED');
        expect(order.payer).toMatchObject({
          email_address: BUYER,
          payer_id: accountIdFor(BUYER),
          name: { given_name: 'Bailey', surname: 'Buyer' },
        });
        expect(order.payment_source.svc).toMatchObject({
          email_address: BUYER,
          account_id: accountIdFor(BUYER),
        });
        expect(rels(order.links)).toEqual(['self', 'approve', 'edit', 'capture']);
        expect(api.host.deps.store.resources.history('order', id).map((h) => h.trigger)).toEqual([
          setup.status === 'CREATED' ? 'create' : 'create-with-wallet',
          'approve',
        ]);
      },
    );

    it('keeps the wallet experience_context when the buyer approves', async () => {
      api = await startHarness();
      const setup = withUrls['payment_source.svc.experience_context'];
      const id = await createId(api, setup.body, { ...setup.headers });
      await submitCheckout(api, { token: id, buyer_email: BUYER, action: 'approve' });
      const order = (await getOrder(api, id)).body;
      expect(order.payment_source.svc.experience_context).toEqual(
        setup.body.payment_source.svc.experience_context,
      );
    });

    it.each(Object.entries(withUrls))(
      'cancel redirects 303 to cancel_url (from %s) and leaves the order unchanged',
      async (_source, setup) => {
        api = await startHarness();
        const id = await createId(api, setup.body, { ...setup.headers });
        const before = (await getOrder(api, id)).body;
        const reply = await submitCheckout(api, { token: id, buyer_email: BUYER, action: 'cancel' });
        expect(reply.status, reply.text).toBe(303);
        const location = new URL(String(reply.headers.location));
        expect(`${location.origin}${location.pathname}`).toBe(CANCEL_URL);
        expect(location.searchParams.get('token')).toBe(id);
        expect((await getOrder(api, id)).body).toEqual(before);
      },
    );

    it('approve without a return_url answers 200 HTML naming the buyer', async () => {
      api = await startHarness();
      const id = await createId(api, simpleOrder('AUTHORIZE'));
      const reply = await submitCheckout(api, { token: id, buyer_email: BUYER, action: 'approve' });
      expectHtml(reply, 200);
      expect(reply.text).toContain('Payment approved');
      expect(reply.text).toContain(BUYER);
      expect(reply.text).toContain(accountIdFor(BUYER));
      expect(reply.headers.location).toBeUndefined();
      const order = (await getOrder(api, id)).body;
      expect(order.status).toBe('APPROVED');
      expect(order.payer).toMatchObject({ email_address: BUYER, payer_id: accountIdFor(BUYER) });
    });

    it('cancel without a cancel_url answers 200 HTML and leaves the order unchanged', async () => {
      api = await startHarness();
      const id = await createId(api, simpleOrder());
      const before = (await getOrder(api, id)).body;
      const reply = await submitCheckout(api, { token: id, action: 'cancel' });
      expectHtml(reply, 200);
      expect(reply.text).toContain('cancelled');
      expect((await getOrder(api, id)).body).toEqual(before);
    });

    it('matches the buyer e-mail case-insensitively and stores the account e-mail', async () => {
      api = await startHarness();
      const id = await createId(api, simpleOrder());
      expectHtml(
        await submitCheckout(api, { token: id, buyer_email: 'Buyer@EXAMPLE.com', action: 'approve' }),
        200,
      );
      expect((await getOrder(api, id)).body.payer).toMatchObject({
        email_address: BUYER,
        payer_id: accountIdFor(BUYER),
      });
    });

    it('uses the seeded buyer when the form leaves buyer_email empty', async () => {
      api = await startHarness();
      const id = await createId(api, simpleOrder());
      expectHtml(await submitCheckout(api, { token: id, buyer_email: '  ', action: 'approve' }), 200);
      expect((await getOrder(api, id)).body.payer.email_address).toBe(BUYER);
    });

    it.each([
      ['an unknown e-mail', 'stranger@example.com'],
      ['a business account (the merchant)', MERCHANT],
      ['a business account (the charity)', CHARITY],
      ['something that is not an e-mail', 'not-an-email'],
    ])('rejects %s as buyer with a 422 HTML page, order unchanged', async (_name, email) => {
      api = await startHarness();
      const id = await createId(api, simpleOrder());
      const before = (await getOrder(api, id)).body;
      const reply = await submitCheckout(api, { token: id, buyer_email: email, action: 'approve' });
      expectHtml(reply, 422);
      expect(reply.text).toContain('role="alert"');
      expect(reply.text).toContain('The buyer account is not a known personal sandbox account.');
      expect(reply.text).toContain('<form'); // the buyer can try again
      expect((await getOrder(api, id)).body).toEqual(before);
    });

    it('approving twice answers 422 and keeps the first approval', async () => {
      api = await startHarness();
      const id = await createId(api, simpleOrder());
      expectHtml(await submitCheckout(api, { token: id, buyer_email: BUYER, action: 'approve' }), 200);
      const first = (await getOrder(api, id)).body;
      const second = await submitCheckout(api, { token: id, buyer_email: BUYER, action: 'approve' });
      expectHtml(second, 422);
      expect(second.text).toContain('APPROVED');
      expect((await getOrder(api, id)).body).toEqual(first);
    });

    it.each([
      [
        'a card-approved order',
        { ...simpleOrder(), payment_source: CARD },
        { 'svc-request-id': 'card-approved' },
        false,
      ],
      ['a captured order', simpleOrder(), {}, true],
    ])('cannot approve %s again: 422', async (_name, body, headers, capture) => {
      api = await startHarness();
      const id = await createId(api, body, { ...headers });
      if (capture) {
        await submitCheckout(api, { token: id, buyer_email: BUYER, action: 'approve' });
        expect((await api.request('POST', `${ORDERS}/${id}/capture`)).status).toBe(201);
      }
      const before = (await getOrder(api, id)).body;
      expectHtml(await submitCheckout(api, { token: id, buyer_email: BUYER, action: 'approve' }), 422);
      expect((await getOrder(api, id)).body).toEqual(before);
    });

    it.each([
      ['an unknown token', { token: 'ABCDEFGHIJKLMNOPQ', buyer_email: BUYER, action: 'approve' }],
      ['no token', { buyer_email: BUYER, action: 'approve' }],
    ])('answers 404 HTML for %s', async (_name, fields) => {
      api = await startHarness();
      await createId(api, simpleOrder());
      expectHtml(await submitCheckout(api, fields), 404);
    });

    it.each([
      ['no action', {}],
      ['an unknown action', { action: 'pay' }],
    ])('answers 400 HTML for %s, order unchanged', async (_name, extra) => {
      api = await startHarness();
      const id = await createId(api, simpleOrder());
      const before = (await getOrder(api, id)).body;
      const reply = await submitCheckout(api, { token: id, buyer_email: BUYER, ...extra });
      expectHtml(reply, 400);
      expect(reply.text).toContain('role="alert"');
      expect((await getOrder(api, id)).body).toEqual(before);
    });

    it('answers 415 to a JSON body', async () => {
      api = await startHarness();
      const id = await createId(api, simpleOrder());
      const reply = await api.request('POST', '/checkoutnow', {
        token: null,
        body: { token: id, buyer_email: BUYER, action: 'approve' },
      });
      expect(reply.status).toBe(415);
      expect((await getOrder(api, id)).body.status).toBe('CREATED');
    });
  });

  describe('page security', () => {
    const policyOf = (reply: Reply) =>
      new Map(
        String(reply.headers['content-security-policy'])
          .split(';')
          .map((part) => part.trim().split(/\s+/))
          .map(([directive = '', ...sources]) => [directive, sources]),
      );

    it('serves every page with a CSP that runs no script, lets in only its own style, and forbids framing', async () => {
      api = await startHarness();
      const id = await createId(api, simpleOrder());
      const pages = [
        await api.request('GET', `/checkoutnow?token=${id}`, { token: null }),
        await api.request('GET', '/checkoutnow?token=ABCDEFGHIJKLMNOPQ', { token: null }),
        await submitCheckout(api, { token: id, buyer_email: BUYER, action: 'nothing' }),
        await submitCheckout(api, { token: id, buyer_email: BUYER, action: 'approve' }),
      ];
      for (const reply of pages) {
        const policy = policyOf(reply);
        expect(policy.get('default-src')).toEqual(["'none'"]);
        expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
        expect(policy.get('base-uri')).toEqual(["'none'"]);
        expect(policy.get('script-src')).toBeUndefined(); // default-src 'none': no script at all
        const nonce = /<style nonce="([^"]+)">/.exec(reply.text)?.[1];
        expect(nonce).toBeDefined();
        expect(policy.get('style-src')).toEqual([`'nonce-${nonce}'`]);
        expect(reply.text).not.toMatch(/<script|style="|\son[a-z]+=/i);
        expect(reply.headers['x-frame-options']).toBe('DENY');
        expect(reply.headers['cache-control']).toBe('no-store');
      }
      // A fresh nonce per page.
      expect(pages[0]?.text).not.toBe(
        (await api.request('GET', `/checkoutnow?token=${id}`, { token: null })).text,
      );
    });

    it('lets the form end at the merchant return and cancel addresses, and nowhere else', async () => {
      api = await startHarness();
      const { body, headers } = withUrls.application_context;
      const id = await createId(api, body, { ...headers });
      const reply = await api.request('GET', `/checkoutnow?token=${id}`, { token: null });
      expect(policyOf(reply).get('form-action')).toEqual(["'self'", 'https://shop.example']);
      const plain = await createId(api, simpleOrder());
      const other = await api.request('GET', `/checkoutnow?token=${plain}`, { token: null });
      expect(policyOf(other).get('form-action')).toEqual(["'self'"]);
    });

    it('puts a CSRF token in the form, bound to its order', async () => {
      api = await startHarness();
      const id = await createId(api, simpleOrder());
      const reply = await api.request('GET', `/checkoutnow?token=${id}`, { token: null });
      const token = /name="csrf_token" value="([^"]+)"/.exec(reply.text)?.[1];
      expect(token).toBe(checkoutCsrfToken(id));
      const other = await createId(api, simpleOrder());
      expect(checkoutCsrfToken(other)).not.toBe(token);
    });

    it.each([
      ['no CSRF token', (_id: string, _other: string) => ({})],
      ['a made-up CSRF token', () => ({ csrf_token: 'x'.repeat(43) })],
      [
        'the CSRF token of another order',
        (_id: string, other: string) => ({ csrf_token: checkoutCsrfToken(other) }),
      ],
    ])('refuses a form with %s: 403 HTML, the order unchanged, the form shown again', async (_name, csrf) => {
      api = await startHarness();
      const id = await createId(api, simpleOrder());
      const other = await createId(api, simpleOrder());
      const before = (await getOrder(api, id)).body;
      const reply = await api.request('POST', '/checkoutnow', {
        token: null,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({
          token: id,
          buyer_email: BUYER,
          action: 'approve',
          ...csrf(id, other),
        }).toString(),
      });
      expectHtml(reply, 403);
      expect(reply.text).toContain('role="alert"');
      expect(reply.text).toContain(`name="csrf_token" value="${checkoutCsrfToken(id)}"`);
      expect((await getOrder(api, id)).body).toEqual(before);
      const cancel = await api.request('POST', '/checkoutnow', {
        token: null,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ token: id, action: 'cancel', ...csrf(id, other) }).toString(),
      });
      expect(cancel.status).toBe(403);
    });
  });
});
