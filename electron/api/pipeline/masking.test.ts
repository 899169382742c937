import { afterEach, describe, expect, it } from 'vitest';
import { toHar } from '../../host/har.js';
import type { RequestLogEntry } from '../../store/repositories/request-log-repo.js';
import { basic, simpleOrder, startHarness, type ApiHarness } from '../../test-support/api-harness.js';
import { FUTURE_EXPIRY, VISA } from '../../test-support/fixtures.js';
import {
  CARD_SHAPES,
  SECRET_HEADERS,
  SECRET_TOKEN,
  SECURITY_CODES,
  expectCardMasked,
  expectNoSecrets,
} from '../../test-support/secret-shapes.js';
import { describeValue } from './api-error.js';
import { loggedBodyText } from './request-log-rows.js';

/**
 * A card number in any shape and a security code are never returned whole in an
 * error, nor kept unmasked in the request log or a HAR export. Every masking path runs the same corpus.
 */
describe('card data and secrets are masked on every path', () => {
  let h: ApiHarness;
  afterEach(async () => h?.close());

  let keys = 0;
  /** A single-step card order (it needs a Svc-Request-Id). */
  const cardOrder = (card: Record<string, unknown>) =>
    h.createOrder(
      { ...simpleOrder(), payment_source: { card: { expiry: FUTURE_EXPIRY, ...card } } },
      { 'svc-request-id': `masking-${++keys}` },
    );

  /** Every entry of the log, as stored, in one text. */
  const logText = (): string => {
    return JSON.stringify(h.host.api.requestLogger.recent(10_000));
  };
  const harText = (): string => {
    const entries = h.host.api.requestLogger.recent(10_000);
    return JSON.stringify(toHar(entries, 'http://127.0.0.1:8600', 'test'));
  };

  it.each(CARD_SHAPES)('error bodies never echo a card number $name', async (shape) => {
    h = await startHarness();
    const replies = [
      // The card field itself (wrong syntax, wrong type, failed Luhn check).
      await cardOrder({ number: shape.value }),
      // Any other field that echoes its value.
      await h.createOrder({ ...simpleOrder(), intent: shape.value }),
      await h.createOrder({
        ...simpleOrder(),
        purchase_units: [{ amount: { currency_code: 'USD', value: shape.value } }],
      }),
      // A path id and a query parameter (details and descriptions).
      await h.request('GET', `/v2/checkout/orders/${encodeURIComponent(String(shape.value))}`),
      await h.request(
        'GET',
        `/v1/notifications/webhooks-events?page_size=${encodeURIComponent(String(shape.value))}`,
      ),
    ];
    for (const reply of replies) expectCardMasked(reply.text, shape);
    // The masked value still says what was wrong: its last four digits stay.
    const shown = replies.flatMap((r) =>
      (r.body?.details ?? []).map((d: { value?: string }) => d.value ?? ''),
    );
    expect(
      shown.some((value) => /•\d{4}/u.test(value.replace(/[\s-]/g, ''))),
      shown.join(),
    ).toBe(true);
    expectCardMasked(logText(), shape);
    expectCardMasked(harText(), shape);
  });

  it.each(SECURITY_CODES)('a security code under $key ($value) is never shown', async ({ key, value }) => {
    h = await startHarness();
    const reply = await cardOrder({ number: VISA, [key]: value });
    expectNoSecrets(reply.text);
    // A valid order with a security code: the log and the export keep it redacted.
    const created = await cardOrder({ number: VISA, security_code: '9731' });
    expect(created.status, created.text).toBe(201);
    expectNoSecrets(created.text);
    expectNoSecrets(logText());
    expectNoSecrets(harText());
  });

  it('the log redacts Cookie, Proxy-Authorization, X-Authorization and access_token in a query', async () => {
    h = await startHarness();
    const reply = await h.request(
      'GET',
      `/v2/checkout/orders/ABC?access_token=${SECRET_TOKEN}&fields=payment_source&ACCESS_TOKEN=${SECRET_TOKEN}`,
      { headers: { ...SECRET_HEADERS } },
    );
    expect(reply.status).toBe(404);
    // The token endpoint's form: a secret field is redacted too.
    await h.request('POST', '/v1/oauth2/token', {
      token: null,
      headers: { authorization: basic(), 'content-type': 'application/x-www-form-urlencoded' },
      payload: `grant_type=client_credentials&client_secret=${SECRET_TOKEN}`,
    });
    const log = logText();
    expectNoSecrets(log);
    expect(log).toContain('access_token=[redacted]');
    expect(log).toContain('fields=payment_source');
    expectNoSecrets(harText());
    const [entry] = h.host.api.requestLogger.recent(2).reverse();
    expect(entry?.request.headers).toMatchObject({
      cookie: '[redacted]',
      'proxy-authorization': 'Basic [redacted]',
      'x-authorization': 'Bearer [redacted]',
      authorization: 'Bearer [redacted]',
    });
  });

  it('the HAR export masks entries the log kept unmasked (written by an older version)', () => {
    const shape = CARD_SHAPES[1];
    if (!shape) throw new Error('corpus is empty');
    const raw: RequestLogEntry = {
      id: 1,
      at: '2026-05-15T12:00:00.000Z',
      method: 'POST',
      path: `/v2/checkout/orders/${VISA}?access_token=${SECRET_TOKEN}&q=${encodeURIComponent(String(shape.value))}`,
      status: 400,
      duration_ms: 1,
      app_id: null,
      debug_id: null,
      request: {
        headers: {
          authorization: `Bearer ${SECRET_TOKEN}`,
          cookie: SECRET_TOKEN,
          'content-type': 'application/json',
        },
        body: JSON.stringify({ card: { number: shape.value, security_code: '9731' } }),
      },
      response: {
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ details: [{ value: shape.value }] }),
      },
    };
    const har = JSON.stringify(toHar([raw], 'http://127.0.0.1:8600', 'test'));
    expectCardMasked(har, shape);
    expectCardMasked(decodeURIComponent(har), { ...shape, value: VISA, hidden: '411111111111' });
    expectNoSecrets(har);
  });

  it.each(CARD_SHAPES)('each masking function masks $name', (shape) => {
    expectCardMasked(describeValue(shape.value), shape);
    expectCardMasked(describeValue({ note: shape.value }), shape);
    expectCardMasked(loggedBodyText(JSON.stringify({ note: shape.value }), 'application/json') ?? '', shape);
    expectCardMasked(loggedBodyText(`note=${shape.value}`, 'text/plain') ?? '', shape);
    // Cut past 64 KiB, right through the card number.
    const long = 'x'.repeat(64 * 1024 - 6) + String(shape.value);
    expectCardMasked(loggedBodyText(long, 'text/plain') ?? '', shape);
    expect(describeValue('9731', '/payment_source/card/security_code')).not.toContain('9731');
  });
});

describe('what masking leaves alone', () => {
  it('keeps a debug_id made of decimal digits only, and short digit runs', () => {
    expect(
      loggedBodyText('{"debug_id":"1234567890123","note":"order 12345678901"}', 'application/json'),
    ).toBe('{"debug_id":"1234567890123","note":"order 12345678901"}');
  });
});
