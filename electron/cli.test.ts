import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { connect, type Socket } from 'node:net';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { spawnServe, startServe, stopProcess } from '../scripts/serve-process.js';

type Ready = { ready: boolean; base_url: string; client_id: string };

/** Starts `serve` as a real process (the port chosen by the system). */
const serve = (args: string[], env: NodeJS.ProcessEnv = {}) =>
  startServe<Ready>(['--port', '0', ...args], { env });

async function token(base: string, id: string, secret: string): Promise<string> {
  const response = await fetch(`${base}/v1/oauth2/token`, {
    method: 'POST',
    headers: {
      authorization: 'Basic ' + Buffer.from(`${id}:${secret}`).toString('base64'),
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: 'grant_type=client_credentials',
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { access_token: string }).access_token;
}

// Each case starts one or two real processes; on a loaded machine a start alone can take several seconds.
describe('serve (headless host)', { timeout: 60_000 }, () => {
  const dirs: string[] = [];
  const children: ChildProcessWithoutNullStreams[] = [];
  afterEach(async () => {
    await Promise.all(children.splice(0).map((c) => stopProcess(c, 'SIGKILL')));
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });
  const tempDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'workbench-serve-'));
    dirs.push(dir);
    return dir;
  };

  it('prints one JSON ready line first, serves real HTTP, closes cleanly on SIGTERM, and keeps data across restarts', async () => {
    const dir = join(tempDir(), 'nested', 'data');
    const first = await serve(['--data-dir', dir, '--client-id', 'cid', '--client-secret', 'csecret']);
    children.push(first.child);
    expect(first.ready).toEqual({
      ready: true,
      base_url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/),
      client_id: 'cid',
      workbench_url: expect.stringMatching(/\/__workbench\/\?token=[\w-]{32}$/),
      listener_url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/),
    });
    const base = first.ready.base_url;
    // The bundle sits at another depth than the sources: its files are still found from the project root.
    const icon = await fetch(`${base}/favicon.ico`);
    expect([icon.status, icon.headers.get('content-type')]).toEqual([200, 'image/svg+xml']);
    const bearer = await token(base, 'cid', 'csecret');
    const created = await fetch(`${base}/v2/checkout/orders`, {
      method: 'POST',
      headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        intent: 'CAPTURE',
        purchase_units: [{ amount: { currency_code: 'USD', value: '12.34' } }],
      }),
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    expect(await stopProcess(first.child)).toBe(0);

    const second = await serve(['--data-dir', dir, '--client-id', 'cid', '--client-secret', 'csecret']);
    children.push(second.child);
    const again = await fetch(`${second.ready.base_url}/v2/checkout/orders/${id}`, {
      headers: { authorization: `Bearer ${await token(second.ready.base_url, 'cid', 'csecret')}` },
    });
    expect(again.status).toBe(200);
    expect(
      ((await again.json()) as { purchase_units: { amount: { value: string } }[] }).purchase_units[0]?.amount
        .value,
    ).toBe('12.34');
  });

  it('keeps an acknowledged write through kill -9', async () => {
    const dir = tempDir();
    const first = await serve(['--data-dir', dir, '--client-id', 'cid', '--client-secret', 'csecret']);
    children.push(first.child);
    const bearer = await token(first.ready.base_url, 'cid', 'csecret');
    const created = await fetch(`${first.ready.base_url}/v2/checkout/orders`, {
      method: 'POST',
      headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        intent: 'AUTHORIZE',
        purchase_units: [{ amount: { currency_code: 'EUR', value: '5.00' } }],
      }),
    });
    const { id } = (await created.json()) as { id: string };
    await stopProcess(first.child, 'SIGKILL');
    const second = await serve(['--data-dir', dir, '--client-id', 'cid', '--client-secret', 'csecret']);
    children.push(second.child);
    const again = await fetch(`${second.ready.base_url}/v2/checkout/orders/${id}`, {
      headers: { authorization: `Bearer ${await token(second.ready.base_url, 'cid', 'csecret')}` },
    });
    expect(again.status).toBe(200);
  });

  it('generates credentials once per data dir and prints them', async () => {
    const dir = tempDir();
    const first = await serve(['--data-dir', dir]);
    children.push(first.child);
    await new Promise((r) => setTimeout(r, 300));
    const secretLine = first.lines.find((l) => l.includes('client secret:'));
    expect(secretLine).toBeDefined();
    const secret = secretLine?.split('client secret: ')[1] ?? '';
    await token(first.ready.base_url, first.ready.client_id, secret);
    await stopProcess(first.child);
    const second = await serve(['--data-dir', dir]);
    children.push(second.child);
    expect(second.ready.client_id).toBe(first.ready.client_id);
    await token(second.ready.base_url, second.ready.client_id, secret);
  });

  it('takes credentials from SVC_CLIENT_ID and SVC_CLIENT_SECRET in --ephemeral mode', async () => {
    const served = await serve(['--ephemeral'], { SVC_CLIENT_ID: 'env-id', SVC_CLIENT_SECRET: 'env-secret' });
    children.push(served.child);
    expect(served.ready.client_id).toBe('env-id');
    await token(served.ready.base_url, 'env-id', 'env-secret');
  });

  it('keeps tokens through a clock move of days, unless --token-expiry-follows-clock', async () => {
    const creds = { SVC_CLIENT_ID: 'cli-id', SVC_CLIENT_SECRET: 'cli-secret' };
    const moveAndCall = async (base: string): Promise<number> => {
      const bearer = await token(base, 'cli-id', 'cli-secret');
      const headers = { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' };
      const moved = await fetch(`${base}/v1/test-helpers/clock`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ advance_seconds: 3 * 86_400 }),
      });
      expect(moved.status).toBe(200);
      return (await fetch(`${base}/v1/identity/openidconnect/userinfo?schema=openid`, { headers })).status;
    };
    const real = await serve(['--ephemeral', '--token-lifetime', '3600'], creds);
    children.push(real.child);
    expect(await moveAndCall(real.ready.base_url)).toBe(200);
    const follows = await serve(
      ['--ephemeral', '--token-lifetime', '3600', '--token-expiry-follows-clock'],
      creds,
    );
    children.push(follows.child);
    expect(await moveAndCall(follows.ready.base_url)).toBe(401);
  });

  it('caps open connections as --max-connections says: at the cap the idlest connection gives way', async () => {
    const served = await serve(['--ephemeral', '--max-connections', '2', '--headers-timeout', '5']);
    children.push(served.child);
    const { port } = new URL(served.ready.base_url);
    const open = (): Promise<Socket> =>
      new Promise<Socket>((resolve) => {
        const socket = connect(Number(port), '127.0.0.1', () => resolve(socket));
      });
    const sockets: Socket[] = [];
    try {
      sockets.push(await open(), await open());
      const firstClosed = new Promise((resolve) => sockets[0]!.on('close', resolve));
      // The third is one over the cap: the connection idle the longest (the first) is closed for it,
      // so idle keep-alive connections cannot lock a newcomer out.
      const third = await open();
      sockets.push(third);
      await firstClosed;
      let text = '';
      third.on('data', (chunk: Buffer) => (text += chunk.toString()));
      third.write('GET /v1/test-helpers/clock HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n');
      await new Promise((resolve) => third.on('close', resolve));
      expect(text).toMatch(/^HTTP\/1\.1 \d{3} /);
      expect(text).not.toMatch(/^HTTP\/1\.1 503 /);
      expect(sockets[1]!.destroyed).toBe(false);
    } finally {
      for (const socket of sockets) socket.destroy();
    }
  });

  it.each([
    [['--port', 'abc']],
    [['--ephemeral', '--data-dir', '/tmp/x']],
    [['--client-id', 'only-id']],
    [['--no-such-flag']],
    [['--listener-port', 'abc']],
    [['--listener-port', '70000']],
    [['--headers-timeout', '0']],
    [['--headers-timeout', '20', '--request-timeout', '10']],
    [['--max-connections', '-1']],
  ])('refuses bad flags %j with exit code 2 and the usage', async (args) => {
    const child = spawnServe(args);
    let stderr = '';
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(2);
    expect(stderr).toContain('Usage: npm run serve');
  });
});
