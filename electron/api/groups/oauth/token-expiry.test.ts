import { afterEach, describe, expect, it } from 'vitest';
import { startHarness, type ApiHarness } from '../../../test-support/api-harness.js';

const HOUR_S = 3600;

/**
 * Access tokens expire on real elapsed time, so moving the simulated clock by days
 * leaves an SDK's cached token valid; `tokenExpiryFollowsClock` (`--token-expiry-follows-clock`) makes
 * them expire on the simulated clock instead. Real time is the harness's own function, moved by hand.
 */
describe('access token expiry', () => {
  let api: ApiHarness;
  let real = Date.UTC(2026, 0, 5, 12);
  const realNow = () => real;
  afterEach(async () => api.close());

  const advanceClock = (seconds: number) =>
    api.request('POST', '/v1/test-helpers/clock', { body: { advance_seconds: seconds } });
  const call = (token?: string) =>
    api.request('GET', '/v1/identity/openidconnect/userinfo?schema=openid', token ? { token } : {});

  it('keeps a token valid through a clock move of 3 days (the default)', async () => {
    api = await startHarness({ realNow, config: { tokenLifetimeSeconds: HOUR_S } });
    expect((await advanceClock(3 * 86_400)).status).toBe(200);
    expect((await call()).status).toBe(200);
    // The retention sweep the move ran left the token too.
    expect(api.host.deps.store.tokens.find(api.token)).toBeDefined();
  });

  it('expires a token once its lifetime of real time has passed, whatever the simulated clock says', async () => {
    api = await startHarness({ realNow, config: { tokenLifetimeSeconds: HOUR_S } });
    real += HOUR_S * 1000 - 1000;
    expect((await call()).status).toBe(200);
    real += 1000;
    const expired = await call();
    expect(expired.status).toBe(401);
    expect(expired.body.error).toBe('INVALID_TOKEN');
    expect(expired.body.error_description).toContain('expired');
    // A new token from the token endpoint works again.
    expect((await call(await api.newToken())).status).toBe(200);
  });

  it('with tokenExpiryFollowsClock, expires tokens on the simulated clock', async () => {
    api = await startHarness({
      realNow,
      config: { tokenLifetimeSeconds: HOUR_S, tokenExpiryFollowsClock: true },
    });
    await advanceClock(HOUR_S - 1);
    expect((await call()).status).toBe(200);
    await advanceClock(2);
    const expired = await api.createOrder();
    expect(expired.status).toBe(401);
    expect(expired.body.details[0].issue).toBe('TOKEN_EXPIRED');
  });

  it('answers expires_in as the configured lifetime in both modes', async () => {
    api = await startHarness({ realNow, config: { tokenLifetimeSeconds: 120 } });
    const reply = await api.request('POST', '/v1/oauth2/token', {
      token: null,
      headers: {
        authorization: 'Basic ' + Buffer.from('test-client-id:test-client-secret').toString('base64'),
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: 'grant_type=client_credentials',
    });
    expect(reply.body.expires_in).toBe(120);
  });
});
