import { describe, expect, it } from 'vitest';
import type { ErrorBody, ErrorName } from '../../../shared/errors.js';
import type { Issue } from '../../../shared/api/registry.js';
import { basic } from '../../test-support/api-harness.js';
import { expectError } from '../../test-support/expect-error.js';
import type { RawClient, RawResponse } from '../../test-support/raw-http-client.js';
import { useRawHost } from '../../test-support/raw-host.js';

/** The documented error body (spec part 7), checked by the helper every API test uses. */
function expectDocumentedError(response: RawResponse, name: ErrorName, issue?: Issue): void {
  expectError(response, name);
  expect(response.body).toEqual(
    expect.objectContaining({ details: expect.any(Array), links: expect.any(Array) }),
  );
  if (issue) expect((response.body as ErrorBody).details).toContainEqual(expect.objectContaining({ issue }));
}

describe('slow, malformed and too many clients', () => {
  const raw = useRawHost();
  const { start, client } = raw;

  async function accessToken(): Promise<string> {
    const response = await fetch(`http://127.0.0.1:${raw.port}/v1/oauth2/token`, {
      method: 'POST',
      headers: { authorization: basic(), 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials',
    });
    return ((await response.json()) as { access_token: string }).access_token;
  }

  const head = (lines: string[]) => `${lines.join('\r\n')}\r\n\r\n`;

  /** An order create whose head announces a body of `length` bytes, of which it sends only the first. */
  const stalledCreate = (token: string | undefined, type = 'application/json', length = 1000) =>
    head([
      'POST /v2/checkout/orders HTTP/1.1',
      'Host: 127.0.0.1',
      `Content-Type: ${type}`,
      `Content-Length: ${length}`,
      ...(token ? [`Authorization: Bearer ${token}`] : []),
    ]) + '{';

  // Deadlines far away: whatever closes these connections, it is not a timeout.
  const patient = { headersTimeoutMs: 60_000, requestTimeoutMs: 120_000 };

  it.each([
    ['without a token', () => [], 'application/json', 100_000, 'AUTHENTICATION_FAILURE'],
    ['in a media type the operation does not take', 'token', 'text/plain', 100_000, 'UNSUPPORTED_MEDIA_TYPE'],
    ['larger than the body limit', 'token', 'application/json', 50_000_000, 'PAYLOAD_TOO_LARGE'],
  ] as const)(
    'answers a body refused before it is read (%s) and closes at once, not waiting for the body',
    async (_name, auth, type, length, name) => {
      await start(patient);
      const token = auth === 'token' ? await accessToken() : undefined;
      const slow = await client();
      slow.write(stalledCreate(token, type, length));
      const response = await slow.response();
      expectDocumentedError(response, name);
      expect(response.headers.connection).toBe('close');
      // One byte every 10 s would keep the socket forever if the server waited for the body.
      expect(await slow.closesWithin(10_000)).toBe(true);
      // The server still serves everyone else.
      expect((await fetch(`http://127.0.0.1:${raw.port}/v1/test-helpers/clock`)).status).not.toBe(500);
    },
  );

  it('answers 408 with the documented body when the body does not arrive within the deadline', async () => {
    await start({ headersTimeoutMs: 300, requestTimeoutMs: 600 });
    const token = await accessToken();
    const slow = await client();
    slow.write(stalledCreate(token));
    const response = await slow.response();
    expectDocumentedError(response, 'REQUEST_TIMEOUT', 'REQUEST_TIMEOUT');
    expect(response.headers.connection).toBe('close');
    await slow.closed;
  });

  it('answers 408 with the documented body when the headers do not arrive within the deadline', async () => {
    await start({ headersTimeoutMs: 300, requestTimeoutMs: 600 });
    const slow = await client();
    slow.write('GET /v1/test-helpers/clock HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    const response = await slow.response();
    expectDocumentedError(response, 'REQUEST_TIMEOUT', 'REQUEST_TIMEOUT');
    await slow.closed;
  });

  it('answers malformed HTTP with the documented 400 body', async () => {
    await start();
    for (const garbage of ['NONSENSE\r\n\r\n', 'GET / HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n']) {
      const bad = await client();
      bad.write(garbage);
      const response = await bad.response();
      expectDocumentedError(response, 'INVALID_REQUEST', 'MALFORMED_HTTP_REQUEST');
      await bad.closed;
    }
  });

  it('answers oversized headers with 431 and the documented body', async () => {
    await start();
    const big = await client();
    big.write(
      head(['GET /v1/test-helpers/clock HTTP/1.1', 'Host: 127.0.0.1', `X-Big: ${'a'.repeat(20_000)}`]),
    );
    const response = await big.response();
    expectDocumentedError(response, 'REQUEST_HEADERS_TOO_LARGE', 'REQUEST_HEADERS_TOO_LARGE');
    await big.closed;
    // The request line counts too: a 20 KB URL is refused the same way, never with a framework 414.
    const long = await client();
    long.write(head([`GET /v2/checkout/orders/${'A'.repeat(20_000)} HTTP/1.1`, 'Host: 127.0.0.1']));
    expectDocumentedError(await long.response(), 'REQUEST_HEADERS_TOO_LARGE', 'REQUEST_HEADERS_TOO_LARGE');
    await long.closed;
  });

  it('answers an over-long path id with the group 400, and a broken escape with the documented 400', async () => {
    await start();
    const token = await accessToken();
    const get = (path: string) =>
      fetch(`http://127.0.0.1:${raw.port}${path}`, { headers: { authorization: `Bearer ${token}` } });
    const long = await get(`/v2/checkout/orders/${'A'.repeat(5_000)}`);
    const longBody = {
      status: long.status,
      headers: Object.fromEntries(long.headers),
      text: '',
      body: await long.json(),
    };
    expectDocumentedError(longBody, 'INVALID_REQUEST');
    expect(JSON.stringify(longBody.body)).toContain('"location":"path"');
    const broken = await get('/v2/checkout/orders/%zz');
    const brokenBody = {
      status: broken.status,
      headers: Object.fromEntries(broken.headers),
      text: '',
      body: await broken.json(),
    };
    expectDocumentedError(brokenBody, 'INVALID_REQUEST');
  });

  it('caps open connections: with every one busy, one more gets the documented 503 and is closed; the others work on', async () => {
    await start({ ...patient, maxConnections: 4 });
    const token = await accessToken();
    // Each holds a request whose body is still arriving: busy, so none gives way to a newcomer.
    const busy = (await Promise.all([client(), client(), client(), client()])) as RawClient[];
    for (const held of busy) {
      held.write(stalledCreate(token));
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
    const refused = await client();
    refused.write(head(['GET /v1/test-helpers/clock HTTP/1.1', 'Host: 127.0.0.1']));
    const response = await refused.response();
    expectDocumentedError(response, 'SERVICE_UNAVAILABLE', 'TOO_MANY_CONNECTIONS');
    expect(response.headers.connection).toBe('close');
    expect(response.headers['retry-after']).toBeDefined();
    await refused.closed;
    // A held connection still answers, and a closed one frees its place.
    busy[0]?.write(' '.repeat(998) + '}');
    expect((await busy[0]!.response()).status).not.toBe(503);
    busy[1]?.destroy();
    await busy[1]?.closed;
    await new Promise((resolve) => setTimeout(resolve, 50));
    const next = await client();
    next.write(head(['GET /v1/test-helpers/clock HTTP/1.1', 'Host: 127.0.0.1']));
    expect((await next.response()).status).not.toBe(503);
  });
});
