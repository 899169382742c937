import type * as HostModule from '../electron/host/create-host.js';

/**
 * The host as `npm run bench` builds it first (scripts/build-host.mjs): the esbuild bundle that `npm run
 * serve` runs too, compiled as Electron's main process is. Measuring the sources through tsx instead
 * would add its loader's per-call helpers to every request.
 */
export async function loadHost(): Promise<typeof HostModule> {
  const bundle = new URL('../out/serve/host.mjs', import.meta.url).href;
  return (await import(bundle)) as typeof HostModule;
}

/** The sandbox app every benchmark's host is created with. */
export const BENCH_CREDENTIALS = { clientId: 'bench-client-id', clientSecret: 'bench-client-secret' };

/** An access token of the benchmark app, from the host's own token endpoint. */
export async function accessToken(baseUrl: string): Promise<string> {
  const { clientId, clientSecret } = BENCH_CREDENTIALS;
  const basic = Buffer.from(`${clientId}:${clientSecret}`).toString('base64');
  const response = await fetch(`${baseUrl}/v1/oauth2/token`, {
    method: 'POST',
    headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: 'grant_type=client_credentials',
  });
  const body = (await response.json()) as { access_token?: unknown };
  if (!response.ok || typeof body.access_token !== 'string')
    throw new Error(`token request failed: ${response.status} ${JSON.stringify(body)}`);
  return body.access_token;
}
