import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY } from '../host/ui-files.js';
import { APP_URL, respondFromUi } from './app-protocol.js';
import { isAppUrl } from './security-policy.js';

describe('the app:// protocol the Electron window loads the UI from', () => {
  let ui: string;
  const get = (url: string, method = 'GET') => respondFromUi(ui, { method, url });

  beforeAll(() => {
    // A secret beside the UI folder: nothing under app:// may reach it.
    const root = mkdtempSync(join(tmpdir(), 'app-protocol-'));
    writeFileSync(join(root, 'secret.txt'), 'do not serve');
    ui = join(root, 'dist');
    mkdirSync(join(ui, 'assets'), { recursive: true });
    writeFileSync(join(ui, 'index.html'), '<!doctype html><title>UI</title>');
    writeFileSync(join(ui, 'assets', 'editor.worker-abc.js'), 'self.onmessage = () => {}');
  });

  it('serves the app shell with the strict CSP, never cached', async () => {
    const response = get(APP_URL);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.text()).toContain('<title>UI</title>');
    expect(isAppUrl(APP_URL, APP_URL)).toBe(true);
  });

  it('serves hashed assets (Monaco workers included) as JavaScript from the same origin', async () => {
    const response = get('app://workbench/assets/editor.worker-abc.js');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await response.text()).toBe('self.onmessage = () => {}');
    const head = get('app://workbench/assets/editor.worker-abc.js', 'HEAD');
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
  });

  it('answers the shell for a path that is not a file (the root, a folder, a missing asset)', async () => {
    for (const url of ['app://workbench/', 'app://workbench/assets', 'app://workbench/nope.js']) {
      const response = get(url);
      expect(response.status, url).toBe(200);
      expect(await response.text()).toContain('<title>UI</title>');
    }
  });

  it.each([
    ['app://workbench/..%2fsecret.txt', 403],
    // The URL parser already folds an encoded `..` away: this is a missing file inside the UI, so the shell.
    ['app://workbench/%2e%2e/secret.txt', 200],
    ['app://workbench/%E0%A4%A', 400],
    ['app://elsewhere/index.html', 404],
    ['file:///etc/passwd', 404],
  ])('answers %s with %i, never with a file outside the UI', async (url, status) => {
    const response = get(url);
    expect(response.status).toBe(status);
    expect(await response.text()).not.toContain('do not serve');
  });

  it('is read-only', () => {
    expect(get(APP_URL, 'POST').status).toBe(405);
  });

  it('says how to build the UI when it is missing', async () => {
    const response = respondFromUi(join(tmpdir(), 'no-such-ui-folder'), { method: 'GET', url: APP_URL });
    expect(response.status).toBe(503);
    expect(await response.text()).toContain('npm run build:ui');
  });
});
