import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startHarness, type ApiHarness } from '../../../test-support/api-harness.js';
import { expectError } from '../../../test-support/expect-error.js';
import { TRACKERS, capturedOrder } from './trackers-test-kit.js';

/** Tracking through orders v2: POST /v2/checkout/orders/{id}/track and PATCH .../trackers/{tracker_id}. */

let api: ApiHarness;
let orderId: string;
let captureId: string;
beforeEach(async () => {
  api = await startHarness();
  ({ orderId, captureId } = await capturedOrder(api));
});
afterEach(async () => {
  await api.close();
});

const track = (body: Record<string, unknown>, id = orderId) =>
  api.request('POST', `/v2/checkout/orders/${id}/track`, { body });
const patch = (trackerId: string, ops: unknown, id = orderId) =>
  api.request('PATCH', `/v2/checkout/orders/${id}/trackers/${trackerId}`, { body: ops });
const base = () => ({ capture_id: captureId, tracking_number: '443844607820', carrier: 'FEDEX' });

describe('POST /v2/checkout/orders/{id}/track', () => {
  it('adds a tracker to the capture and answers the order, which shows it under shipping.trackers', async () => {
    const reply = await track({
      ...base(),
      notify_payer: true,
      items: [{ name: 'Mug', quantity: '1', sku: 'MUG-1' }],
    });
    expect(reply.status, reply.text).toBe(201);
    const trackers = reply.body.purchase_units[0].shipping.trackers;
    expect(trackers).toEqual([
      {
        id: `${captureId}-443844607820`,
        status: 'SHIPPED',
        items: [{ name: 'Mug', quantity: '1', sku: 'MUG-1' }],
        links: [
          expect.objectContaining({
            rel: 'self',
            href: expect.stringContaining(`${TRACKERS}/${captureId}-443844607820`),
          }),
          expect.objectContaining({ rel: 'edit', method: 'PATCH' }),
        ],
        create_time: expect.any(String),
        update_time: expect.any(String),
      },
    ]);
    const shown = await api.request('GET', `/v2/checkout/orders/${orderId}`);
    expect(shown.body.purchase_units[0].shipping.trackers[0].id).toBe(`${captureId}-443844607820`);
    // The same tracker through v1, with the payer notification as notify_buyer.
    const v1 = await api.request('GET', `${TRACKERS}/${captureId}-443844607820`);
    expect(v1.body).toMatchObject({
      transaction_id: captureId,
      status: 'SHIPPED',
      notify_buyer: true,
      carrier: 'FEDEX',
    });
    // The buyer is told, in the sandbox mailbox.
    const mail = await api.request('GET', '/v1/test-helpers/mailbox');
    const notices = (mail.body.messages as { recipient: string; subject: string; body: string }[]).filter(
      (m) => m.subject.endsWith('shipped your order'),
    );
    expect(notices).toHaveLength(1);
    expect(notices[0]?.recipient).toBe('buyer@example.com');
    expect(notices[0]?.body).toContain('443844607820');
  });

  it('tells nobody when the payer is not to be notified', async () => {
    expect((await track(base())).status).toBe(201);
    const mail = await api.request('GET', '/v1/test-helpers/mailbox');
    expect(
      (mail.body.messages as { subject: string }[]).filter((m) => m.subject.endsWith('shipped your order')),
    ).toHaveLength(0);
  });

  it('answers 422 for a capture of another order or none, and for an item sku the order does not have', async () => {
    const other = await capturedOrder(api);
    expectError(await track({ ...base(), capture_id: other.captureId }), 'UNPROCESSABLE_ENTITY', {
      issue: 'CAPTURE_ID_NOT_FOUND',
      field: '/capture_id',
    });
    expectError(
      await track({ ...base(), capture_id: 'NOSUCHCAPTURE' }),
      'UNPROCESSABLE_ENTITY',
      'CAPTURE_ID_NOT_FOUND',
    );
    expectError(await track({ ...base(), items: [{ sku: 'HAT-9' }] }), 'UNPROCESSABLE_ENTITY', {
      issue: 'ITEM_SKU_MISMATCH',
      field: '/items/0/sku',
    });
  });

  it('answers 422 CAPTURE_STATUS_NOT_VALID for a refunded capture', async () => {
    const refund = await api.request('POST', `/v2/payments/captures/${captureId}/refund`, { body: {} });
    expect(refund.status, refund.text).toBe(201);
    expectError(await track(base()), 'UNPROCESSABLE_ENTITY', 'CAPTURE_STATUS_NOT_VALID');
  });

  it('answers 422 TRACKER_ALREADY_EXISTS for the same tracking number twice', async () => {
    expect((await track(base())).status).toBe(201);
    expectError(await track(base()), 'UNPROCESSABLE_ENTITY', 'TRACKER_ALREADY_EXISTS');
  });

  it.each([
    ['no capture_id', { capture_id: undefined }, '/capture_id'],
    ['no carrier', { carrier: undefined }, '/carrier'],
    ['a URL tracking number', { tracking_number: 'https://x.example/1' }, '/tracking_number'],
    ['carrier_name_other without OTHER', { carrier_name_other: 'Bob' }, '/carrier_name_other'],
    ['a quantity of zero', { items: [{ name: 'Mug', quantity: '0' }] }, '/items/0/quantity'],
  ])('answers 400 for %s', async (_name, extra, field) => {
    expectError(await track({ ...base(), ...extra }), 'INVALID_REQUEST', {
      issue: expect.any(String) as never,
      field,
    });
  });

  it('answers 404 for an unknown order', async () => {
    expectError(await track(base(), 'NOSUCHORDER123456'), 'RESOURCE_NOT_FOUND');
  });
});

describe('PATCH /v2/checkout/orders/{id}/trackers/{tracker_id}', () => {
  let trackerId: string;
  beforeEach(async () => {
    await track(base());
    trackerId = `${captureId}-443844607820`;
  });

  it('replaces items and notify_payer (204); cancels with status CANCELLED', async () => {
    const items = [{ name: 'Mug', quantity: '2', sku: 'MUG-1' }];
    expect(
      (
        await patch(trackerId, [
          { op: 'replace', path: '/items', value: items },
          { op: 'add', path: '/notify_payer', value: true },
        ])
      ).status,
    ).toBe(204);
    let shown = await api.request('GET', `/v2/checkout/orders/${orderId}`);
    expect(shown.body.purchase_units[0].shipping.trackers[0].items).toEqual(items);
    expect((await patch(trackerId, [{ op: 'replace', path: '/status', value: 'CANCELLED' }])).status).toBe(
      204,
    );
    shown = await api.request('GET', `/v2/checkout/orders/${orderId}`);
    expect(shown.body.purchase_units[0].shipping.trackers[0].status).toBe('CANCELLED');
    expectError(
      await patch(trackerId, [{ op: 'add', path: '/notify_payer', value: false }]),
      'UNPROCESSABLE_ENTITY',
      'TRACKER_CANCELLED',
    );
  });

  it.each([
    [
      'a status other than CANCELLED',
      [{ op: 'replace', path: '/status', value: 'DELIVERED' }],
      'INVALID_REQUEST',
      'INVALID_PARAMETER_VALUE',
    ],
    [
      'notify_payer as text',
      [{ op: 'replace', path: '/notify_payer', value: 'yes' }],
      'INVALID_REQUEST',
      'INVALID_PARAMETER_VALUE',
    ],
    [
      'a bad item',
      [{ op: 'replace', path: '/items', value: [{ quantity: 'two' }] }],
      'INVALID_REQUEST',
      'INVALID_PARAMETER_SYNTAX',
    ],
    [
      'an item sku the order lacks',
      [{ op: 'replace', path: '/items', value: [{ sku: 'HAT-9' }] }],
      'UNPROCESSABLE_ENTITY',
      'ITEM_SKU_MISMATCH',
    ],
    [
      'the carrier',
      [{ op: 'replace', path: '/carrier', value: 'UPS' }],
      'UNPROCESSABLE_ENTITY',
      'NOT_PATCHABLE',
    ],
    ['remove items', [{ op: 'remove', path: '/items' }], 'UNPROCESSABLE_ENTITY', 'NOT_PATCHABLE'],
    ['no value', [{ op: 'replace', path: '/status' }], 'UNPROCESSABLE_ENTITY', 'PATCH_VALUE_REQUIRED'],
  ])('refuses %s and changes nothing', async (_name, ops, name, issue) => {
    expectError(await patch(trackerId, ops), name as never, issue as never);
    const v1 = await api.request('GET', `${TRACKERS}/${trackerId}`);
    expect(v1.body.status).toBe('SHIPPED');
    expect(v1.body.items).toBeUndefined();
  });

  it('counts toward the 5 updates of a tracker', async () => {
    for (let i = 0; i < 5; i++)
      expect(
        (await patch(trackerId, [{ op: 'replace', path: '/notify_payer', value: i % 2 === 0 }])).status,
      ).toBe(204);
    expectError(
      await patch(trackerId, [{ op: 'replace', path: '/notify_payer', value: true }]),
      'UNPROCESSABLE_ENTITY',
      'TRACKER_UPDATE_LIMIT_REACHED',
    );
  });

  it('answers 404 TRACKER_ID_NOT_FOUND for an unknown tracker or one of another order', async () => {
    expectError(
      await patch(`${captureId}-NOPE`, [{ op: 'replace', path: '/status', value: 'CANCELLED' }]),
      'RESOURCE_NOT_FOUND',
      'TRACKER_ID_NOT_FOUND',
    );
    const other = await capturedOrder(api);
    expectError(
      await patch(trackerId, [{ op: 'replace', path: '/status', value: 'CANCELLED' }], other.orderId),
      'RESOURCE_NOT_FOUND',
      'TRACKER_ID_NOT_FOUND',
    );
  });
});
