import { afterEach, describe, expect, it } from 'vitest';
import { SCOPES } from '../../../../shared/scopes.js';
import { isoSeconds } from '../../../clock.js';
import { startHarness, simpleOrder, type ApiHarness } from '../../../test-support/api-harness.js';
import { RETENTION_SWEEP_JOB } from '../../retention.js';
import { expectError } from '../../../test-support/expect-error.js';
import { FIXED_NOW } from '../../../test-support/fixtures.js';
import {
  CLOCK,
  DAY,
  ORDERS,
  captureOk,
  newAuthorization,
  requestId,
  startPaymentsHarness,
  type PaymentsHarness,
} from '../payments-v2/payments-test-kit.js';
import { SEED_ACCOUNTS, SEED_BUYER } from '../../../store/seed.js';
import { MAX_ADVANCE_SECONDS } from './service.js';

const HOUR_S = 3600;
const APPROVE = (id: string) => `/v1/test-helpers/checkout/orders/${id}/approve`;

describe('sandbox control API: /v1/test-helpers/clock', () => {
  let api: PaymentsHarness;
  afterEach(async () => api?.close());

  it('GET answers {now, offset_seconds, next_job_at}', async () => {
    api = await startPaymentsHarness();
    const reply = await api.request('GET', CLOCK);
    expect(reply.status, reply.text).toBe(200);
    expect(reply.body.now).toBe(isoSeconds(FIXED_NOW));
    expect(reply.body.offset_seconds).toBe(0);
    // The retention sweep is always pending: the earliest job is 15 minutes ahead.
    expect(reply.body.next_job_at).toBe(isoSeconds(FIXED_NOW + 15 * 60 * 1000));
  });

  it('GET with until and step looks ahead: the jobs due by then, and where a step of them ends', async () => {
    api = await startPaymentsHarness();
    // Three approvals: three reversal jobs 3 days out, a second apart, besides the retention sweeps.
    const reversals: number[] = [];
    for (let i = 0; i < 3; i++) {
      const order = await api.request('POST', ORDERS, {
        body: { intent: 'CAPTURE', purchase_units: [{ amount: { currency_code: 'USD', value: '5.00' } }] },
      });
      expect((await api.request('POST', APPROVE(order.body.id), { body: {} })).status).toBe(200);
      reversals.push(api.host.deps.clock.now() + 3 * DAY);
      api.host.deps.store.transaction(() => api.host.deps.clock.advance(1000));
    }
    const until = new Date(FIXED_NOW + 4 * DAY).toISOString();
    const ahead = await api.request('GET', `${CLOCK}?until=${until}&step=2`);
    expect(ahead.status, ahead.text).toBe(200);
    const due = api.host.deps.store.jobs.countDueBy(Date.parse(until));
    expect(ahead.body.jobs_due).toBe(due);
    expect(due).toBeGreaterThanOrEqual(3);
    // The second job due: one of the 15-minute retention sweeps comes first.
    expect(Date.parse(ahead.body.step_until)).toBe(api.host.deps.store.jobs.nthDueBy(Date.parse(until), 2));
    // A step bigger than what is due ends at `until`; a bad step is the query's 400.
    const all = await api.request('GET', `${CLOCK}?until=${until}&step=1000`);
    expect(all.body.step_until).toBe(until);
    expectError(await api.request('GET', `${CLOCK}?until=${until}&step=0`), 'INVALID_REQUEST');
    // Moving step by step runs every job once: the steps' jobs add up to what was due.
    let ran = 0;
    for (let guard = 0; guard < 50; guard++) {
      const step = await api.request('GET', `${CLOCK}?until=${until}&step=2`);
      if (Date.parse(step.body.now) >= Date.parse(until)) break;
      ran += (await api.request('POST', CLOCK, { body: { to: step.body.step_until } })).body.jobs_run;
    }
    expect(ran).toBeGreaterThanOrEqual(due);
    expect(reversals.every((at) => at <= Date.parse(until))).toBe(true);
  });

  it('POST {advance_seconds} moves the clock forward and reports what ran', async () => {
    api = await startPaymentsHarness();
    const reply = await api.request('POST', CLOCK, { body: { advance_seconds: HOUR_S } });
    expect(reply.status, reply.text).toBe(200);
    expect(reply.body.now).toBe(isoSeconds(FIXED_NOW + HOUR_S * 1000));
    expect(reply.body.offset_seconds).toBe(HOUR_S);
    expect(reply.body.jobs_run).toBe(1); // the retention sweep, once, not once per skipped interval
    const again = await api.request('POST', CLOCK, { body: { advance_seconds: 30 } });
    expect(again.body.offset_seconds).toBe(HOUR_S + 30);
    expect(again.body.jobs_run).toBe(0);
    const shown = await api.request('GET', CLOCK);
    expect(shown.body.now).toBe(isoSeconds(FIXED_NOW + (HOUR_S + 30) * 1000));
    expect(api.host.deps.clock.offset).toBe((HOUR_S + 30) * 1000);
  });

  it('POST {advance_seconds: 0} answers the clock unchanged', async () => {
    api = await startPaymentsHarness();
    const reply = await api.request('POST', CLOCK, { body: { advance_seconds: 0 } });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ now: isoSeconds(FIXED_NOW), offset_seconds: 0, jobs_run: 0 });
  });

  it.each([
    ['UTC', '2026-06-01T00:00:00Z', Date.parse('2026-06-01T00:00:00Z')],
    ['an offset', '2026-06-01T02:00:00+02:00', Date.parse('2026-06-01T00:00:00Z')],
    ['fractional seconds', '2026-05-16T12:00:00.500Z', Date.parse('2026-05-16T12:00:00.500Z')],
  ])('POST {to} with %s moves the clock there', async (_label, to, target) => {
    api = await startPaymentsHarness();
    const reply = await api.request('POST', CLOCK, { body: { to } });
    expect(reply.status, reply.text).toBe(200);
    expect(reply.body.now).toBe(isoSeconds(target));
    expect(api.host.deps.clock.now()).toBe(target);
    expect(reply.body.offset_seconds).toBe(Math.round((target - FIXED_NOW) / 1000));
  });

  it('POST {to} the current time is a no-op, not an error', async () => {
    api = await startPaymentsHarness();
    const reply = await api.request('POST', CLOCK, { body: { to: isoSeconds(FIXED_NOW) } });
    expect(reply.status, reply.text).toBe(200);
    expect(reply.body.offset_seconds).toBe(0);
  });

  it.each([
    ['a day before now', isoSeconds(FIXED_NOW - DAY)],
    ['two seconds before now', isoSeconds(FIXED_NOW - 2000)],
    ['before an earlier advance', isoSeconds(FIXED_NOW + HOUR_S * 1000)],
  ])('422 CLOCK_CANNOT_GO_BACK for `to` %s', async (label, to) => {
    api = await startPaymentsHarness();
    if (label.startsWith('before an earlier'))
      await api.request('POST', CLOCK, { body: { advance_seconds: 2 * HOUR_S } });
    const before = api.host.deps.clock.now();
    expectError(await api.request('POST', CLOCK, { body: { to } }), 'UNPROCESSABLE_ENTITY', {
      issue: 'CLOCK_CANNOT_GO_BACK',
      field: '/to',
      location: 'body',
    });
    expect(api.host.deps.clock.now()).toBe(before);
  });

  it.each([
    ['both fields', { advance_seconds: 10, to: '2027-01-01T00:00:00Z' }],
    ['neither field', {}],
    ['a negative advance', { advance_seconds: -1 }],
    ['a fractional advance', { advance_seconds: 1.5 }],
    ['an advance as a string', { advance_seconds: '60' }],
    ['more than ten years at once', { advance_seconds: 10 * 366 * 24 * 3600 + 1 }],
    ['`to` that is not a date-time', { to: 'tomorrow' }],
    ['`to` as a date only', { to: '2027-01-01' }],
    ['`to` without a zone', { to: '2027-01-01T00:00:00' }],
  ])('400 INVALID_REQUEST for %s', async (_label, body) => {
    api = await startPaymentsHarness();
    expectError(await api.request('POST', CLOCK, { body }), 'INVALID_REQUEST');
    expect(api.host.deps.clock.offset).toBe(0);
  });

  it('`to` may be at most ten years ahead, like advance_seconds (dates stay four-digit years)', async () => {
    api = await startPaymentsHarness();
    const max = MAX_ADVANCE_SECONDS * 1000;
    expectError(
      await api.request('POST', CLOCK, { body: { to: '9999-12-31T23:59:59Z' } }),
      'INVALID_REQUEST',
      {
        issue: 'INVALID_PARAMETER_VALUE',
        field: '/to',
        location: 'body',
      },
    );
    expectError(
      await api.request('POST', CLOCK, { body: { to: isoSeconds(FIXED_NOW + max + 1000) } }),
      'INVALID_REQUEST',
      { issue: 'INVALID_PARAMETER_VALUE', field: '/to' },
    );
    expect(api.host.deps.clock.offset).toBe(0);
    const ok = await api.request('POST', CLOCK, { body: { to: isoSeconds(FIXED_NOW + max) } });
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body.now).toBe(isoSeconds(FIXED_NOW + max));
    expect(ok.body.next_job_at).toMatch(/^\d{4}-/);
  });

  it('400 names the field of a negative advance', async () => {
    api = await startPaymentsHarness();
    expectError(await api.request('POST', CLOCK, { body: { advance_seconds: -5 } }), 'INVALID_REQUEST', {
      issue: 'INVALID_INTEGER_MIN_VALUE',
      field: '/advance_seconds',
      location: 'body',
    });
  });

  it('400 for a POST without a body', async () => {
    api = await startPaymentsHarness();
    expectError(await api.request('POST', CLOCK), 'INVALID_REQUEST', {
      issue: 'MISSING_REQUIRED_PARAMETER',
      location: 'body',
    });
  });

  it('needs a token (401) with the test-helpers scope (403)', async () => {
    api = await startPaymentsHarness();
    expectError(await api.request('GET', CLOCK, { token: null }), 'AUTHENTICATION_FAILURE');
    const ordersOnly = await api.newToken(SCOPES.orders);
    expectError(
      await api.request('POST', CLOCK, { token: ordersOnly, body: { advance_seconds: 1 } }),
      'NOT_AUTHORIZED',
      { issue: 'INSUFFICIENT_SCOPE' },
    );
    expect(api.host.deps.clock.offset).toBe(0);
  });

  it('time-stamps resources with the simulated time', async () => {
    api = await startPaymentsHarness();
    await api.request('POST', CLOCK, { body: { advance_seconds: 2 * 86_400 } });
    const created = await api.createOrder(simpleOrder(), { Prefer: 'return=representation' });
    expect(created.body.create_time).toBe(isoSeconds(FIXED_NOW + 2 * DAY));
  });
});

describe('sandbox control API: approve as buyer', () => {
  let api: ApiHarness;
  afterEach(async () => api?.close());

  it('approves a CREATED order as the seeded buyer', async () => {
    api = await startHarness();
    const created = await api.createOrder(simpleOrder('CAPTURE', '12.00'));
    const reply = await api.request('POST', APPROVE(created.body.id));
    expect(reply.status, reply.text).toBe(200);
    expect(reply.body.status).toBe('APPROVED');
    expect(reply.body.payer).toMatchObject({ email_address: SEED_BUYER.email, payer_id: SEED_BUYER.id });
    const capture = await api.request('POST', `${ORDERS}/${created.body.id}/capture`);
    expect(capture.status, capture.text).toBe(201);
    expect(capture.body.status).toBe('COMPLETED');
  });

  it('approves with a named buyer', async () => {
    api = await startHarness();
    const created = await api.createOrder();
    const reply = await api.request('POST', APPROVE(created.body.id), {
      body: { buyer_email: 'buyer@example.com' },
    });
    expect(reply.status).toBe(200);
    expect(reply.body.payment_source.svc.email_address).toBe('buyer@example.com');
  });

  it.each([
    ['an unknown buyer', 'nobody@example.com'],
    ['a business account', 'merchant@example.com'],
  ])('422 PAYER_ACCOUNT_INVALID for %s', async (_label, email) => {
    api = await startHarness();
    const created = await api.createOrder();
    expectError(
      await api.request('POST', APPROVE(created.body.id), { body: { buyer_email: email } }),
      'UNPROCESSABLE_ENTITY',
      {
        issue: 'PAYER_ACCOUNT_INVALID',
        field: '/buyer_email',
      },
    );
    expect((await api.request('GET', `${ORDERS}/${created.body.id}`)).body.status).toBe('CREATED');
  });

  it('422 ORDER_CANNOT_BE_APPROVED for an order approved already', async () => {
    api = await startHarness();
    const created = await api.createOrder();
    expect((await api.request('POST', APPROVE(created.body.id))).status).toBe(200);
    expectError(await api.request('POST', APPROVE(created.body.id)), 'UNPROCESSABLE_ENTITY', {
      issue: 'ORDER_CANNOT_BE_APPROVED',
    });
  });

  it('404 for an unknown order, 400 for a malformed id or e-mail', async () => {
    api = await startHarness();
    expectError(await api.request('POST', APPROVE('ABCDEFGHJKLMNPQRS')), 'RESOURCE_NOT_FOUND');
    expectError(await api.request('POST', APPROVE('bad-id')), 'INVALID_REQUEST');
    const created = await api.createOrder();
    expectError(
      await api.request('POST', APPROVE(created.body.id), { body: { buyer_email: 'not-an-email' } }),
      'INVALID_REQUEST',
      {
        issue: 'INVALID_PARAMETER_SYNTAX',
        field: '/buyer_email',
      },
    );
  });
});

describe('sandbox control API: reset', () => {
  let api: ApiHarness;
  afterEach(async () => api?.close());

  it('returns to the seed: resources gone (404), token still valid, clock back to real time', async () => {
    // Real time, and a token that outlives the 10-day jump below.
    api = await startHarness({ config: { tokenLifetimeSeconds: 30 * 86_400 } });
    const orderId = (await api.createOrder()).body.id as string;
    const { authorizationId, orderId: authorizedOrder } = await newAuthorization(api);
    const captured = await captureOk(api, authorizationId, {
      amount: { currency_code: 'USD', value: '10.00' },
    });
    expect((await api.request('POST', CLOCK, { body: { advance_seconds: 10 * 86_400 } })).status).toBe(200);

    const reply = await api.request('POST', '/v1/test-helpers/reset');
    expect(reply.status, reply.text).toBe(204);
    expect(reply.text).toBe('');

    // The same token still works: credentials and tokens survive a reset.
    for (const url of [
      `${ORDERS}/${orderId}`,
      `${ORDERS}/${authorizedOrder}`,
      `/v2/payments/authorizations/${authorizationId}`,
      `/v2/payments/captures/${captured.id}`,
    ]) {
      expectError(await api.request('GET', url), 'RESOURCE_NOT_FOUND');
    }
    const clock = await api.request('GET', CLOCK);
    expect(clock.status).toBe(200);
    expect(clock.body.offset_seconds).toBe(0);
    expect(Math.abs(Date.parse(clock.body.now) - Date.now())).toBeLessThan(5_000);
    expect(api.host.deps.clock.offset).toBe(0);
    expect(api.host.deps.store.resources.history('order', orderId)).toEqual([]);
  });

  it('drops pending jobs except a fresh retention sweep, and forgets idempotency keys', async () => {
    api = await startHarness();
    const key = requestId('create');
    const first = await api.createOrder(simpleOrder(), { 'Svc-Request-Id': key });
    expect(first.status).toBe(201);
    await newAuthorization(api);
    expect(api.host.deps.store.jobs.listPending().some((j) => j.kind === 'authorization.expire')).toBe(true);

    expect((await api.request('POST', '/v1/test-helpers/reset', { body: {} })).status).toBe(204);
    const pending = api.host.deps.store.jobs.listPending();
    expect(pending.map((j) => j.kind)).toEqual([RETENTION_SWEEP_JOB]);
    expect(pending[0]?.due_at).toBeGreaterThan(Date.now());

    const again = await api.createOrder(simpleOrder(), { 'Svc-Request-Id': key });
    expect(again.status, again.text).toBe(201);
    expect(again.body.id).not.toBe(first.body.id);
  });

  it('schedules the fresh retention sweep from real time, not from the time it left', async () => {
    api = await startHarness({ config: { tokenLifetimeSeconds: 30 * 86_400 } });
    expect((await api.request('POST', CLOCK, { body: { advance_seconds: 10 * 86_400 } })).status).toBe(200);
    expect((await api.request('POST', '/v1/test-helpers/reset')).status).toBe(204);
    const clock = await api.request('GET', CLOCK);
    expect(Date.parse(clock.body.next_job_at) - Date.parse(clock.body.now)).toBeLessThanOrEqual(15 * 60_000);
  });

  it('is one transaction: when any part fails, nothing is reset', async () => {
    api = await startHarness({ config: { tokenLifetimeSeconds: 30 * 86_400 } });
    const orderId = (await api.createOrder()).body.id as string;
    expect((await api.request('POST', CLOCK, { body: { advance_seconds: 86_400 } })).status).toBe(200);
    // The last group's reset fails after the resources, the ledger and the other groups were cleared.
    const last = api.host.services.groups.modules.at(-1)!;
    last.reset = () => {
      throw new Error('reset failed half-way');
    };
    const reply = await api.request('POST', '/v1/test-helpers/reset');
    expect(reply.status).toBe(500);
    expect((await api.request('GET', `${ORDERS}/${orderId}`)).status).toBe(200);
    expect(api.host.deps.clock.offset).toBe(86_400_000);
    expect((await api.request('GET', CLOCK)).body.offset_seconds).toBe(86_400);
  });

  it('restores the seed accounts: the seeded buyer can approve again', async () => {
    api = await startHarness();
    expect((await api.request('POST', '/v1/test-helpers/reset')).status).toBe(204);
    for (const account of SEED_ACCOUNTS)
      expect(api.host.deps.store.accounts.byEmail(account.email)?.id).toBe(account.id);
    const created = await api.createOrder();
    expect((await api.request('POST', APPROVE(created.body.id))).status).toBe(200);
  });

  it('needs the test-helpers scope', async () => {
    api = await startHarness();
    const orderId = (await api.createOrder()).body.id as string;
    const ordersOnly = await api.newToken(SCOPES.orders);
    expectError(await api.request('POST', '/v1/test-helpers/reset', { token: ordersOnly }), 'NOT_AUTHORIZED');
    expect((await api.request('GET', `${ORDERS}/${orderId}`)).status).toBe(200);
  });
});
