import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DAY } from '../../../clock.js';
import { SEED_MERCHANT } from '../../../store/seed.js';
import { startHarness, type ApiHarness } from '../../../test-support/api-harness.js';
import { expectError } from '../../../test-support/expect-error.js';
import type { PaymentsService } from '../payments-v2/index.js';
import { ENVELOPE_MEMBERS, authorizeOrder, captureOrder } from '../../../webhooks/webhooks-test-kit.js';

const EVENTS = '/v1/notifications/webhooks-events';
const INJECT_BASE = 'http://localhost:80';

async function events(h: ApiHarness, query = ''): Promise<any[]> {
  const reply = await h.request('GET', `${EVENTS}?page_size=300${query}`);
  expect(reply.status, reply.text).toBe(200);
  return reply.body.events;
}

describe('event emission from the transition bus (spec 6.3, 6.4)', () => {
  let h: ApiHarness;
  beforeEach(async () => {
    h = await startHarness();
  });
  afterEach(async () => h.close());

  it('an order paid by capture emits APPROVED, CAPTURE.COMPLETED and COMPLETED, in that order, with the envelope of spec 6.3', async () => {
    const { orderId, captureId } = await captureOrder(h, '30.00');
    const list = (await events(h)).reverse();
    expect(list.map((e) => e.event_type)).toEqual([
      'CHECKOUT.ORDER.APPROVED',
      'PAYMENT.CAPTURE.COMPLETED',
      'CHECKOUT.ORDER.COMPLETED',
    ]);
    const capture = list[1];
    expect(Object.keys(capture)).toEqual(ENVELOPE_MEMBERS);
    expect(capture.id).toMatch(/^WH-[A-Z0-9]{17}-[A-Z0-9]{17}$/);
    expect(capture.event_version).toBe('1.0');
    expect(capture.resource_type).toBe('capture');
    expect(capture.resource_version).toBe('2.0');
    expect(capture.summary).toBe('Payment completed for 30.00 USD');
    expect(new Date(capture.create_time).toISOString()).toBe(capture.create_time);
    expect(capture.links).toEqual([
      {
        href: `${INJECT_BASE}${EVENTS}/${capture.id}`,
        rel: 'self',
        method: 'GET',
        encType: 'application/json',
      },
      {
        href: `${INJECT_BASE}${EVENTS}/${capture.id}/resend`,
        rel: 'resend',
        method: 'POST',
        encType: 'application/json',
      },
    ]);
    // The webhook capture resource of spec 2.5.
    const resource = capture.resource;
    expect(resource).toMatchObject({
      id: captureId,
      status: 'COMPLETED',
      amount: { currency_code: 'USD', value: '30.00' },
      final_capture: true,
      payee: { email_address: SEED_MERCHANT.email, merchant_id: SEED_MERCHANT.id },
      seller_protection: {
        status: 'ELIGIBLE',
        dispute_categories: ['ITEM_NOT_RECEIVED', 'UNAUTHORIZED_TRANSACTION'],
      },
      supplementary_data: { related_ids: { order_id: orderId } },
      seller_receivable_breakdown: {
        gross_amount: { currency_code: 'USD', value: '30.00' },
        svc_fee: { currency_code: 'USD', value: '1.54' },
        net_amount: { currency_code: 'USD', value: '28.46' },
      },
    });
    for (const key of ['create_time', 'update_time', 'links']) expect(resource).toHaveProperty(key);
    expect(resource.links.map((l: { rel: string }) => l.rel)).toEqual(['self', 'refund', 'up']);
    // The order events carry the order as the API shows it.
    expect(list[0].resource_type).toBe('checkout-order');
    expect(list[0].resource).toMatchObject({ id: orderId, status: 'APPROVED' });
    expect(list[2].resource).toMatchObject({ id: orderId, status: 'COMPLETED' });
    expect(list[2].resource.purchase_units[0].payments.captures[0].id).toBe(captureId);
  });

  it('authorizations emit CREATED and VOIDED (and the order VOIDED); refunds emit CAPTURE.REFUNDED', async () => {
    const { orderId, authorizationId } = await authorizeOrder(h, '100.00');
    expect(
      (await h.request('POST', `/v2/payments/authorizations/${authorizationId}/void`, { body: {} })).status,
    ).toBe(204);
    const afterVoid = (await events(h)).map((e) => e.event_type).reverse();
    expect(afterVoid).toEqual([
      'CHECKOUT.ORDER.APPROVED',
      'PAYMENT.AUTHORIZATION.CREATED',
      'CHECKOUT.ORDER.COMPLETED',
      'PAYMENT.AUTHORIZATION.VOIDED',
      'CHECKOUT.ORDER.VOIDED',
    ]);
    const created = (await events(h, '&event_type=PAYMENT.AUTHORIZATION.CREATED'))[0];
    expect(created.resource_type).toBe('authorization');
    expect(created.resource).toMatchObject({
      id: authorizationId,
      status: 'CREATED',
      amount: { value: '100.00' },
      supplementary_data: { related_ids: { order_id: orderId } },
    });
    const voided = (await events(h, '&event_type=PAYMENT.AUTHORIZATION.VOIDED'))[0];
    expect(voided.resource).toMatchObject({ id: authorizationId, status: 'VOIDED' });

    const { captureId } = await captureOrder(h, '50.00');
    const refund = await h.request('POST', `/v2/payments/captures/${captureId}/refund`, {
      body: { amount: { currency_code: 'USD', value: '20.00' } },
    });
    expect(refund.status, refund.text).toBe(201);
    const refunded = await events(h, '&event_type=PAYMENT.CAPTURE.REFUNDED');
    expect(refunded).toHaveLength(1);
    expect(refunded[0]).toMatchObject({
      resource_type: 'refund',
      resource_version: '2.0',
      summary: 'A 20.00 USD capture payment was refunded',
    });
    expect(refunded[0].resource).toMatchObject({
      id: refund.body.id,
      status: 'COMPLETED',
      amount: { value: '20.00' },
      supplementary_data: { related_ids: { capture_id: captureId } },
    });
  });

  it('writes events in the transaction of the change: a rolled-back change leaves no event and no delivery', async () => {
    const { host } = h;
    const webhooks = host.services.webhooks;
    const payments = host.services.groups.modules.find((m) => m.name === 'payments-v2') as unknown as {
      api: PaymentsService;
    };
    const sub = await h.request('POST', '/v1/notifications/webhooks', {
      body: { url: 'https://example.com/x', event_types: [{ name: '*' }] },
    });
    expect(sub.status).toBe(201);
    const before = webhooks.events.count();
    expect(() =>
      host.deps.store.transaction(() => {
        payments.api.authorizeUnit({
          orderId: 'ROLLBACKORDER0001',
          appId: host.sandboxApp.id,
          referenceId: 'default',
          amount: { currency_code: 'USD', value: '5.00' },
          payee: { email_address: SEED_MERCHANT.email, merchant_id: SEED_MERCHANT.id },
        });
        expect(webhooks.events.count()).toBe(before + 1); // written inside...
        throw new Error('the operation failed after its transition');
      }),
    ).toThrow('the operation failed');
    expect(webhooks.events.count()).toBe(before); // ...and gone with the rollback
    expect(webhooks.deliveries.countByStatus().PENDING).toBe(0);
  });

  it('queues one delivery per matching subscription, and none for subscriptions to other types', async () => {
    const all = await h.request('POST', '/v1/notifications/webhooks', {
      body: { url: 'https://example.com/all', event_types: [{ name: '*' }] },
    });
    const captures = await h.request('POST', '/v1/notifications/webhooks', {
      body: { url: 'https://example.com/captures', event_types: [{ name: 'PAYMENT.CAPTURE.COMPLETED' }] },
    });
    const refunds = await h.request('POST', '/v1/notifications/webhooks', {
      body: { url: 'https://example.com/refunds', event_types: [{ name: 'PAYMENT.CAPTURE.REFUNDED' }] },
    });
    await captureOrder(h);
    const deliveries = (await h.request('GET', '/v1/test-helpers/webhooks/deliveries')).body.deliveries as {
      webhook_id: string;
      event_type: string;
      status: string;
    }[];
    expect(deliveries.filter((d) => d.webhook_id === all.body.id)).toHaveLength(3);
    expect(deliveries.filter((d) => d.webhook_id === captures.body.id).map((d) => d.event_type)).toEqual([
      'PAYMENT.CAPTURE.COMPLETED',
    ]);
    expect(deliveries.filter((d) => d.webhook_id === refunds.body.id)).toEqual([]);
    expect(deliveries.every((d) => d.status === 'PENDING')).toBe(true); // the host does not listen: nothing is sent
  });

  it('* receives event types registered after the subscription was made', async () => {
    const webhooks = h.host.services.webhooks;
    const all = await h.request('POST', '/v1/notifications/webhooks', {
      body: { url: 'https://example.com/all', event_types: [{ name: '*' }] },
    });
    const specific = await h.request('POST', '/v1/notifications/webhooks', {
      body: { url: 'https://example.com/one', event_types: [{ name: 'PAYMENT.CAPTURE.COMPLETED' }] },
    });
    webhooks.catalog.register({
      name: 'SANDBOX.LATE-TYPE.CREATED',
      description: 'A type registered after the webhook.',
      resourceType: 'plan',
      resourceVersions: ['1.0'],
      summary: () => 'A late type',
      sample: () => ({ id: 'P-1' }),
    });
    h.host.deps.store.transaction(() =>
      webhooks.outbox.record({
        eventType: 'SANDBOX.LATE-TYPE.CREATED',
        resource: { id: 'P-1' },
        resourceId: 'P-1',
        appId: h.host.sandboxApp.id,
      }),
    );
    const deliveries = webhooks.deliveries.list({}, 10);
    expect(deliveries.map((d) => d.webhook_id)).toEqual([all.body.id]);
    expect(deliveries.map((d) => d.webhook_id)).not.toContain(specific.body.id);
    expect(
      (await h.request('GET', '/v1/notifications/webhooks-event-types')).body.event_types.map(
        (t: { name: string }) => t.name,
      ),
    ).toContain('SANDBOX.LATE-TYPE.CREATED');
  });
});

describe('CHECKOUT.PAYMENT-APPROVAL.REVERSED: an approval not followed by payment within 3 days', () => {
  let h: ApiHarness;
  beforeEach(async () => {
    h = await startHarness();
  });
  afterEach(async () => h.close());

  it('reverses the approval after 3 days: the order is VOIDED, the event is emitted, the order can no longer be paid', async () => {
    const created = await h.createOrder();
    const id = created.body.id as string;
    await h.request('POST', `/v1/test-helpers/checkout/orders/${id}/approve`, { body: {} });
    await h.request('POST', '/v1/test-helpers/clock', { body: { advance_seconds: 3 * 86_400 - 60 } });
    h.token = await h.newToken(); // tokens expire on the simulated clock too
    expect((await h.request('GET', `/v2/checkout/orders/${id}`)).body.status).toBe('APPROVED');
    await h.request('POST', '/v1/test-helpers/clock', { body: { advance_seconds: 120 } });
    const order = await h.request('GET', `/v2/checkout/orders/${id}`);
    expect(order.body.status).toBe('VOIDED');
    const reversed = await events(h, '&event_type=CHECKOUT.PAYMENT-APPROVAL.REVERSED');
    expect(reversed).toHaveLength(1);
    expect(reversed[0]).toMatchObject({ resource_type: 'checkout-order' });
    // Exactly the order's id, its units' references and amounts, and the payer who approved it.
    expect(reversed[0].resource).toEqual({
      order_id: id,
      purchase_units: [{ reference_id: 'default', amount: { currency_code: 'USD', value: '100.00' } }],
      payer: order.body.payer,
    });
    expect(order.body.payer).toMatchObject({ email_address: expect.any(String) });
    expect(reversed[0].summary).toContain(id);
    const history = h.host.deps.store.resources.history('order', id);
    expect(history.at(-1)).toMatchObject({
      trigger: 'reverse-approval',
      from_status: 'APPROVED',
      to_status: 'VOIDED',
    });
    expectError(
      await h.request('POST', `/v2/checkout/orders/${id}/capture`, { body: {} }),
      'UNPROCESSABLE_ENTITY',
      { issue: 'ORDER_VOIDED', field: 'id' },
    );
  });

  it('does not reverse an order captured or authorized in time', async () => {
    const { orderId } = await captureOrder(h);
    const { orderId: authorized } = await authorizeOrder(h);
    await h.request('POST', '/v1/test-helpers/clock', { body: { advance_seconds: (3 * DAY) / 1000 + 3600 } });
    h.token = await h.newToken();
    expect((await h.request('GET', `/v2/checkout/orders/${orderId}`)).body.status).toBe('COMPLETED');
    expect((await h.request('GET', `/v2/checkout/orders/${authorized}`)).body.status).toBe('COMPLETED');
    expect(await events(h, '&event_type=CHECKOUT.PAYMENT-APPROVAL.REVERSED')).toEqual([]);
  });
});

describe('events API (spec 4.12)', () => {
  let h: ApiHarness;
  beforeEach(async () => {
    h = await startHarness();
  });
  afterEach(async () => h.close());

  it('pages newest first with self, next and previous links, and filters by type, time and resource', async () => {
    for (let i = 0; i < 3; i++) await captureOrder(h, `${10 + i}.00`);
    // 9 events: 3 x (approved, capture completed, order completed)
    const first = await h.request('GET', `${EVENTS}?page_size=4`);
    expect(first.body.count).toBe(4);
    expect(first.body.total_items).toBe(9);
    expect(first.body.total_pages).toBe(3);
    expect(first.body.links.map((l: { rel: string }) => l.rel)).toEqual(['self', 'next']);
    const next = first.body.links
      .find((l: { rel: string }) => l.rel === 'next')
      .href.replace(INJECT_BASE, '');
    const second = await h.request('GET', next);
    expect(second.body.links.map((l: { rel: string }) => l.rel)).toEqual(['self', 'next', 'previous']);
    const third = await h.request('GET', `${EVENTS}?page_size=4&page=3`);
    expect(third.body.count).toBe(1);
    const ids = [...first.body.events, ...second.body.events, ...third.body.events].map(
      (e: { id: string }) => e.id,
    );
    expect(new Set(ids).size).toBe(9);
    const times = [...first.body.events, ...second.body.events, ...third.body.events].map(
      (e: { create_time: string }) => e.create_time,
    );
    expect([...times].sort().reverse()).toEqual(times);

    expect(await events(h, '&event_type=PAYMENT.CAPTURE.COMPLETED')).toHaveLength(3);
    const capture = (await events(h, '&event_type=PAYMENT.CAPTURE.COMPLETED'))[0];
    expect(await events(h, `&transaction_id=${capture.resource.id}`)).toHaveLength(1);
    const future = new Date(Date.now() + 3_600_000).toISOString();
    expect(await events(h, `&start_time=${future}`)).toEqual([]);
    expect(await events(h, `&end_time=${future}`)).toHaveLength(9);
    expect(await events(h, `&start_time=${capture.create_time}&end_time=${capture.create_time}`)).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: capture.id })]),
    );

    const shown = await h.request('GET', `${EVENTS}/${capture.id}`);
    expect(shown.status).toBe(200);
    expect(shown.body).toEqual(capture);
  });

  it.each([
    ['page_size=0', 'page_size', 'INVALID_INTEGER_MIN_VALUE'],
    ['page_size=301', 'page_size', 'INVALID_INTEGER_MAX_VALUE'],
    ['page_size=ten', 'page_size', 'INVALID_PARAMETER_SYNTAX'],
    ['page=0', 'page', 'INVALID_INTEGER_MIN_VALUE'],
    ['start_time=yesterday', 'start_time', 'INVALID_PARAMETER_SYNTAX'],
    ['start_time=2026-01-02T00:00:00Z&end_time=2026-01-01T00:00:00Z', 'end_time', 'INVALID_PARAMETER_VALUE'],
  ])('refuses %s with a clear 400', async (query, field, issue) => {
    expectError(await h.request('GET', `${EVENTS}?${query}`), 'INVALID_REQUEST', {
      issue: issue as never,
      field,
    });
  });

  it('answers 404 for an unknown event, a malformed id is a 400, and resend to unknown webhooks is a 400', async () => {
    expectError(await h.request('GET', `${EVENTS}/WH-NOPE`), 'RESOURCE_NOT_FOUND', {
      issue: 'RESOURCE_NOT_FOUND',
      field: '/event_id',
    });
    expectError(await h.request('GET', `${EVENTS}/bad id!`), 'INVALID_REQUEST', {
      issue: 'INVALID_PARAMETER_SYNTAX',
      field: 'event_id',
    });
    await captureOrder(h);
    const [event] = await events(h);
    const reply = await h.request('POST', `${EVENTS}/${event.id}/resend`, {
      body: { webhook_ids: ['NOSUCHWEBHOOK1'] },
    });
    expectError(reply, 'INVALID_REQUEST', { issue: 'INVALID_RESOURCE_ID', field: '/webhook_ids/0' });
    expectError(
      await h.request('POST', `${EVENTS}/${event.id}/resend`, { body: { webhook_ids: ['bad_id'] } }),
      'INVALID_REQUEST',
      { issue: 'INVALID_PARAMETER_SYNTAX', field: '/webhook_ids/0' },
    );
  });
});
