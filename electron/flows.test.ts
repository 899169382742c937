import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkoutCsrfToken } from './api/groups/orders-v2/checkout-page.js';
import { EXPIRE_AUTHORIZATION_JOB } from './api/groups/payments-v2/index.js';
import { CSRF_FIELD } from './api/pipeline/buyer-page.js';
import { expectError } from './test-support/expect-error.js';
import { CARD, VISA } from './test-support/fixtures.js';
import {
  AUTHORIZATIONS,
  CAPTURES,
  CLOCK,
  DAY,
  ORDERS,
  REFUNDS,
  money,
  rels,
  requestId,
  startPaymentsHarness,
  type PaymentsHarness,
} from './api/groups/payments-v2/payments-test-kit.js';
import { SEED_BUYER } from './store/seed.js';
import { startHarness, type ApiHarness, type Reply } from './test-support/api-harness.js';

/**
 * End-to-end flows through the whole pipeline, the way an integrator drives the sandbox: following the
 * links the responses carry, approving on the buyer page, moving the simulated clock, restarting.
 */

const usd = (value: string) => money(value, 'USD');
const LONG_TOKENS = { tokenLifetimeSeconds: 365 * 24 * 3600 };

/** The path and query of a link, so the harness can call it. */
function target(
  links: { rel: string; href: string; method?: string }[],
  rel: string,
): { method: string; url: string } {
  const link = links.find((l) => l.rel === rel);
  expect(link, `link ${rel} in ${JSON.stringify(links)}`).toBeDefined();
  const url = new URL(link?.href ?? '');
  return { method: link?.method ?? 'GET', url: url.pathname + url.search };
}

/** Calls the link `rel` of `links`. */
function follow(
  api: ApiHarness,
  links: { rel: string; href: string; method?: string }[],
  rel: string,
  options: Parameters<ApiHarness['request']>[2] = {},
): Promise<Reply> {
  const { method, url } = target(links, rel);
  return api.request(method, url, options);
}

/** Submits the approval form of the buyer page, as a browser does (no bearer token, the form's CSRF token). */
function submitCheckout(api: ApiHarness, fields: Record<string, string>): Promise<Reply> {
  const csrf: Record<string, string> = fields.token ? { [CSRF_FIELD]: checkoutCsrfToken(fields.token) } : {};
  return api.request('POST', '/checkoutnow', {
    token: null,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ ...csrf, ...fields }).toString(),
  });
}

async function ok(reply: Promise<Reply> | Reply, status: number): Promise<any> {
  const r = await reply;
  expect(r.status, r.text).toBe(status);
  return r.body;
}

describe('flows', () => {
  let api: PaymentsHarness | ApiHarness | undefined;
  afterEach(async () => {
    await api?.close();
    api = undefined;
  });

  it('wallet: create -> approve on the buyer page -> capture -> COMPLETED', async () => {
    const h = (api = await startHarness());
    const created = await ok(
      h.createOrder({
        intent: 'CAPTURE',
        purchase_units: [{ amount: usd('49.99'), description: 'Blue mug' }],
      }),
      201,
    );
    expect(created.status).toBe('CREATED');
    expect(rels(created.links)).toEqual(['self', 'approve', 'edit', 'capture']);

    // The buyer opens the approve link: a server-rendered page with the approval form.
    const approveLink = target(created.links, 'approve');
    expect(approveLink.url).toBe(`/checkoutnow?token=${created.id}`);
    const page = await h.request('GET', approveLink.url, { token: null });
    expect(page.status).toBe(200);
    expect(String(page.headers['content-type'])).toContain('text/html');
    expect(page.text).toContain('49.99 USD');
    expect(page.text).toContain(`name="token" value="${created.id}"`);

    // Capturing before approval is refused.
    expectError(await follow(h, created.links, 'capture'), 'UNPROCESSABLE_ENTITY', {
      issue: 'ORDER_NOT_APPROVED',
    });

    const approved = await submitCheckout(h, {
      token: created.id,
      buyer_email: 'buyer@example.com',
      action: 'approve',
    });
    expect(approved.status, approved.text).toBe(200);
    expect(approved.text).toContain('Payment approved');

    const order = await ok(h.request('GET', `${ORDERS}/${created.id}`), 200);
    expect(order.status).toBe('APPROVED');
    expect(order.payer).toMatchObject({ email_address: SEED_BUYER.email, payer_id: SEED_BUYER.id });
    expect(rels(order.links)).toEqual(['self', 'approve', 'edit', 'capture']);

    const completed = await ok(
      follow(h, order.links, 'capture', { headers: { 'Svc-Request-Id': requestId('capture') } }),
      201,
    );
    expect(completed.status).toBe('COMPLETED');
    expect(rels(completed.links)).toEqual(['self']);
    const capture = completed.purchase_units[0].payments.captures[0];
    expect(capture).toMatchObject({
      status: 'COMPLETED',
      amount: usd('49.99'),
      final_capture: true,
      seller_receivable_breakdown: {
        gross_amount: usd('49.99'),
        svc_fee: usd('2.23'),
        net_amount: usd('47.76'),
      },
    });
    // The capture's own links lead on: show it, refund it, up to the order.
    expect(rels(capture.links)).toEqual(['self', 'refund', 'up']);
    expect(target(capture.links, 'up').url).toBe(`${ORDERS}/${created.id}`);
    expect(await ok(follow(h, capture.links, 'self'), 200)).toEqual(capture);

    // The buyer page now says it cannot be approved again.
    const again = await submitCheckout(h, {
      token: created.id,
      buyer_email: 'buyer@example.com',
      action: 'approve',
    });
    expect(again.status).toBe(422);
    expectError(await follow(h, order.links, 'capture'), 'UNPROCESSABLE_ENTITY', {
      issue: 'ORDER_ALREADY_COMPLETED',
    });
  });

  it('wallet source with return_url: PAYER_ACTION_REQUIRED -> payer-action page -> 303 back to the merchant', async () => {
    const h = (api = await startHarness());
    const created = await ok(
      h.createOrder(
        {
          intent: 'CAPTURE',
          purchase_units: [{ amount: usd('10.00') }],
          payment_source: {
            svc: {
              experience_context: {
                return_url: 'https://shop.example/return',
                cancel_url: 'https://shop.example/cancel',
              },
            },
          },
        },
        { 'Svc-Request-Id': requestId('create') },
      ),
      201,
    );
    expect(created.status).toBe('PAYER_ACTION_REQUIRED');
    expect(rels(created.links)).toEqual(['self', 'payer-action']);
    const action = target(created.links, 'payer-action');
    expect((await h.request('GET', action.url, { token: null })).status).toBe(200);

    const approved = await submitCheckout(h, {
      token: created.id,
      buyer_email: 'buyer@example.com',
      action: 'approve',
    });
    expect(approved.status).toBe(303);
    const location = new URL(String(approved.headers.location));
    expect(location.origin + location.pathname).toBe('https://shop.example/return');
    expect(location.searchParams.get('token')).toBe(created.id);
    expect(location.searchParams.get('PayerID')).toBe(SEED_BUYER.id);

    const captured = await ok(h.request('POST', `${ORDERS}/${created.id}/capture`), 201);
    expect(captured.status).toBe('COMPLETED');
    expect(captured.payment_source.svc).toMatchObject({
      email_address: SEED_BUYER.email,
      account_id: SEED_BUYER.id,
    });
  });

  it('card: create -> authorize -> partial capture -> final capture -> refund', async () => {
    const h = (api = await startPaymentsHarness());
    const created = await ok(
      h.createOrder(
        {
          intent: 'AUTHORIZE',
          purchase_units: [{ amount: usd('200.00'), invoice_id: 'INV-1001' }],
          payment_source: CARD,
        },
        { 'Svc-Request-Id': requestId('create') },
      ),
      201,
    );
    expect(created.status).toBe('APPROVED');
    expect(rels(created.links)).toContain('authorize');

    const authorized = await ok(
      follow(h, created.links, 'authorize', { headers: { 'Svc-Request-Id': requestId('authorize') } }),
      201,
    );
    expect(authorized.status).toBe('COMPLETED');
    expect(authorized.payment_source.card).toMatchObject({ last_digits: '1111', brand: 'VISA' });
    expect(JSON.stringify(authorized)).not.toContain(VISA);
    const authorization = authorized.purchase_units[0].payments.authorizations[0];
    expect(authorization).toMatchObject({ status: 'CREATED', amount: usd('200.00'), invoice_id: 'INV-1001' });

    const partial = await ok(
      follow(h, authorization.links, 'capture', {
        body: { amount: usd('120.00') },
        headers: { Prefer: 'return=representation' },
      }),
      201,
    );
    expect(partial).toMatchObject({
      status: 'COMPLETED',
      amount: usd('120.00'),
      final_capture: false,
      invoice_id: 'INV-1001',
    });
    const afterPartial = await ok(h.request('GET', `${AUTHORIZATIONS}/${authorization.id}`), 200);
    expect(afterPartial.status).toBe('PARTIALLY_CAPTURED');
    expect(rels(afterPartial.links)).toEqual(['self', 'capture', 'void', 'up']);

    const last = await ok(
      follow(h, afterPartial.links, 'capture', {
        body: { amount: usd('50.00'), final_capture: true },
        headers: { Prefer: 'return=representation' },
      }),
      201,
    );
    expect(last).toMatchObject({ amount: usd('50.00'), final_capture: true });
    const closed = await ok(h.request('GET', `${AUTHORIZATIONS}/${authorization.id}`), 200);
    expect(closed.status).toBe('CAPTURED');
    expect(rels(closed.links)).toEqual(['self', 'up']);

    // Refund the first capture in part, through its refund link.
    const partialMinimal = await ok(h.request('GET', `${CAPTURES}/${partial.id}`), 200);
    const refunded = await ok(
      follow(h, partialMinimal.links, 'refund', {
        body: { amount: usd('20.00'), note_to_payer: 'Sorry' },
        headers: { Prefer: 'return=representation' },
      }),
      201,
    );
    expect(refunded).toMatchObject({ status: 'COMPLETED', amount: usd('20.00'), note_to_payer: 'Sorry' });
    expect(target(refunded.links, 'up').url).toBe(`${CAPTURES}/${partial.id}`);
    expect(await ok(h.request('GET', `${REFUNDS}/${refunded.id}`), 200)).toEqual(refunded);
    expect((await ok(h.request('GET', `${CAPTURES}/${partial.id}`), 200)).status).toBe('PARTIALLY_REFUNDED');

    // Then all of the second one.
    await ok(h.request('POST', `${CAPTURES}/${last.id}/refund`), 201);
    const order = await ok(h.request('GET', `${ORDERS}/${created.id}`), 200);
    expect(order.status).toBe('COMPLETED');
    const payments = order.purchase_units[0].payments;
    expect(payments.authorizations.map((a: any) => a.status)).toEqual(['CAPTURED']);
    expect(payments.captures.map((c: any) => [c.id, c.status])).toEqual([
      [partial.id, 'PARTIALLY_REFUNDED'],
      [last.id, 'REFUNDED'],
    ]);
    expect(payments.refunds.map((r: any) => r.amount.value)).toEqual(['20.00', '50.00']);
  });

  it('void: authorize -> void -> the order is VOIDED and nothing can be captured', async () => {
    const h = (api = await startPaymentsHarness());
    const created = await ok(
      h.createOrder(
        { intent: 'AUTHORIZE', purchase_units: [{ amount: usd('75.00') }], payment_source: CARD },
        { 'Svc-Request-Id': requestId() },
      ),
      201,
    );
    const authorized = await ok(h.request('POST', `${ORDERS}/${created.id}/authorize`), 201);
    const authorization = authorized.purchase_units[0].payments.authorizations[0];
    const voided = await follow(h, authorization.links, 'void', {
      headers: { Prefer: 'return=representation' },
    });
    expect(voided.status, voided.text).toBe(200);
    expect(voided.body.status).toBe('VOIDED');
    const order = await ok(h.request('GET', `${ORDERS}/${created.id}`), 200);
    expect(order.status).toBe('VOIDED');
    expect(order.purchase_units[0].payments.authorizations[0].status).toBe('VOIDED');
    expect(order.purchase_units[0].payments.captures).toBeUndefined();
    expectError(
      await h.request('POST', `${AUTHORIZATIONS}/${authorization.id}/capture`),
      'UNPROCESSABLE_ENTITY',
      { issue: 'AUTHORIZATION_VOIDED' },
    );
    expectError(await h.request('POST', `${ORDERS}/${created.id}/authorize`), 'UNPROCESSABLE_ENTITY', {
      issue: 'ORDER_VOIDED',
    });
  });

  it('reauthorize window via the clock: too early, then day 4 (new honor period), then capture; too late after day 29', async () => {
    const h = (api = await startPaymentsHarness());
    const orderId = (
      await ok(
        h.createOrder(
          { intent: 'AUTHORIZE', purchase_units: [{ amount: usd('1000.00') }], payment_source: CARD },
          { 'Svc-Request-Id': requestId() },
        ),
        201,
      )
    ).id;
    const authorized = await ok(h.request('POST', `${ORDERS}/${orderId}/authorize`), 201);
    const authorization = authorized.purchase_units[0].payments.authorizations[0];

    expectError(await follow(h, authorization.links, 'reauthorize'), 'UNPROCESSABLE_ENTITY', {
      issue: 'REAUTHORIZE_TOO_EARLY',
    });
    await ok(h.request('POST', CLOCK, { body: { advance_seconds: 3 * 86_400 + 1 } }), 200);
    expectError(
      await follow(h, authorization.links, 'reauthorize', { body: { amount: usd('1075.01') } }),
      'UNPROCESSABLE_ENTITY',
      {
        issue: 'REAUTHORIZE_AMOUNT_EXCEEDED',
      },
    );
    const key = requestId('reauthorize');
    const reauthorized = await follow(h, authorization.links, 'reauthorize', {
      body: { amount: usd('1075.00') },
      headers: { 'Svc-Request-Id': key },
    });
    expect(reauthorized.status, reauthorized.text).toBe(201);
    const repeat = await follow(h, authorization.links, 'reauthorize', {
      body: { amount: usd('1075.00') },
      headers: { 'Svc-Request-Id': key },
    });
    expect(repeat.status).toBe(200);
    expect(repeat.body.id).toBe(reauthorized.body.id);

    const captured = await ok(
      h.request('POST', `${AUTHORIZATIONS}/${authorization.id}/capture`, {
        headers: { Prefer: 'return=representation' },
      }),
      201,
    );
    expect(captured.amount).toEqual(usd('1075.00'));

    // A second authorization left alone runs out: EXPIRED at 29 days, then too late to reauthorize.
    const other = await ok(
      h.createOrder(
        { intent: 'AUTHORIZE', purchase_units: [{ amount: usd('10.00') }], payment_source: CARD },
        { 'Svc-Request-Id': requestId() },
      ),
      201,
    );
    const otherAuthorization = (await ok(h.request('POST', `${ORDERS}/${other.id}/authorize`), 201))
      .purchase_units[0].payments.authorizations[0];
    const moved = await ok(h.request('POST', CLOCK, { body: { advance_seconds: 29 * 86_400 } }), 200);
    expect(moved.jobs_run).toBeGreaterThanOrEqual(1);
    expect((await ok(h.request('GET', `${AUTHORIZATIONS}/${otherAuthorization.id}`), 200)).status).toBe(
      'EXPIRED',
    );
    expectError(
      await h.request('POST', `${AUTHORIZATIONS}/${otherAuthorization.id}/reauthorize`),
      'UNPROCESSABLE_ENTITY',
      { issue: 'REAUTHORIZE_TOO_LATE' },
    );
    expectError(
      await h.request('POST', `${AUTHORIZATIONS}/${otherAuthorization.id}/capture`),
      'UNPROCESSABLE_ENTITY',
      { issue: 'AUTHORIZATION_EXPIRED' },
    );
    // The captured one is not touched by expiry.
    expect((await ok(h.request('GET', `${AUTHORIZATIONS}/${authorization.id}`), 200)).status).toBe(
      'CAPTURED',
    );
  });

  describe('restart', () => {
    let dir: string | undefined;
    afterEach(() => {
      if (dir) rmSync(dir, { recursive: true, force: true });
      dir = undefined;
    });

    it('every acknowledged resource, idempotency key and the clock offset survive a restart', async () => {
      dir = mkdtempSync(join(tmpdir(), 'workbench-restart-'));
      let h: ApiHarness = (api = await startHarness({ dataDir: dir, config: LONG_TOKENS }));
      const oldToken = h.token;

      // A wallet order: create (with a key), approve on the buyer page, capture.
      const createKey = requestId('create');
      const walletOrder = await ok(
        h.createOrder(
          { intent: 'CAPTURE', purchase_units: [{ amount: usd('30.00') }] },
          { 'Svc-Request-Id': createKey },
        ),
        201,
      );
      expect(
        (
          await submitCheckout(h, {
            token: walletOrder.id,
            buyer_email: 'buyer@example.com',
            action: 'approve',
          })
        ).status,
      ).toBe(200);
      const orderCaptureKey = requestId('order-capture');
      await ok(
        h.request('POST', `${ORDERS}/${walletOrder.id}/capture`, {
          headers: { 'Svc-Request-Id': orderCaptureKey },
        }),
        201,
      );

      // A card order: authorize, capture part (with a key), refund part (with a key).
      const cardOrder = await ok(
        h.createOrder(
          { intent: 'AUTHORIZE', purchase_units: [{ amount: usd('100.00') }], payment_source: CARD },
          { 'Svc-Request-Id': requestId() },
        ),
        201,
      );
      const authorizationId = (await ok(h.request('POST', `${ORDERS}/${cardOrder.id}/authorize`), 201))
        .purchase_units[0].payments.authorizations[0].id;
      const captureKey = requestId('capture');
      const capture = await ok(
        h.request('POST', `${AUTHORIZATIONS}/${authorizationId}/capture`, {
          body: { amount: usd('60.00') },
          headers: { 'Svc-Request-Id': captureKey },
        }),
        201,
      );
      const refundKey = requestId('refund');
      const refund = await ok(
        h.request('POST', `${CAPTURES}/${capture.id}/refund`, {
          body: { amount: usd('15.00') },
          headers: { 'Svc-Request-Id': refundKey },
        }),
        201,
      );

      // Simulated time moves on by two hours.
      await ok(h.request('POST', CLOCK, { body: { advance_seconds: 7200 } }), 200);

      const urls = [
        `${ORDERS}/${walletOrder.id}`,
        `${ORDERS}/${cardOrder.id}`,
        `${AUTHORIZATIONS}/${authorizationId}`,
        `${CAPTURES}/${capture.id}`,
        `${REFUNDS}/${refund.id}`,
      ];
      const before = new Map<string, unknown>();
      for (const url of urls) before.set(url, await ok(h.request('GET', url), 200));
      await h.close();
      api = undefined;

      h = api = await startHarness({ dataDir: dir, config: LONG_TOKENS });
      for (const url of urls) expect(await ok(h.request('GET', url), 200), url).toEqual(before.get(url));
      // The token issued before the restart is still valid.
      expect((await h.request('GET', `${ORDERS}/${walletOrder.id}`, { token: oldToken })).status).toBe(200);

      // Idempotency keys: the same Svc-Request-Id answers 200 with what the first call created.
      const createRepeat = await h.createOrder(
        { intent: 'CAPTURE', purchase_units: [{ amount: usd('30.00') }] },
        { 'Svc-Request-Id': createKey },
      );
      expect(createRepeat.status, createRepeat.text).toBe(200);
      expect(createRepeat.body.id).toBe(walletOrder.id);
      const orderCaptureRepeat = await h.request('POST', `${ORDERS}/${walletOrder.id}/capture`, {
        headers: { 'Svc-Request-Id': orderCaptureKey },
      });
      expect(orderCaptureRepeat.status, orderCaptureRepeat.text).toBe(200);
      expect(orderCaptureRepeat.body.status).toBe('COMPLETED');
      const captureRepeat = await h.request('POST', `${AUTHORIZATIONS}/${authorizationId}/capture`, {
        body: { amount: usd('60.00') },
        headers: { 'Svc-Request-Id': captureKey },
      });
      expect(captureRepeat.status, captureRepeat.text).toBe(200);
      expect(captureRepeat.body.id).toBe(capture.id);
      const refundRepeat = await h.request('POST', `${CAPTURES}/${capture.id}/refund`, {
        body: { amount: usd('15.00') },
        headers: { 'Svc-Request-Id': refundKey },
      });
      expect(refundRepeat.status, refundRepeat.text).toBe(200);
      expect(refundRepeat.body.id).toBe(refund.id);
      // ...and none of the repeats ran again.
      const card = await ok(h.request('GET', `${ORDERS}/${cardOrder.id}`), 200);
      expect(card.purchase_units[0].payments.captures).toHaveLength(1);
      expect(card.purchase_units[0].payments.refunds).toHaveLength(1);

      // The simulated clock kept its offset.
      const clock = await ok(h.request('GET', CLOCK), 200);
      expect(clock.offset_seconds).toBe(7200);
      expect(Math.abs(Date.parse(clock.now) - (Date.now() + 7200 * 1000))).toBeLessThan(5_000);

      // The authorization's expiry job was persisted too: it runs after the restart.
      expect(
        h.host.deps.store.jobs
          .listPending()
          .some(
            (j) =>
              j.kind === EXPIRE_AUTHORIZATION_JOB && (j.payload as { id: string }).id === authorizationId,
          ),
      ).toBe(true);
      await ok(h.request('POST', CLOCK, { body: { advance_seconds: (29 * DAY) / 1000 } }), 200);
      expect((await ok(h.request('GET', `${AUTHORIZATIONS}/${authorizationId}`), 200)).status).toBe(
        'EXPIRED',
      );
    });
  });
});
