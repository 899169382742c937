import { afterEach } from 'vitest';
import { createHost, type Host } from '../host/create-host.js';
import type { ApiConfig } from '../api/deps.js';
import { TEST_CLIENT_ID, TEST_CLIENT_SECRET } from './api-harness.js';
import { RawClient } from './raw-http-client.js';

/** A host on a real port and the raw clients a test opened to it; both closed after each test. */
export interface RawHost {
  /** Starts an in-memory host (with `config` over the defaults) listening on a free local port. */
  start(config?: Partial<ApiConfig>): Promise<void>;
  /** A new raw connection to the running host. */
  client(): Promise<RawClient>;
  readonly host: Host;
  readonly port: number;
}

/**
 * For tests that speak HTTP by hand (slow, malformed, pipelined or unread requests): call it in a
 * `describe`, `start()` in each test, and open as many `client()`s as the case needs.
 */
export function useRawHost(): RawHost {
  let host: Host | undefined;
  let port = 0;
  const clients: RawClient[] = [];
  afterEach(async () => {
    for (const client of clients.splice(0)) client.destroy();
    await host?.close();
    host = undefined;
  });
  return {
    async start(config = {}) {
      host = createHost({
        location: { kind: 'memory' },
        credentials: { clientId: TEST_CLIENT_ID, clientSecret: TEST_CLIENT_SECRET },
        listener: false,
        config,
      });
      port = Number(new URL(await host.listen('127.0.0.1', 0)).port);
    },
    async client() {
      const opened = await RawClient.open(port);
      clients.push(opened);
      return opened;
    },
    get host() {
      if (!host) throw new Error('start() the host first');
      return host;
    },
    get port() {
      return port;
    },
  };
}
