import { afterEach, describe, expect, it } from 'vitest';
import { createHost, type Host } from '../host/create-host.js';
import { TEST_CLIENT_ID, TEST_CLIENT_SECRET, basic } from '../test-support/api-harness.js';
import { runConnectionAttack, type ConnectionAttack } from './connection-attacks.js';

/**
 * The fuzz suite's connection cases, scaled to run in seconds: pipelining (the 800 x 1000 replay, at
 * 40 x 100), non-reading and idle sockets. Each is survived when the well-behaved client beside it got
 * its answers, the host answers once the attack stops, and memory stayed bounded. Bounded in time by
 * each attack's duration, not by what the answers took.
 */
describe('fuzz suite: connection attacks', () => {
  let host: Host | undefined;
  afterEach(async () => {
    await host?.close();
    host = undefined;
  });

  async function listening(config: { maxConnections?: number; unreadAnswerTimeoutMs?: number } = {}) {
    host = createHost({
      location: { kind: 'memory' },
      credentials: { clientId: TEST_CLIENT_ID, clientSecret: TEST_CLIENT_SECRET },
      listener: false,
      config,
    });
    const port = Number(new URL(await host.listen('127.0.0.1', 0)).port);
    const reply = await fetch(`http://127.0.0.1:${port}/v1/oauth2/token`, {
      method: 'POST',
      headers: { authorization: basic(), 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials',
    });
    const { access_token: token } = (await reply.json()) as { access_token: string };
    return { port, token };
  }

  const cases: { attack: ConnectionAttack; sockets: number; requestsPerSocket: number; config: object }[] = [
    { attack: 'pipelining', sockets: 40, requestsPerSocket: 100, config: {} },
    { attack: 'non-reading', sockets: 20, requestsPerSocket: 100, config: { unreadAnswerTimeoutMs: 500 } },
    // Every slot taken by an idle keep-alive connection: the idlest gives way to a newcomer.
    { attack: 'idle', sockets: 50, requestsPerSocket: 1, config: { maxConnections: 50 } },
  ];

  it.each(cases)(
    '$attack: the well-behaved client is answered, the host survives, memory stays bounded',
    { timeout: 60_000 },
    async ({ attack, sockets, requestsPerSocket, config }) => {
      const { port, token } = await listening(config);
      const report = await runConnectionAttack(attack, {
        port,
        token,
        sockets,
        requestsPerSocket,
        durationMs: 3_000,
        answerDeadlineMs: 15_000,
      });
      console.log(JSON.stringify(report));
      expect(report.wellBehaved.length).toBeGreaterThanOrEqual(2);
      expect(
        report.wellBehaved.every((status) => status === 200),
        JSON.stringify(report.wellBehaved),
      ).toBe(true);
      expect(report.after).toBe(200);
      // Far below the 1.5 GB the host must stay under (the attacks once took it past 5 GB).
      expect(report.rssPeakMb - report.rssBeforeMb).toBeLessThan(500);
    },
  );
});
