import { beforeEach, describe, expect, it } from 'vitest';
import { harnessPerTest } from '../../../test-support/harness-per-test.js';
import { startHarness } from '../../../test-support/api-harness.js';
import { expectError } from '../../../test-support/expect-error.js';
import { BATCH, TRACKERS, capturedOrder, tracker } from './trackers-test-kit.js';

const api = harnessPerTest(startHarness);
let captureId: string;
beforeEach(async () => {
  ({ captureId } = await capturedOrder(api));
});

const add = (trackers: unknown[], path = TRACKERS) => api.request('POST', path, { body: { trackers } });
const put = (id: string, body: unknown) => api.request('PUT', `${TRACKERS}/${id}`, { body });

describe('POST /v1/shipping/trackers and trackers-batch', () => {
  it('adds a tracker to a captured transaction: 201, id <transaction_id>-<tracking_number>', async () => {
    const reply = await add([tracker(captureId, { shipment_date: '2026-01-15', notify_buyer: true })]);
    expect(reply.status, reply.text).toBe(201);
    expect(reply.body.tracker_identifiers).toEqual([
      {
        transaction_id: captureId,
        tracking_number: '443844607820',
        links: [
          expect.objectContaining({
            rel: 'self',
            href: expect.stringContaining(`${TRACKERS}/${captureId}-443844607820`),
          }),
        ],
      },
    ]);
    const shown = await api.request('GET', `${TRACKERS}/${captureId}-443844607820`);
    expect(shown.status).toBe(200);
    expect(shown.body).toMatchObject({
      transaction_id: captureId,
      tracking_number: '443844607820',
      status: 'SHIPPED',
      carrier: 'FEDEX',
      notify_buyer: true,
      shipment_date: '2026-01-15',
      shipment_uploader: 'MERCHANT',
      last_updated_time: expect.any(String),
    });
    expect(shown.body.links.map((l: { rel: string }) => l.rel)).toEqual(['self', 'replace']);
  });

  it('the batch call works the same and is marked deprecated in favour of orders v2', async () => {
    const reply = await add([tracker(captureId)], BATCH);
    expect(reply.status, reply.text).toBe(201);
    const doc = await api.request('GET', '/openapi.json', { token: null });
    const op = doc.body.paths['/v1/shipping/trackers-batch'].post;
    expect(op.deprecated).toBe(true);
    expect(JSON.stringify(op)).toContain('shipment tracking through Orders v2');
  });

  it('adds 20 in one call, refuses 21 and 0', async () => {
    const twenty = Array.from({ length: 20 }, (_, i) => tracker(captureId, { tracking_number: `TRK${i}` }));
    expect((await add(twenty)).status).toBe(201);
    expectError(await add([...twenty, tracker(captureId, { tracking_number: 'TRK20' })]), 'INVALID_REQUEST', {
      issue: 'INVALID_ARRAY_MAX_ITEMS',
      field: '/trackers',
    });
    expectError(await add([]), 'INVALID_REQUEST', { issue: 'INVALID_ARRAY_MIN_ITEMS', field: '/trackers' });
  });

  it('attaches only to real captured transactions: nothing is added when one tracker is bad', async () => {
    const reply = await add([tracker(captureId), tracker('NOSUCHCAPTURE0001')]);
    expectError(reply, 'UNPROCESSABLE_ENTITY', {
      issue: 'INVALID_TRANSACTION_ID',
      field: '/trackers/1/transaction_id',
    });
    expectError(await api.request('GET', `${TRACKERS}/${captureId}-443844607820`), 'RESOURCE_NOT_FOUND');
    const { orderId } = await capturedOrder(api, 'AUTHORIZE');
    // An order id or an authorization is not a captured transaction.
    expectError(await add([tracker(orderId)]), 'UNPROCESSABLE_ENTITY', 'INVALID_TRANSACTION_ID');
  });

  it('refuses a tracker that already exists (also twice in one call)', async () => {
    expect((await add([tracker(captureId)])).status).toBe(201);
    expectError(await add([tracker(captureId)]), 'UNPROCESSABLE_ENTITY', 'TRACKER_ALREADY_EXISTS');
    expectError(
      await add([
        tracker(captureId, { tracking_number: 'X1' }),
        tracker(captureId, { tracking_number: 'X1' }),
      ]),
      'UNPROCESSABLE_ENTITY',
      { issue: 'TRACKER_ALREADY_EXISTS', field: '/trackers/1/tracking_number' },
    );
  });

  it.each([
    ['a URL', 'https://track.example/1Z999', 'URL'],
    ['a www address', 'www.track.example', 'URL'],
    ['an e-mail', 'ship@example.com', 'e-mail'],
    ['an international phone', '+14085551234', 'phone'],
    ['a NANP phone', '408-555-1234', 'phone'],
    ['non-ASCII', 'TRK\u00e9123', 'ASCII'],
    ['a space', 'TRK 123', 'letters, digits'],
  ])('refuses %s as tracking number', async (_name, number, words) => {
    const reply = await add([tracker(captureId, { tracking_number: number })]);
    const body = expectError(reply, 'INVALID_REQUEST', {
      issue: 'INVALID_PARAMETER_VALUE',
      field: '/trackers/0/tracking_number',
    });
    expect(body.details?.[0]?.description).toContain(words);
  });

  it('accepts a bare digit tracking number (FedEx) and an UPS one', async () => {
    expect(
      (
        await add([
          tracker(captureId, { tracking_number: '123456789012' }),
          tracker(captureId, { tracking_number: '1Z999AA10123456784', carrier: 'UPS' }),
        ])
      ).status,
    ).toBe(201);
  });

  it.each([
    [
      'no transaction_id',
      { transaction_id: undefined },
      '/trackers/0/transaction_id',
      'MISSING_REQUIRED_PARAMETER',
    ],
    [
      'a transaction_id with a dash',
      { transaction_id: 'ABC-1' },
      '/trackers/0/transaction_id',
      'INVALID_PARAMETER_SYNTAX',
    ],
    [
      'a 51-character transaction_id',
      { transaction_id: 'A'.repeat(51) },
      '/trackers/0/transaction_id',
      'INVALID_PARAMETER_SYNTAX',
    ],
    [
      'no tracking_number',
      { tracking_number: undefined },
      '/trackers/0/tracking_number',
      'MISSING_REQUIRED_PARAMETER',
    ],
    [
      'a 65-character tracking_number',
      { tracking_number: 'A'.repeat(65) },
      '/trackers/0/tracking_number',
      'INVALID_STRING_MAX_LENGTH',
    ],
    ['no status', { status: undefined }, '/trackers/0/status', 'MISSING_REQUIRED_PARAMETER'],
    ['an unknown status', { status: 'LOST' }, '/trackers/0/status', 'INVALID_PARAMETER_VALUE'],
    ['a new CANCELLED tracker', { status: 'CANCELLED' }, '/trackers/0/status', 'INVALID_PARAMETER_VALUE'],
    [
      'no carrier with a tracking number',
      { carrier: undefined },
      '/trackers/0/carrier',
      'MISSING_REQUIRED_PARAMETER',
    ],
    ['a lowercase carrier', { carrier: 'fedex' }, '/trackers/0/carrier', 'INVALID_PARAMETER_SYNTAX'],
    [
      'carrier_name_other without OTHER',
      { carrier_name_other: 'Bob Courier' },
      '/trackers/0/carrier_name_other',
      'INVALID_PARAMETER_VALUE',
    ],
    [
      'OTHER without carrier_name_other',
      { carrier: 'OTHER' },
      '/trackers/0/carrier_name_other',
      'MISSING_REQUIRED_PARAMETER',
    ],
    [
      'a shipment_date with time',
      { shipment_date: '2026-01-15T10:00:00Z' },
      '/trackers/0/shipment_date',
      'INVALID_STRING_MAX_LENGTH',
    ],
    [
      'a shipment_date that is no date',
      { shipment_date: '2026-02-30' },
      '/trackers/0/shipment_date',
      'INVALID_PARAMETER_VALUE',
    ],
    [
      'a tracking_url that is not http',
      { tracking_url: 'ftp://x.example/1' },
      '/trackers/0/tracking_url',
      'INVALID_PARAMETER_VALUE',
    ],
    [
      'a 251-character tracking_url',
      { tracking_url: `https://x.example/${'a'.repeat(240)}` },
      '/trackers/0/tracking_url',
      'INVALID_STRING_MAX_LENGTH',
    ],
    [
      'an unknown shipment_direction',
      { shipment_direction: 'SIDEWAYS' },
      '/trackers/0/shipment_direction',
      'INVALID_PARAMETER_VALUE',
    ],
    ['notify_buyer as text', { notify_buyer: 'yes' }, '/trackers/0/notify_buyer', 'INVALID_PARAMETER_VALUE'],
    [
      'an account_id with an O',
      { account_id: 'OOOOOOOOOOOOO' },
      '/trackers/0/account_id',
      'INVALID_PARAMETER_SYNTAX',
    ],
  ])('answers 400 for %s', async (_name, extra, field, issue) => {
    const reply = await add([tracker(captureId, extra)]);
    expectError(reply, 'INVALID_REQUEST', { issue: issue as never, field });
  });

  it('accepts carrier OTHER with its name', async () => {
    const reply = await add([tracker(captureId, { carrier: 'OTHER', carrier_name_other: 'Bob Courier' })]);
    expect(reply.status, reply.text).toBe(201);
  });

  it('marks a tracker a partner added for the merchant (Svc-Auth-Assertion) as uploaded by PARTNER', async () => {
    const assertion = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from(JSON.stringify({ email: 'charity@example.com' })).toString('base64url')}.`;
    const reply = await api.request('POST', TRACKERS, {
      body: { trackers: [tracker(captureId)] },
      headers: { 'svc-auth-assertion': assertion },
    });
    expect(reply.status, reply.text).toBe(201);
    const shown = await api.request('GET', `${TRACKERS}/${captureId}-443844607820`);
    expect(shown.body.shipment_uploader).toBe('PARTNER');
  });

  it("answers 403 for another merchant's account_id", async () => {
    expectError(
      await add([tracker(captureId, { account_id: 'ABCDEFGHJKLMN' })]),
      'NOT_AUTHORIZED',
      'PERMISSION_DENIED',
    );
  });
});

describe('GET /v1/shipping/trackers?transaction_id=', () => {
  beforeEach(async () => {
    await add([tracker(captureId), tracker(captureId, { tracking_number: 'SECOND1' })]);
  });

  it('answers the tracker with tracking_number, every tracker of the transaction without', async () => {
    const one = await api.request('GET', `${TRACKERS}?transaction_id=${captureId}&tracking_number=SECOND1`);
    expect(one.status, one.text).toBe(200);
    expect(one.body.tracking_number).toBe('SECOND1');
    const all = await api.request('GET', `${TRACKERS}?transaction_id=${captureId}`);
    expect(all.body.trackers.map((t: { tracking_number: string }) => t.tracking_number)).toEqual([
      '443844607820',
      'SECOND1',
    ]);
  });

  it('checks account_id: 13 characters without 0, 1, I, O, and the caller own', async () => {
    const merchant = (await api.request('GET', '/v1/test-helpers/vault/onboarding')).body
      .merchant_id as string;
    expect(
      (await api.request('GET', `${TRACKERS}?transaction_id=${captureId}&account_id=${merchant}`)).status,
    ).toBe(200);
    expectError(
      await api.request('GET', `${TRACKERS}?transaction_id=${captureId}&account_id=ABCDEFGHJKLMN`),
      'NOT_AUTHORIZED',
      'PERMISSION_DENIED',
    );
    for (const bad of ['ABCDEFGHJKLM', 'ABCDEFGHJKLMNP', 'ABCDEFGHJKLM0', 'ABCDEFGHJKLMI'])
      expectError(
        await api.request('GET', `${TRACKERS}?transaction_id=${captureId}&account_id=${bad}`),
        'INVALID_REQUEST',
        { issue: 'INVALID_PARAMETER_SYNTAX', field: 'account_id', location: 'query' },
      );
  });

  it('answers 400 without transaction_id, 404 for an unknown tracker or transaction', async () => {
    expectError(await api.request('GET', TRACKERS), 'INVALID_REQUEST', {
      issue: 'MISSING_REQUIRED_PARAMETER',
      field: 'transaction_id',
    });
    expectError(
      await api.request('GET', `${TRACKERS}?transaction_id=${captureId}&tracking_number=NOPE`),
      'RESOURCE_NOT_FOUND',
    );
    expectError(await api.request('GET', `${TRACKERS}?transaction_id=NOSUCH`), 'RESOURCE_NOT_FOUND');
  });
});

describe('PUT /v1/shipping/trackers/{id}', () => {
  let id: string;
  beforeEach(async () => {
    await add([tracker(captureId)]);
    id = `${captureId}-443844607820`;
  });

  it('updates the fields given and the status (204), and keeps the rest', async () => {
    const reply = await put(id, {
      transaction_id: captureId,
      status: 'DELIVERED',
      tracking_url: 'https://fedex.example/t/443844607820',
    });
    expect(reply.status, reply.text).toBe(204);
    const shown = await api.request('GET', `${TRACKERS}/${id}`);
    expect(shown.body).toMatchObject({
      status: 'DELIVERED',
      carrier: 'FEDEX',
      tracking_url: 'https://fedex.example/t/443844607820',
    });
  });

  it('requires transaction_id and status, and refuses to change the id', async () => {
    expectError(await put(id, { status: 'DELIVERED' }), 'INVALID_REQUEST', {
      issue: 'MISSING_REQUIRED_PARAMETER',
      field: '/transaction_id',
    });
    expectError(await put(id, { transaction_id: captureId }), 'INVALID_REQUEST', {
      issue: 'MISSING_REQUIRED_PARAMETER',
      field: '/status',
    });
    expectError(await put(id, { transaction_id: 'OTHER123', status: 'SHIPPED' }), 'INVALID_REQUEST', {
      issue: 'INVALID_PARAMETER_VALUE',
      field: '/transaction_id',
    });
    expectError(
      await put(id, { transaction_id: captureId, tracking_number: 'NEW1', status: 'SHIPPED' }),
      'INVALID_REQUEST',
      { issue: 'INVALID_PARAMETER_VALUE', field: '/tracking_number' },
    );
  });

  it('allows 5 updates, then answers 422 TRACKER_UPDATE_LIMIT_REACHED and changes nothing', async () => {
    const statuses = ['ON_HOLD', 'SHIPPED', 'SHIPPED', 'DELIVERED', 'LOCAL_PICKUP'];
    for (const status of statuses)
      expect((await put(id, { transaction_id: captureId, status })).status).toBe(204);
    expectError(
      await put(id, { transaction_id: captureId, status: 'DELIVERED' }),
      'UNPROCESSABLE_ENTITY',
      'TRACKER_UPDATE_LIMIT_REACHED',
    );
    expect((await api.request('GET', `${TRACKERS}/${id}`)).body.status).toBe('LOCAL_PICKUP');
  });

  it('CANCELLED cancels for good: later updates answer 422 TRACKER_CANCELLED', async () => {
    expect((await put(id, { transaction_id: captureId, status: 'CANCELLED' })).status).toBe(204);
    const shown = await api.request('GET', `${TRACKERS}/${id}`);
    expect(shown.body.status).toBe('CANCELLED');
    expect(shown.body.links.map((l: { rel: string }) => l.rel)).toEqual(['self']);
    expectError(
      await put(id, { transaction_id: captureId, status: 'SHIPPED' }),
      'UNPROCESSABLE_ENTITY',
      'TRACKER_CANCELLED',
    );
    expectError(
      await put(id, { transaction_id: captureId, status: 'CANCELLED' }),
      'UNPROCESSABLE_ENTITY',
      'TRACKER_CANCELLED',
    );
  });

  it('switching away from OTHER drops carrier_name_other; naming one without OTHER is refused', async () => {
    await add([tracker(captureId, { tracking_number: 'OTH1', carrier: 'OTHER', carrier_name_other: 'Bob' })]);
    expect(
      (await put(`${captureId}-OTH1`, { transaction_id: captureId, status: 'SHIPPED', carrier: 'UPS' }))
        .status,
    ).toBe(204);
    const shown = await api.request('GET', `${TRACKERS}/${captureId}-OTH1`);
    expect(shown.body.carrier).toBe('UPS');
    expect(shown.body.carrier_name_other).toBeUndefined();
    expectError(
      await put(id, { transaction_id: captureId, status: 'SHIPPED', carrier_name_other: 'Bob' }),
      'INVALID_REQUEST',
      { issue: 'INVALID_PARAMETER_VALUE', field: '/carrier_name_other' },
    );
  });

  it('answers 404 for an unknown tracker and 400 for a malformed id', async () => {
    expectError(
      await put(`${captureId}-NOPE`, { transaction_id: captureId, status: 'SHIPPED' }),
      'RESOURCE_NOT_FOUND',
    );
    expectError(await put('bad.id', { transaction_id: captureId, status: 'SHIPPED' }), 'INVALID_REQUEST', {
      issue: 'INVALID_PARAMETER_SYNTAX',
      field: 'id',
      location: 'path',
    });
  });
});
