import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BrowserBridge } from './browser-bridge.js';
import { cookieValue, TOKEN_HEADER } from './browser-bridge.js';
import { type Host } from './create-host.js';
import { startBrowserHost } from '../test-support/browser-host.js';

const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

/**
 * The launch token starts a browser session (an HttpOnly, SameSite=Strict cookie on
 * the workbench's path), so a reload, a new tab or a pasted address works once the page has dropped the
 * token from its address bar; without the cookie or the token nothing is answered. `/` in a browser is a
 * small page pointing to the workbench and the docs; an API client still gets JSON.
 */
describe('browser sessions', () => {
  let host: Host;
  let browser: BrowserBridge;
  let base: string;

  beforeEach(async () => {
    ({ host, browser, base } = await startBrowserHost());
  });
  afterEach(async () => host.close());

  const rpc = (headers: Record<string, string>) =>
    fetch(`${base}/__workbench/rpc/getInfo`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: '{}',
    });
  /** The cookie the launch address sets, as a browser would send it back. */
  const sessionCookie = async (): Promise<string> => {
    const page = await fetch(browser.workbenchUrl(base));
    expect(page.status).toBe(200);
    const setCookie = page.headers.get('set-cookie') ?? '';
    return setCookie.split(';')[0] ?? '';
  };

  it('sets an HttpOnly, SameSite=Strict cookie on the workbench path when the page loads with the token', async () => {
    const page = await fetch(browser.workbenchUrl(base));
    const setCookie = page.headers.get('set-cookie') ?? '';
    const { port } = new URL(base);
    expect(setCookie).toMatch(new RegExp(`^workbench_session_${port}=[A-Za-z0-9_-]{43}; `));
    expect(setCookie).toContain('Path=/__workbench');
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Strict');
    // The cookie is a secret of its own, never the launch token.
    expect(setCookie).not.toContain(browser.token);
  });

  it('sets no cookie for a wrong token or none', async () => {
    expect((await fetch(`${base}/__workbench/?token=wrong`)).headers.get('set-cookie')).toBeNull();
    expect((await fetch(`${base}/__workbench/`)).headers.get('set-cookie')).toBeNull();
  });

  it('answers RPC and events to the cookie alone (a new tab has no token), and to nothing else', async () => {
    const cookie = await sessionCookie();
    expect((await rpc({ cookie })).status).toBe(200);
    expect((await rpc({ cookie, [TOKEN_HEADER]: '' })).status).toBe(200);
    const events = await fetch(`${base}/__workbench/events?token=`, { headers: { cookie } });
    expect(events.status).toBe(200);
    await events.body?.cancel();
    // Another browser: no cookie, or a forged one.
    expect((await rpc({})).status).toBe(403);
    const [name] = cookie.split('=');
    expect((await rpc({ cookie: `${name}=${'A'.repeat(43)}` })).status).toBe(403);
    // Another site's page in the same browser would carry no cookie (SameSite=Strict); were one sent,
    // the Origin check still refuses it.
    expect((await rpc({ cookie, origin: 'https://evil.example' })).status).toBe(403);
  });

  it('reads the cookie among others', () => {
    expect(cookieValue('a=1; workbench_session_80=xyz; b=2', 'workbench_session_80')).toBe('xyz');
    expect(cookieValue('workbench_session_801=xyz', 'workbench_session_80')).toBeUndefined();
    expect(cookieValue(undefined, 'x')).toBeUndefined();
  });

  it('answers / in a browser with a page pointing to the workbench and the docs', async () => {
    const page = await fetch(`${base}/`, { headers: { accept: BROWSER_ACCEPT } });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    const html = await page.text();
    expect(html).toContain('href="/openapi.json"');
    expect(html).toContain('href="/docs/errors"');
    expect(html).toContain('href="/__workbench/"');
    expect(html).toContain('/__workbench/?token=');
    expect(html).not.toContain(browser.token);
  });

  it('keeps JSON for API clients at /', async () => {
    const anonymous = await fetch(`${base}/`, { headers: { accept: 'application/json' } });
    expect(anonymous.status).toBe(401);
    expect(((await anonymous.json()) as { name: string }).name).toBe('AUTHENTICATION_FAILURE');
    const curl = await fetch(`${base}/`, { headers: { accept: '*/*' } });
    expect(curl.status).toBe(401);
  });
});
