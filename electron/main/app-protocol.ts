import { readUiFile, UI_NOT_BUILT } from '../host/ui-files.js';

/**
 * The window shows the UI from `app://workbench/`, not `file://` (the Electron security checklist's
 * "custom protocol" item): a standard, secure scheme gives the page a real origin, so the CSP's `'self'`,
 * module scripts and Monaco's workers behave exactly as in browser mode, and the page can read nothing
 * on disk but the built UI. Pure request -> Response logic here; `main.ts` registers it with Electron.
 */

export const APP_SCHEME = 'app';
const APP_HOST = 'workbench';
export const APP_URL = `${APP_SCHEME}://${APP_HOST}/index.html`;

/** Registered before the app is ready: standard (origin, relative URLs), secure context, fetch allowed. */
export const APP_SCHEME_PRIVILEGES = {
  standard: true,
  secure: true,
  supportFetchAPI: true,
  codeCache: true,
} as const;

const plain = (status: number, text: string): Response =>
  new Response(text, {
    status,
    headers: { 'content-type': 'text/plain; charset=utf-8', 'x-content-type-options': 'nosniff' },
  });

/** Answers one `app://` request from the built UI folder. */
export function respondFromUi(uiDir: string, request: { method: string; url: string }): Response {
  if (request.method !== 'GET' && request.method !== 'HEAD') return plain(405, 'The UI is read-only.');
  let url: URL;
  let relative: string;
  try {
    url = new URL(request.url);
    relative = decodeURIComponent(url.pathname).replace(/^\/+/, '');
  } catch {
    return plain(400, 'Malformed URL.');
  }
  if (url.protocol !== `${APP_SCHEME}:` || url.host !== APP_HOST) return plain(404, 'Not part of the app.');
  const file = readUiFile(uiDir, relative);
  if (file.kind === 'outside') return plain(403, 'Outside the UI folder.');
  if (file.kind === 'not-built') return plain(503, UI_NOT_BUILT);
  return new Response(request.method === 'HEAD' ? null : new Uint8Array(file.body), {
    headers: file.headers,
  });
}
