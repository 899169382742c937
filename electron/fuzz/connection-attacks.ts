import { connect, type Socket } from 'node:net';

/**
 * The connection cases of the fuzz suite: what a hostile client does with sockets rather than with
 * request bodies. Each attack runs against a listening host while a well-behaved client asks for a
 * document and an authenticated resource; the attack is survived when that client is answered, the host
 * still answers afterwards, and the process's memory stayed bounded.
 *
 * - pipelining: many sockets each pipelining many `GET /openapi.json`, reading the answers (the replay
 *   of "800 sockets x 1000 pipelined requests", scaled by the caller);
 * - non-reading: sockets pipelining authenticated requests and never reading a byte of the answers;
 * - idle: keep-alive sockets opened up to the connection cap, each sending one request and then nothing.
 */

export type ConnectionAttack = 'pipelining' | 'non-reading' | 'idle';

export interface ConnectionAttackOptions {
  port: number;
  /** A bearer token of the host's sandbox app (the non-reading sockets and the well-behaved client use it). */
  token: string;
  /** Sockets the attack opens. */
  sockets: number;
  /** Requests each socket pipelines (pipelining, non-reading). */
  requestsPerSocket: number;
  /** How long the attack may run before it is stopped (bounds the case in time). */
  durationMs: number;
  /**
   * How long the well-behaved client waits for one answer before it counts as unanswered. It tells a
   * starved client from a slow one, so it is generous: a loaded machine is slow, never starving.
   */
  answerDeadlineMs: number;
}

export interface ConnectionAttackReport {
  attack: ConnectionAttack;
  /** Status of each request of the well-behaved client made while the attack ran (0: no answer). */
  wellBehaved: number[];
  /** Its slowest answer, ms. */
  wellBehavedMaxMs: number;
  /** The host's answer to the same client once the attack stopped. */
  after: number;
  rssBeforeMb: number;
  rssPeakMb: number;
}

const request = (path: string, token?: string): string =>
  [
    `GET ${path} HTTP/1.1`,
    'Host: 127.0.0.1',
    ...(token ? [`Authorization: Bearer ${token}`] : []),
    '',
    '',
  ].join('\r\n');

function open(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => resolve(socket));
    socket.once('error', reject);
  });
}

/** One request on a fresh connection, with a deadline; the status, or 0 when it got no answer. */
async function wellBehavedCall(
  port: number,
  path: string,
  token: string,
  deadlineMs: number,
): Promise<number> {
  try {
    const reply = await fetch(`http://127.0.0.1:${port}${path}`, {
      headers: { authorization: `Bearer ${token}`, connection: 'close' },
      signal: AbortSignal.timeout(deadlineMs),
    });
    await reply.arrayBuffer();
    return reply.status;
  } catch {
    return 0;
  }
}

const rssMb = (): number => Math.round(process.memoryUsage().rss / 1_048_576);
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs one attack and the well-behaved client beside it. */
export async function runConnectionAttack(
  attack: ConnectionAttack,
  options: ConnectionAttackOptions,
): Promise<ConnectionAttackReport> {
  const rssBeforeMb = rssMb();
  let rssPeakMb = rssBeforeMb;
  const sampler = setInterval(() => (rssPeakMb = Math.max(rssPeakMb, rssMb())), 50);
  const sockets: Socket[] = [];
  const answered: Promise<void>[] = [];
  const quiet = () => {};
  try {
    for (let i = 0; i < options.sockets; i++) {
      let socket: Socket;
      try {
        socket = await open(options.port);
      } catch {
        continue; // Refused at the cap: that is the host defending itself.
      }
      socket.on('error', quiet);
      sockets.push(socket);
      if (attack === 'pipelining') {
        socket.on('data', quiet);
        socket.write(request('/openapi.json').repeat(options.requestsPerSocket));
      } else if (attack === 'non-reading') {
        socket.pause();
        socket.write(request('/v1/reporting/balances', options.token).repeat(options.requestsPerSocket));
      } else {
        // One request, its answer read, then nothing: an idle keep-alive connection holding its slot.
        answered.push(new Promise((resolve) => socket.once('data', () => resolve())));
        socket.on('data', quiet);
        socket.write(request('/openapi.json'));
      }
    }
    await Promise.race([Promise.all(answered), pause(options.durationMs)]);
    // The well-behaved client, while the attack holds its sockets.
    const wellBehaved: number[] = [];
    let wellBehavedMaxMs = 0;
    const until = Date.now() + options.durationMs;
    do {
      for (const path of ['/openapi.json', '/v1/reporting/balances']) {
        const started = performance.now();
        wellBehaved.push(await wellBehavedCall(options.port, path, options.token, options.answerDeadlineMs));
        wellBehavedMaxMs = Math.max(wellBehavedMaxMs, Math.round(performance.now() - started));
      }
      await pause(20);
    } while (Date.now() < until);
    for (const socket of sockets) socket.destroy();
    const after = await wellBehavedCall(
      options.port,
      '/openapi.json',
      options.token,
      options.answerDeadlineMs,
    );
    return { attack, wellBehaved, wellBehavedMaxMs, after, rssBeforeMb, rssPeakMb };
  } finally {
    clearInterval(sampler);
    for (const socket of sockets) socket.destroy();
  }
}
