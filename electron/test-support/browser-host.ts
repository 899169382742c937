import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BrowserBridge } from '../host/browser-bridge.js';
import { createHost, type Host, type HostOptions } from '../host/create-host.js';
import { MemoryVault } from '../host/vault.js';
import { WorkbenchService } from '../host/workbench-service.js';
import { TEST_CLIENT_ID, TEST_CLIENT_SECRET } from './api-harness.js';

/** A host listening in browser mode: the bridge, the service behind it, and where it listens. */
export interface BrowserHost {
  host: Host;
  browser: BrowserBridge;
  service: WorkbenchService;
  base: string;
}

export interface BrowserHostOptions {
  /** Files of the stand-in UI folder besides its index.html, by path (`assets/app.js`). */
  uiFiles?: Record<string, string>;
  bridge?: ConstructorParameters<typeof BrowserBridge>[1];
  host?: Pick<HostOptions, 'listener'>;
}

/**
 * A real host on a free local port in browser mode, with a tiny stand-in UI folder, the way `serve`
 * wires it: the bridge's routes on the API server and the workbench service attached to it.
 */
export async function startBrowserHost(options: BrowserHostOptions = {}): Promise<BrowserHost> {
  const ui = mkdtempSync(join(tmpdir(), 'ui-'));
  mkdirSync(join(ui, 'assets'));
  writeFileSync(join(ui, 'index.html'), '<!doctype html><title>UI</title>');
  for (const [path, text] of Object.entries(options.uiFiles ?? {})) writeFileSync(join(ui, path), text);
  const browser = new BrowserBridge(ui, options.bridge);
  const host = createHost({
    location: { kind: 'memory' },
    credentials: { clientId: TEST_CLIENT_ID, clientSecret: TEST_CLIENT_SECRET },
    extraGroups: [browser.group()],
    ...options.host,
  });
  const base = await host.listen('127.0.0.1', 0);
  const service = new WorkbenchService(host, {
    mode: 'browser',
    version: '0.0.0-test',
    vault: new MemoryVault(),
    embeddedBaseUrl: base,
  });
  browser.attach(service, base);
  return { host, browser, service, base };
}
