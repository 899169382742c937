import { describe, expect, it } from 'vitest';
import { harnessPerTest } from '../../../test-support/harness-per-test.js';
import { isoSeconds } from '../../../clock.js';
import { AUTHORIZATION_LIFETIME_MS, EXPIRE_AUTHORIZATION_JOB } from './service.js';
import { expectError } from '../../../test-support/expect-error.js';
import { CARD, FIXED_NOW } from '../../../test-support/fixtures.js';
import {
  AUTHORIZATIONS,
  CLOCK,
  DAY,
  ORDERS,
  advance,
  authorizeOrder,
  capture,
  captureOk,
  getAuthorization,
  getCapture,
  getOrder,
  newAuthorization,
  reauthorize,
  rels,
  requestId,
  usd,
  startPaymentsHarness,
  voidAuthorization,
  type PaymentsHarness,
} from './payments-test-kit.js';

/** An approved AUTHORIZE card order with two purchase units, authorized: one authorization per unit. */
async function twoUnitAuthorizations(
  api: PaymentsHarness,
): Promise<{ orderId: string; ids: [string, string] }> {
  const created = await api.createOrder(
    {
      intent: 'AUTHORIZE',
      purchase_units: [
        { reference_id: 'A', amount: usd('10.00') },
        { reference_id: 'B', amount: usd('20.00') },
      ],
      payment_source: CARD,
    },
    { 'Svc-Request-Id': requestId('create') },
  );
  expect(created.status, created.text).toBe(201);
  const order = await authorizeOrder(api, created.body.id);
  const ids = order.body.purchase_units.map((u: any) => u.payments.authorizations[0].id as string) as [
    string,
    string,
  ];
  expect(ids).toHaveLength(2);
  return { orderId: created.body.id, ids };
}

const expiryJobs = (api: PaymentsHarness, id: string) =>
  api.host.deps.store.jobs
    .listPending()
    .filter((job) => job.kind === EXPIRE_AUTHORIZATION_JOB && (job.payload as { id: string }).id === id);

describe('POST /v2/payments/authorizations/{id}/void', () => {
  const api = harnessPerTest(startPaymentsHarness);

  it('204 without a body; the authorization is VOIDED', async () => {
    const { authorizationId } = await newAuthorization(api);
    await advance(api, 3600 * 1000);
    const reply = await voidAuthorization(api, authorizationId);
    expect(reply.status).toBe(204);
    expect(reply.text).toBe('');
    const authorization = await getAuthorization(api, authorizationId);
    expect(authorization.status).toBe('VOIDED');
    expect(authorization.update_time).toBe(isoSeconds(FIXED_NOW + 3600 * 1000));
    expect(rels(authorization.links)).toEqual(['self', 'up']);
  });

  it('200 with the VOIDED authorization for Prefer: return=representation', async () => {
    const { authorizationId } = await newAuthorization(api, '55.00');
    const reply = await voidAuthorization(api, authorizationId, { Prefer: 'return=representation' });
    expect(reply.status, reply.text).toBe(200);
    expect(reply.body).toMatchObject({ id: authorizationId, status: 'VOIDED', amount: usd('55.00') });
    expect(rels(reply.body.links)).toEqual(['self', 'up']);
    expect(await getAuthorization(api, authorizationId)).toEqual(reply.body);
  });

  it('accepts an empty JSON object as the body', async () => {
    const { authorizationId } = await newAuthorization(api);
    const reply = await api.request('POST', `${AUTHORIZATIONS}/${authorizationId}/void`, { body: {} });
    expect(reply.status, reply.text).toBe(204);
  });

  it('voids what remains after a partial capture; the capture stays and the order stays COMPLETED', async () => {
    const { orderId, authorizationId } = await newAuthorization(api, '100.00');
    const captured = await captureOk(api, authorizationId, { amount: usd('30.00') });
    expect((await voidAuthorization(api, authorizationId)).status).toBe(204);
    expect((await getAuthorization(api, authorizationId)).status).toBe('VOIDED');
    expect((await getCapture(api, captured.id)).status).toBe('COMPLETED');
    const order = await getOrder(api, orderId);
    expect(order.status).toBe('COMPLETED');
    expect(order.purchase_units[0].payments.captures).toHaveLength(1);
  });

  it('422 AUTHORIZATION_VOIDED when voided twice', async () => {
    const { authorizationId } = await newAuthorization(api);
    expect((await voidAuthorization(api, authorizationId)).status).toBe(204);
    expectError(await voidAuthorization(api, authorizationId), 'UNPROCESSABLE_ENTITY', {
      issue: 'AUTHORIZATION_VOIDED',
      field: 'id',
      location: 'path',
    });
    const history = api.host.deps.store.resources.history('authorization', authorizationId);
    expect(history.map((h) => h.trigger)).toEqual(['create', 'void']);
  });

  it('422 CANNOT_BE_VOIDED after a full capture', async () => {
    const { authorizationId } = await newAuthorization(api);
    await captureOk(api, authorizationId);
    expectError(await voidAuthorization(api, authorizationId), 'UNPROCESSABLE_ENTITY', {
      issue: 'CANNOT_BE_VOIDED',
      field: 'id',
      location: 'path',
    });
    expect((await getAuthorization(api, authorizationId)).status).toBe('CAPTURED');
  });

  it('422 CANNOT_BE_VOIDED after expiry', async () => {
    const { authorizationId } = await newAuthorization(api);
    await advance(api, AUTHORIZATION_LIFETIME_MS);
    expectError(await voidAuthorization(api, authorizationId), 'UNPROCESSABLE_ENTITY', {
      issue: 'CANNOT_BE_VOIDED',
    });
    expect((await getAuthorization(api, authorizationId)).status).toBe('EXPIRED');
  });

  it('the order becomes VOIDED when its only authorization is voided without a capture', async () => {
    const { orderId, authorizationId } = await newAuthorization(api);
    expect((await getOrder(api, orderId)).status).toBe('COMPLETED');
    expect((await voidAuthorization(api, authorizationId)).status).toBe(204);
    const order = await getOrder(api, orderId);
    expect(order.status).toBe('VOIDED');
    expect(rels(order.links)).toEqual(['self']);
    expect(order.purchase_units[0].payments.authorizations[0].status).toBe('VOIDED');
  });

  it('the order becomes VOIDED only when all of its authorizations are voided', async () => {
    const { orderId, ids } = await twoUnitAuthorizations(api);
    expect((await voidAuthorization(api, ids[0])).status).toBe(204);
    expect((await getOrder(api, orderId)).status).toBe('COMPLETED');
    expect((await voidAuthorization(api, ids[1])).status).toBe(204);
    expect((await getOrder(api, orderId)).status).toBe('VOIDED');
  });

  it('the order stays COMPLETED when one of its authorizations was captured', async () => {
    const { orderId, ids } = await twoUnitAuthorizations(api);
    await captureOk(api, ids[0], { amount: usd('5.00') });
    expect((await voidAuthorization(api, ids[0])).status).toBe(204);
    expect((await voidAuthorization(api, ids[1])).status).toBe(204);
    expect((await getOrder(api, orderId)).status).toBe('COMPLETED');
  });

  it('a void cancels the pending expiry job', async () => {
    const { authorizationId } = await newAuthorization(api);
    expect(expiryJobs(api, authorizationId)).toHaveLength(1);
    expect((await voidAuthorization(api, authorizationId)).status).toBe(204);
    expect(expiryJobs(api, authorizationId)).toHaveLength(0);
    await advance(api, AUTHORIZATION_LIFETIME_MS + DAY);
    expect((await getAuthorization(api, authorizationId)).status).toBe('VOIDED');
  });
});

describe('authorization expiry (the scheduled job after 29 days)', () => {
  const api = harnessPerTest(startPaymentsHarness);

  it('schedules one expiry job at the expiration_time', async () => {
    const { authorizationId } = await newAuthorization(api);
    const jobs = expiryJobs(api, authorizationId);
    expect(jobs).toHaveLength(1);
    expect(jobs[0]?.due_at).toBe(FIXED_NOW + AUTHORIZATION_LIFETIME_MS);
    expect(isoSeconds(jobs[0]?.due_at ?? 0)).toBe(
      (await getAuthorization(api, authorizationId)).expiration_time,
    );
  });

  it('advancing the clock 29 days runs the job: EXPIRED, capture then 422 AUTHORIZATION_EXPIRED', async () => {
    const { authorizationId } = await newAuthorization(api);
    const moved = await advance(api, 29 * DAY);
    expect(moved.jobs_run).toBeGreaterThanOrEqual(1);
    const authorization = await getAuthorization(api, authorizationId);
    expect(authorization.status).toBe('EXPIRED');
    expect(authorization.update_time).toBe(authorization.expiration_time);
    expect(rels(authorization.links)).toEqual(['self', 'up']);
    expectError(await capture(api, authorizationId), 'UNPROCESSABLE_ENTITY', {
      issue: 'AUTHORIZATION_EXPIRED',
      field: 'id',
      location: 'path',
    });
    expectError(await reauthorize(api, authorizationId), 'UNPROCESSABLE_ENTITY', {
      issue: 'REAUTHORIZE_TOO_LATE',
    });
    const history = api.host.deps.store.resources.history('authorization', authorizationId);
    expect(history.at(-1)).toMatchObject({
      trigger: 'expire',
      from_status: 'CREATED',
      to_status: 'EXPIRED',
      at: authorization.expiration_time,
    });
    expect(expiryJobs(api, authorizationId)).toHaveLength(0);
  });

  it('one second before, nothing expires and a capture works', async () => {
    const { authorizationId } = await newAuthorization(api);
    await advance(api, 29 * DAY - 1000);
    expect((await getAuthorization(api, authorizationId)).status).toBe('CREATED');
    const captured = await captureOk(api, authorizationId);
    expect(captured.status).toBe('COMPLETED');
  });

  it('the job runs when the clock is set `to` the expiration time', async () => {
    const { authorizationId } = await newAuthorization(api);
    const { expiration_time } = await getAuthorization(api, authorizationId);
    const reply = await api.request('POST', CLOCK, { body: { to: expiration_time } });
    expect(reply.status, reply.text).toBe(200);
    expect(reply.body.jobs_run).toBeGreaterThanOrEqual(1);
    expect((await getAuthorization(api, authorizationId)).status).toBe('EXPIRED');
  });

  it('with a real time in the middle of a second, expiration_time is still the moment it expires', async () => {
    api.setRealNow(FIXED_NOW + 700);
    const { authorizationId } = await newAuthorization(api);
    const { create_time, expiration_time } = await getAuthorization(api, authorizationId);
    expect(create_time).toBe(isoSeconds(FIXED_NOW));
    expect(expiration_time).toBe(isoSeconds(FIXED_NOW + 29 * DAY));
    // One second before the advertised time it is capturable...
    expect(
      (await api.request('POST', CLOCK, { body: { to: isoSeconds(FIXED_NOW + 29 * DAY - 1000) } })).status,
    ).toBe(200);
    expect((await getAuthorization(api, authorizationId)).status).toBe('CREATED');
    // ...and at the advertised time it is expired, as it says.
    const moved = await api.request('POST', CLOCK, { body: { to: expiration_time } });
    expect(moved.status).toBe(200);
    expect(moved.body.jobs_run).toBeGreaterThanOrEqual(1);
    const expired = await getAuthorization(api, authorizationId);
    expect(expired.status).toBe('EXPIRED');
    expect(expired.update_time).toBe(expiration_time);
    expectError(await capture(api, authorizationId), 'UNPROCESSABLE_ENTITY', {
      issue: 'AUTHORIZATION_EXPIRED',
    });
  });

  it('with a real time in the middle of a second, reauthorization opens at create_time + 3 days', async () => {
    api.setRealNow(FIXED_NOW + 700);
    const { authorizationId } = await newAuthorization(api);
    const { create_time } = await getAuthorization(api, authorizationId);
    const opens = Date.parse(create_time) + 3 * DAY;
    expect((await api.request('POST', CLOCK, { body: { to: isoSeconds(opens) } })).status).toBe(200);
    const reply = await reauthorize(api, authorizationId);
    expect(reply.status, reply.text).toBe(201);
  });

  it('a PARTIALLY_CAPTURED authorization expires too; its capture stays', async () => {
    const { authorizationId } = await newAuthorization(api);
    const captured = await captureOk(api, authorizationId, { amount: usd('40.00') });
    await advance(api, 30 * DAY);
    expect((await getAuthorization(api, authorizationId)).status).toBe('EXPIRED');
    expect((await getCapture(api, captured.id)).status).toBe('COMPLETED');
    expectError(await capture(api, authorizationId), 'UNPROCESSABLE_ENTITY', {
      issue: 'AUTHORIZATION_EXPIRED',
    });
    expectError(await reauthorize(api, authorizationId), 'UNPROCESSABLE_ENTITY', {
      issue: 'REAUTHORIZE_TOO_LATE',
    });
  });

  it('a CAPTURED authorization does not expire', async () => {
    const { authorizationId } = await newAuthorization(api);
    await captureOk(api, authorizationId);
    await advance(api, 30 * DAY);
    expect((await getAuthorization(api, authorizationId)).status).toBe('CAPTURED');
  });

  it('expires every authorization that fell due in one clock move, each at its own time', async () => {
    const first = await newAuthorization(api);
    await advance(api, 2 * DAY);
    const second = await newAuthorization(api);
    const moved = await advance(api, 40 * DAY);
    expect(moved.jobs_run).toBeGreaterThanOrEqual(2);
    const a = await getAuthorization(api, first.authorizationId);
    const b = await getAuthorization(api, second.authorizationId);
    expect([a.status, b.status]).toEqual(['EXPIRED', 'EXPIRED']);
    expect(a.update_time).toBe(isoSeconds(FIXED_NOW + 29 * DAY));
    expect(b.update_time).toBe(isoSeconds(FIXED_NOW + 31 * DAY));
  });

  it('as real time passes: capture refuses at once, the tick then marks it EXPIRED', async () => {
    const { authorizationId } = await newAuthorization(api);
    api.setRealNow(FIXED_NOW + 29 * DAY);
    expectError(await capture(api, authorizationId), 'UNPROCESSABLE_ENTITY', {
      issue: 'AUTHORIZATION_EXPIRED',
    });
    expect(api.host.deps.scheduler.runDue()).toBeGreaterThanOrEqual(1);
    expect((await getAuthorization(api, authorizationId)).status).toBe('EXPIRED');
  });

  it('the order of an expired authorization can not be authorized again', async () => {
    const { orderId } = await newAuthorization(api);
    await advance(api, 29 * DAY);
    const reply = await api.request('POST', `${ORDERS}/${orderId}/authorize`, {
      headers: { 'Svc-Request-Id': requestId() },
    });
    expectError(reply, 'UNPROCESSABLE_ENTITY', { issue: 'ORDER_ALREADY_COMPLETED' });
  });
});
