import { describe, expect, it } from 'vitest';
import type { RawClient } from '../../test-support/raw-http-client.js';
import { useRawHost } from '../../test-support/raw-host.js';
import { MAX_WAITING_REQUESTS } from './connection-bounds.js';

const head = (lines: string[]) => `${lines.join('\r\n')}\r\n\r\n`;
const get = (path: string) => head([`GET ${path} HTTP/1.1`, 'Host: 127.0.0.1']);

/** What a connection may take of the host: pipelined answers, unread answers, idle slots. */
describe('connection bounds', () => {
  const raw = useRawHost();
  const { start, client } = raw;

  /** How many requests for `path` the host has run (each is logged once it is answered). */
  function countRuns(path: string): () => number {
    let runs = 0;
    raw.host.deps.events.on('request-logged', (entry: { path: string }) => {
      if (entry.path === path) runs++;
    });
    return () => runs;
  }

  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  /** True once the server holds at most `count` connections (polled; false only if it never does). */
  async function openConnectionsFallTo(count: number): Promise<boolean> {
    const server = raw.host.api.app.server;
    for (let waited = 0; waited < 10_000; waited += 50) {
      const open = await new Promise<number>((resolve, reject) =>
        server.getConnections((error, n) => (error ? reject(error) : resolve(n))),
      );
      if (open <= count) return true;
      await pause(50);
    }
    return false;
  }

  it('answers pipelined requests in order, one at a time', async () => {
    await start();
    const pipelining = await client();
    pipelining.write(['/openapi.json', '/docs/errors', '/openapi.json'].map(get).join(''));
    const answers = [await pipelining.response(), await pipelining.response(), await pipelining.response()];
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(answers[0]?.body).toHaveProperty('openapi');
    expect(answers[1]?.text).toContain('<h1>Error names</h1>');
    expect(answers[2]?.body).toHaveProperty('openapi');
  });

  it("runs no more of a non-reading client's pipelined requests than may wait, and drops it", async () => {
    await start({ unreadAnswerTimeoutMs: 200 });
    const runs = countRuns('/openapi.json');
    const hostile = await client();
    hostile.stopReading();
    hostile.write(get('/openapi.json').repeat(4 * MAX_WAITING_REQUESTS));
    // The host closes the connection once its answer sat unread past the limit (the client, reading
    // nothing, notices only when it reads again).
    expect(await openConnectionsFallTo(0)).toBe(true);
    hostile.resumeReading();
    await hostile.closed;
    expect(runs()).toBeGreaterThan(0);
    expect(runs()).toBeLessThanOrEqual(MAX_WAITING_REQUESTS + 1);
    // Everyone else is served.
    expect((await fetch(`http://127.0.0.1:${raw.port}/docs/errors`)).status).toBe(200);
  });

  it('answers the requests that may wait, then closes a connection that pipelined more', async () => {
    await start();
    const greedy = await client();
    greedy.write(get('/docs/errors').repeat(MAX_WAITING_REQUESTS + 10));
    const statuses: number[] = [];
    let last;
    for (let i = 0; i < MAX_WAITING_REQUESTS + 1; i++) {
      last = await greedy.response();
      statuses.push(last.status);
    }
    expect(new Set(statuses)).toEqual(new Set([200]));
    expect(last?.headers.connection).toBe('close');
    await greedy.closed;
  });

  it('closes the connection idle the longest to let a newcomer in at the cap', async () => {
    await start({ maxConnections: 4 });
    const held: RawClient[] = [];
    for (let i = 0; i < 4; i++) {
      const open = await client();
      open.write(get('/docs/errors'));
      await open.response();
      held.push(open);
    }
    const newcomer = await client();
    newcomer.write(get('/docs/errors'));
    expect((await newcomer.response()).status).toBe(200);
    // The first connection, idle the longest, gave way; the others still answer.
    await held[0]!.closed;
    held[3]!.write(get('/docs/errors'));
    expect((await held[3]!.response()).status).toBe(200);
  });
});
