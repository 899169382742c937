import { describe, expect, it } from 'vitest';
import { harnessPerTest } from '../../../test-support/harness-per-test.js';
import { isoSeconds } from '../../../clock.js';
import type { StoredAuthorization } from './types.js';
import {
  AUTHORIZATION_LIFETIME_MS,
  HONOR_PERIOD_MS,
  REAUTHORIZE_MAX_INCREASE_USD_MINOR,
  REAUTHORIZE_MAX_PERCENT,
} from './service.js';
import { expectError } from '../../../test-support/expect-error.js';
import { FIXED_NOW } from '../../../test-support/fixtures.js';
import {
  DAY,
  advance,
  capture,
  captureOk,
  getAuthorization,
  money,
  newAuthorization,
  reauthorize,
  rels,
  requestId,
  usd,
  startPaymentsHarness,
  voidAuthorization,
} from './payments-test-kit.js';

const SECOND = 1000;

describe('POST /v2/payments/authorizations/{id}/reauthorize', () => {
  const api = harnessPerTest(startPaymentsHarness);

  const stored = (id: string) =>
    api.host.deps.store.resources.get<StoredAuthorization['body'], StoredAuthorization['internal']>(
      'authorization',
      id,
    );

  it('uses the constants of spec 4.5 and part 8', () => {
    expect(HONOR_PERIOD_MS).toBe(3 * DAY);
    expect(AUTHORIZATION_LIFETIME_MS).toBe(29 * DAY);
    expect(REAUTHORIZE_MAX_PERCENT).toBe(115n);
    expect(REAUTHORIZE_MAX_INCREASE_USD_MINOR).toBe(7500n);
  });

  describe('the window: day 4 to day 29', () => {
    it.each([
      ['at once (day 1)', 0],
      ['after one day (day 2)', 1 * DAY],
      ['after two days (day 3)', 2 * DAY],
      ['one second before the honor period ends (still day 3)', 3 * DAY - SECOND],
    ])('422 REAUTHORIZE_TOO_EARLY %s', async (_label, elapsed) => {
      const { authorizationId } = await newAuthorization(api);
      if (elapsed > 0) await advance(api, elapsed);
      const reply = await reauthorize(api, authorizationId);
      expectError(reply, 'UNPROCESSABLE_ENTITY', {
        issue: 'REAUTHORIZE_TOO_EARLY',
        field: 'id',
        location: 'path',
      });
      const authorization = await getAuthorization(api, authorizationId);
      expect(authorization.status).toBe('CREATED');
      expect(authorization.update_time).toBe(authorization.create_time);
    });

    it.each([
      ['when the honor period ends (day 4 begins)', 3 * DAY],
      ['3 days and 1 second later', 3 * DAY + SECOND],
      ['on day 10', 9 * DAY],
      ['on day 29', 28 * DAY],
      ['one second before day 29 ends', 29 * DAY - SECOND],
    ])('201 %s', async (_label, elapsed) => {
      const { authorizationId } = await newAuthorization(api);
      await advance(api, elapsed);
      const reply = await reauthorize(api, authorizationId);
      expect(reply.status, reply.text).toBe(201);
      expect(reply.body.status).toBe('CREATED');
    });

    it.each([
      ['when day 29 ends (29 days later)', 29 * DAY],
      ['on day 30', 29 * DAY + 12 * 3600 * SECOND],
      ['35 days later', 35 * DAY],
    ])('422 REAUTHORIZE_TOO_LATE %s', async (_label, elapsed) => {
      const { authorizationId } = await newAuthorization(api);
      await advance(api, elapsed);
      const reply = await reauthorize(api, authorizationId);
      expectError(reply, 'UNPROCESSABLE_ENTITY', {
        issue: 'REAUTHORIZE_TOO_LATE',
        field: 'id',
        location: 'path',
      });
    });

    it('422 REAUTHORIZE_TOO_LATE also when real time (not the clock helper) passed day 29 before the expiry job ran', async () => {
      const { authorizationId } = await newAuthorization(api);
      // Real time moves; the scheduler's tick has not run yet, so the authorization is still CREATED.
      api.setRealNow(FIXED_NOW + 29 * DAY);
      expectError(await reauthorize(api, authorizationId), 'UNPROCESSABLE_ENTITY', {
        issue: 'REAUTHORIZE_TOO_LATE',
      });
    });

    it('starts a new 3-day honor period and keeps the original expiration', async () => {
      const { authorizationId } = await newAuthorization(api);
      const before = await getAuthorization(api, authorizationId);
      await advance(api, 5 * DAY);
      const now = FIXED_NOW + 5 * DAY;
      const reply = await reauthorize(api, authorizationId, undefined, { Prefer: 'return=representation' });
      expect(reply.status, reply.text).toBe(201);
      expect(reply.body).toMatchObject({
        id: authorizationId,
        status: 'CREATED',
        amount: usd('100.00'),
        create_time: before.create_time,
        update_time: isoSeconds(now),
        // A reauthorization does not extend the 29 days counted from the original authorization.
        expiration_time: before.expiration_time,
      });
      expect(stored(authorizationId)?.internal.honor_period_end_ms).toBe(now + HONOR_PERIOD_MS);
      const history = api.host.deps.store.resources.history('authorization', authorizationId);
      expect(history.map((h) => h.trigger)).toEqual(['create', 'reauthorize']);
      expect(history[1]).toMatchObject({ from_status: 'CREATED', to_status: 'CREATED', at: isoSeconds(now) });
      expect(history[1]?.note).toContain(`honor period until ${isoSeconds(now + HONOR_PERIOD_MS)}`);
      expect(await getAuthorization(api, authorizationId)).toEqual(reply.body);
    });

    it('allows several reauthorizations within the 29 days, each measured against the original amount', async () => {
      const { authorizationId } = await newAuthorization(api, '100.00');
      await advance(api, 4 * DAY);
      expect((await reauthorize(api, authorizationId, { amount: usd('115.00') })).status).toBe(201);
      await advance(api, 4 * DAY);
      // 115% of the original 100.00, not of the reauthorized 115.00.
      expectError(
        await reauthorize(api, authorizationId, { amount: usd('115.01') }),
        'UNPROCESSABLE_ENTITY',
        { issue: 'REAUTHORIZE_AMOUNT_EXCEEDED' },
      );
      const again = await reauthorize(
        api,
        authorizationId,
        { amount: usd('110.00') },
        { Prefer: 'return=representation' },
      );
      expect(again.status).toBe(201);
      expect(again.body.amount).toEqual(usd('110.00'));
      const history = api.host.deps.store.resources.history('authorization', authorizationId);
      expect(history.map((h) => h.trigger)).toEqual(['create', 'reauthorize', 'reauthorize']);
    });

    it('a reauthorization without an amount restores the original amount', async () => {
      const { authorizationId } = await newAuthorization(api, '100.00');
      await advance(api, 4 * DAY);
      expect((await reauthorize(api, authorizationId, { amount: usd('90.00') })).status).toBe(201);
      expect((await getAuthorization(api, authorizationId)).amount).toEqual(usd('90.00'));
      expect((await reauthorize(api, authorizationId)).status).toBe(201);
      expect((await getAuthorization(api, authorizationId)).amount).toEqual(usd('100.00'));
    });
  });

  describe('the allowance: 115% of the original, and in USD at most 75.00 more', () => {
    const cases: [string, string, string, number | string][] = [
      // [currency, original, requested, expected status or issue]
      ['USD', '100.00', '100.00', 201],
      ['USD', '100.00', '80.00', 201],
      ['USD', '100.00', '115.00', 201],
      ['USD', '100.00', '115.01', 'REAUTHORIZE_AMOUNT_EXCEEDED'],
      ['USD', '1000.00', '1075.00', 201],
      ['USD', '1000.00', '1075.01', 'REAUTHORIZE_AMOUNT_EXCEEDED'],
      ['USD', '1000.00', '1150.00', 'REAUTHORIZE_AMOUNT_EXCEEDED'],
      ['USD', '500.00', '575.00', 201], // 115% and +75.00 meet here
      ['USD', '500.00', '575.01', 'REAUTHORIZE_AMOUNT_EXCEEDED'],
      // 115% of 0.99 is 1.1385: the ceiling rounds down, 1.14 would be 115.15%.
      ['USD', '0.99', '1.13', 201],
      ['USD', '0.99', '1.14', 'REAUTHORIZE_AMOUNT_EXCEEDED'],
      ['EUR', '0.07', '0.08', 201], // 8.05 cents
      ['EUR', '0.07', '0.09', 'REAUTHORIZE_AMOUNT_EXCEEDED'],
      // The 75.00 cap is a US rule; other currencies have only the 115%.
      ['EUR', '1000.00', '1150.00', 201],
      ['EUR', '1000.00', '1150.01', 'REAUTHORIZE_AMOUNT_EXCEEDED'],
      ['JPY', '10000', '11500', 201],
      ['JPY', '10000', '11501', 'REAUTHORIZE_AMOUNT_EXCEEDED'],
    ];
    it.each(cases)('%s %s reauthorized for %s: %s', async (currency, original, requested, expected) => {
      const { authorizationId } = await newAuthorization(api, original, currency);
      await advance(api, 3 * DAY + SECOND);
      const reply = await reauthorize(
        api,
        authorizationId,
        { amount: money(requested, currency) },
        { Prefer: 'return=representation' },
      );
      if (typeof expected === 'number') {
        expect(reply.status, reply.text).toBe(expected);
        expect(reply.body.amount).toEqual(money(requested, currency));
        expect((await getAuthorization(api, authorizationId)).amount).toEqual(money(requested, currency));
      } else {
        expectError(reply, 'UNPROCESSABLE_ENTITY', {
          issue: expected as 'REAUTHORIZE_AMOUNT_EXCEEDED',
          field: '/amount/value',
          location: 'body',
        });
        expect((await getAuthorization(api, authorizationId)).amount).toEqual(money(original, currency));
      }
    });

    it('captures are then limited by the reauthorized amount', async () => {
      const { authorizationId } = await newAuthorization(api, '100.00');
      await advance(api, 4 * DAY);
      expect((await reauthorize(api, authorizationId, { amount: usd('115.00') })).status).toBe(201);
      expectError(await capture(api, authorizationId, { amount: usd('115.01') }), 'UNPROCESSABLE_ENTITY', {
        issue: 'MAX_CAPTURE_AMOUNT_EXCEEDED',
      });
      const captured = await captureOk(api, authorizationId);
      expect(captured.amount).toEqual(usd('115.00'));
    });

    it.each([
      [
        'another currency',
        money('100.00', 'EUR'),
        'UNPROCESSABLE_ENTITY',
        'CURRENCY_MISMATCH',
        '/amount/currency_code',
      ],
      ['zero', usd('0.00'), 'UNPROCESSABLE_ENTITY', 'AMOUNT_NOT_POSITIVE', '/amount/value'],
      ['three decimals', usd('1.001'), 'UNPROCESSABLE_ENTITY', 'DECIMAL_PRECISION', '/amount/value'],
      ['a malformed value', usd('1,00'), 'INVALID_REQUEST', 'INVALID_PARAMETER_SYNTAX', '/amount/value'],
      [
        'a missing currency',
        { value: '1.00' },
        'INVALID_REQUEST',
        'MISSING_REQUIRED_PARAMETER',
        '/amount/currency_code',
      ],
    ] as const)('rejects %s', async (_label, amount, name, issue, field) => {
      const { authorizationId } = await newAuthorization(api, '100.00');
      await advance(api, 4 * DAY);
      expectError(await reauthorize(api, authorizationId, { amount }), name, {
        issue,
        field,
        location: 'body',
      });
    });
  });

  describe('state guards', () => {
    it('422 REAUTHORIZE_NOT_ALLOWED after a partial capture', async () => {
      const { authorizationId } = await newAuthorization(api);
      await captureOk(api, authorizationId, { amount: usd('10.00') });
      await advance(api, 4 * DAY);
      expectError(await reauthorize(api, authorizationId), 'UNPROCESSABLE_ENTITY', {
        issue: 'REAUTHORIZE_NOT_ALLOWED',
        location: 'path',
      });
    });

    it('422 REAUTHORIZE_NOT_ALLOWED after a full capture', async () => {
      const { authorizationId } = await newAuthorization(api);
      await captureOk(api, authorizationId);
      await advance(api, 4 * DAY);
      expectError(await reauthorize(api, authorizationId), 'UNPROCESSABLE_ENTITY', {
        issue: 'REAUTHORIZE_NOT_ALLOWED',
      });
    });

    it('422 AUTHORIZATION_VOIDED after a void', async () => {
      const { authorizationId } = await newAuthorization(api);
      expect((await voidAuthorization(api, authorizationId)).status).toBe(204);
      await advance(api, 4 * DAY);
      expectError(await reauthorize(api, authorizationId), 'UNPROCESSABLE_ENTITY', {
        issue: 'AUTHORIZATION_VOIDED',
        field: 'id',
        location: 'path',
      });
    });
  });

  describe('responses and idempotency', () => {
    it('answers {id, status, links} by default', async () => {
      const { authorizationId } = await newAuthorization(api);
      await advance(api, 4 * DAY);
      const reply = await reauthorize(api, authorizationId);
      expect(reply.status).toBe(201);
      expect(Object.keys(reply.body).sort()).toEqual(['id', 'links', 'status']);
      expect(rels(reply.body.links)).toEqual(['self', 'capture', 'void', 'reauthorize', 'up']);
    });

    it('201 then 200 for a repeat with the same Svc-Request-Id; it reauthorizes once', async () => {
      const { authorizationId } = await newAuthorization(api);
      await advance(api, 4 * DAY);
      const key = requestId('reauthorize');
      const first = await reauthorize(
        api,
        authorizationId,
        { amount: usd('110.00') },
        { 'Svc-Request-Id': key },
      );
      expect(first.status, first.text).toBe(201);
      await advance(api, DAY);
      const repeat = await reauthorize(
        api,
        authorizationId,
        { amount: usd('110.00') },
        { 'Svc-Request-Id': key },
      );
      expect(repeat.status, repeat.text).toBe(200);
      expect(repeat.body.id).toBe(first.body.id);
      expect(repeat.body.status).toBe('CREATED');
      const history = api.host.deps.store.resources.history('authorization', authorizationId);
      expect(history.filter((h) => h.trigger === 'reauthorize')).toHaveLength(1);
      // The honor period still counts from the first call.
      expect(stored(authorizationId)?.internal.honor_period_end_ms).toBe(
        FIXED_NOW + 4 * DAY + HONOR_PERIOD_MS,
      );
    });

    it('a repeat answers the latest state (here: captured since)', async () => {
      const { authorizationId } = await newAuthorization(api);
      await advance(api, 4 * DAY);
      const key = requestId('reauthorize');
      expect((await reauthorize(api, authorizationId, undefined, { 'Svc-Request-Id': key })).status).toBe(
        201,
      );
      await captureOk(api, authorizationId);
      const repeat = await reauthorize(api, authorizationId, undefined, {
        'Svc-Request-Id': key,
        Prefer: 'return=representation',
      });
      expect(repeat.status).toBe(200);
      expect(repeat.body.status).toBe('CAPTURED');
    });
  });
});
