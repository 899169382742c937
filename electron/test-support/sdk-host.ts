import { createHost, type Host } from '../host/create-host.js';
import { TEST_CLIENT_ID, TEST_CLIENT_SECRET } from './api-harness.js';
import { routeBrandHostsTo, startBrandProxy, type BrandProxy } from './brand-proxy.js';

/**
 * A `serve`-like host on a free port with the brand proxy in front of it, the brand's API hosts routed
 * to the proxy: what the platform's own client code needs to run unchanged against the sandbox.
 */
export interface SdkHost {
  host: Host;
  /** The sandbox's own base URL (`http://127.0.0.1:<port>`), for the buyer's browser. */
  baseUrl: string;
  proxy: BrandProxy;
  clientId: string;
  clientSecret: string;
  /** A bearer token of the sandbox app, for steps outside the client (the buyer, test helpers). */
  token(): Promise<string>;
  /** Moves the sandbox clock on (the sandbox control API): due work runs, as time would run it. */
  advance(seconds: number): Promise<void>;
  close(): Promise<void>;
}

export async function startSdkHost(): Promise<SdkHost> {
  const host = createHost({
    location: { kind: 'memory' },
    credentials: { clientId: TEST_CLIENT_ID, clientSecret: TEST_CLIENT_SECRET },
    listener: false,
  });
  const baseUrl = await host.listen('127.0.0.1', 0);
  const proxy = await startBrandProxy(baseUrl);
  const restore = routeBrandHostsTo(proxy);
  let bearer: string | undefined;
  const env: SdkHost = {
    host,
    baseUrl,
    proxy,
    clientId: TEST_CLIENT_ID,
    clientSecret: TEST_CLIENT_SECRET,
    token: async () => {
      if (bearer) return bearer;
      const answer = await fetch(`${baseUrl}/v1/oauth2/token`, {
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from(`${TEST_CLIENT_ID}:${TEST_CLIENT_SECRET}`).toString('base64')}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: 'grant_type=client_credentials',
      });
      bearer = ((await answer.json()) as { access_token: string }).access_token;
      return bearer;
    },
    advance: async (seconds) => {
      const answer = await fetch(`${baseUrl}/v1/test-helpers/clock`, {
        method: 'POST',
        headers: { authorization: `Bearer ${await env.token()}`, 'content-type': 'application/json' },
        body: JSON.stringify({ advance_seconds: seconds }),
      });
      if (answer.status !== 200) throw new Error(`clock: ${answer.status} ${await answer.text()}`);
    },
    async close() {
      restore();
      await proxy.close();
      await host.close();
    },
  };
  return env;
}
