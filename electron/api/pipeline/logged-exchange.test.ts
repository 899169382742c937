import { describe, expect, it } from 'vitest';
import { redactHeaders } from '../../../shared/redact.js';
import { exchangeText, IsoTimes, RedactedHeadersText } from './logged-exchange.js';

const client = {
  host: '127.0.0.1:8080',
  authorization: 'Bearer A21AAFmx0kGVwZz',
  'content-type': 'application/json',
  'content-length': '488',
  'user-agent': 'PayPalSDK/paypal-server-sdk 1.0.0',
  'paypal-request-id': 'req-1',
};

describe('RedactedHeadersText', () => {
  it('writes what serializing the redacted headers writes, one exchange after another', () => {
    const memo = new RedactedHeadersText();
    // One memo across every shape in turn: members reused where they match, made again where they do not.
    const sequence: Record<string, unknown>[] = [
      client,
      { ...client },
      { ...client, 'paypal-request-id': 'req-2' },
      { ...client, authorization: 'Basic QUJDOkRFRg==' },
      { ...client, 'x-note': '4111 1111 1111 1111' },
      { host: client.host, 'set-cookie': ['a=1', 'b=2'], cookie: 'session=s' },
      { host: client.host, 'set-cookie': ['a=1', 'b=2'], cookie: 'session=s' },
      { 'content-length': 17, 'paypal-debug-id': 'f1e2d3c4b5a69', skipped: undefined, 'x-a': 'b' },
      {},
      { 'x-quote': 'say "hi"\\n', 'proxy-authorization': 'token-without-scheme' },
      client,
    ];
    for (const headers of sequence) {
      expect(memo.of(headers)).toBe(JSON.stringify(redactHeaders(headers)));
    }
  });

  it('never keeps a credential or a card number in the text', () => {
    const text = new RedactedHeadersText().of({ ...client, 'x-card': '4111111111111111' });
    expect(text).not.toContain('A21AAFmx0kGVwZz');
    expect(text).toContain('"authorization":"Bearer [redacted]"');
    expect(text).toContain('••••••••••••1111');
  });
});

describe('exchangeText', () => {
  const parts = {
    requestHeaders: JSON.stringify(redactHeaders(client)),
    responseHeaders: JSON.stringify(redactHeaders({ 'content-type': 'application/json' })),
    simulatedAt: '2026-12-07T05:00:00.000Z',
  };

  it.each([
    { deprecated: undefined, source: 'sdk' as const, userAgent: 'PayPalSDK/1 "quoted"' },
    { deprecated: undefined, source: 'other' as const, userAgent: undefined },
    { deprecated: undefined, source: 'other' as const, userAgent: '' },
    {
      deprecated: { operation_id: 'payments.create', replacement: 'POST /v2/checkout/orders' },
      source: 'curl' as const,
      userAgent: 'curl/8.5.0',
    },
  ])('equals the exchange object serialized whole ($source, $userAgent)', (varied) => {
    const exchange: Record<string, unknown> = {
      request: { headers: JSON.parse(parts.requestHeaders) as unknown },
      response: { headers: JSON.parse(parts.responseHeaders) as unknown },
    };
    if (varied.deprecated) exchange.deprecated = varied.deprecated;
    exchange.source = varied.source;
    if (varied.userAgent) exchange.user_agent = varied.userAgent;
    exchange.simulated_at = parts.simulatedAt;
    expect(exchangeText({ ...parts, ...varied })).toBe(JSON.stringify(exchange));
  });
});

describe('IsoTimes', () => {
  it('formats each instant as toISOString does, including one after another', () => {
    const times = new IsoTimes();
    for (const ms of [0, 1_765_000_000_000, 1_765_000_000_000, 1_765_000_000_001, 0]) {
      expect(times.of(ms)).toBe(new Date(ms).toISOString());
    }
  });
});
