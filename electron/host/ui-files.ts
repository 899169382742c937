import { existsSync, readFileSync, statSync } from 'node:fs';
import { extname, join, normalize, resolve, sep } from 'node:path';

/**
 * The built UI as both front doors serve it: browser mode at `/__workbench/` and the Electron window's
 * `app://` protocol. One place decides which file a path means, its type and its headers.
 */

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.ttf': 'font/ttf',
  '.woff2': 'font/woff2',
  '.map': 'application/json',
};

/** The UI's Content-Security-Policy: own code only; Monaco needs workers from blob: and inline styles. */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "object-src 'none'",
].join('; ');

export const UI_NOT_BUILT =
  'The workbench UI is not built. Run `npm run build:ui` (npm run serve does it when sources changed).';

export type UiFile =
  | { kind: 'file'; body: Buffer; headers: Record<string, string> }
  /** The path leads outside the UI folder. */
  | { kind: 'outside' }
  /** Not even index.html exists: the UI was never built. */
  | { kind: 'not-built' };

/**
 * The file a decoded relative path names inside `uiDir`. Anything that is not a file (a client route, a
 * folder) is the app shell, index.html; the page itself is never cached, hashed assets are.
 */
export function readUiFile(uiDir: string, relative: string): UiFile {
  const root = resolve(uiDir);
  let file = normalize(join(root, relative || 'index.html'));
  if (file !== root && !file.startsWith(root + sep)) return { kind: 'outside' };
  if (!existsSync(file) || statSync(file).isDirectory()) file = join(root, 'index.html');
  if (!existsSync(file)) return { kind: 'not-built' };
  const type = MIME[extname(file)] ?? 'application/octet-stream';
  const headers: Record<string, string> = { 'content-type': type, 'x-content-type-options': 'nosniff' };
  if (type.startsWith('text/html')) {
    headers['content-security-policy'] = CONTENT_SECURITY_POLICY;
    headers['cache-control'] = 'no-store';
  } else {
    headers['cache-control'] = 'public, max-age=3600';
  }
  return { kind: 'file', body: readFileSync(file), headers };
}
