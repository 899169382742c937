import type { FastifyInstance } from 'fastify';
import { ERROR_NAMES } from '../../../shared/errors.js';
import { ISSUES } from '../../../shared/api/registry.js';
import { requestBaseUrl } from '../pipeline/links.js';
import { mockCodes } from '../pipeline/mock-response.js';
import type { RouteTable } from '../pipeline/route-not-found.js';
import type { AnyRoute } from '../route.js';
import type { ApiGroup } from '../server.js';
import {
  cachedDocument,
  DocumentsByBaseUrl,
  sendCachedDocument,
  type CachedDocument,
} from './cached-document.js';
import { registerFavicon } from './favicon.js';
import { buildOpenApi, type JsonSchema } from './openapi.js';

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c);

/** The page every error's `information_link` points to: every name, issue and mock code. */
function errorsPage(): string {
  const names = Object.entries(ERROR_NAMES)
    .map(
      ([name, { status, message }]) =>
        `<tr id="${name}"><td>${status}</td><td><code>${name}</code></td><td>${escapeHtml(message)}</td></tr>`,
    )
    .join('');
  const issues = Object.entries(ISSUES)
    .map(
      ([issue, { description }]) =>
        `<tr id="${issue}"><td><code>${issue}</code></td><td>${escapeHtml(description)}</td></tr>`,
    )
    .join('');
  const mocks = mockCodes()
    .map((m) => `<tr><td><code>${m.code}</code></td><td>${m.status} ${m.name}</td></tr>`)
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Errors</title>
<style>body{font:14px/1.5 system-ui,sans-serif;max-width:960px;margin:24px auto;padding:0 16px}td{padding:4px 8px;border-bottom:1px solid #ddd;vertical-align:top}:target{background:#fff6d5}</style></head>
<body><h1>Error names</h1><table>${names}</table><h1>Issues (details[].issue)</h1><table>${issues}</table>
<h1>Mock codes</h1><p>Send <code>Svc-Mock-Response: {"mock_application_codes":"CODE"}</code> on any operation to force one.</p><table>${mocks}</table></body></html>`;
}

/**
 * `GET /openapi.json`, `GET /docs/errors` and the icon: public documents served by the API host. They
 * change only with the program, so each is rendered once per process (the OpenAPI document once per base
 * URL it names) and served with an ETag: a repeat costs a map lookup, and a revalidation a 304.
 */
export function docsGroup(
  routes: () => readonly AnyRoute[],
  pages: () => Readonly<Record<string, JsonSchema>>,
): ApiGroup {
  return {
    routes: [],
    pages(app: FastifyInstance, table: RouteTable) {
      table.add('GET', '/openapi.json');
      table.add('GET', '/docs/errors');
      const openApi = new DocumentsByBaseUrl((baseUrl) =>
        cachedDocument(JSON.stringify(buildOpenApi(routes(), pages(), baseUrl)), 'application/json'),
      );
      let errors: CachedDocument | undefined;
      app.get('/openapi.json', { config: { public: true } }, async (request, reply) =>
        sendCachedDocument(request, reply, openApi.get(requestBaseUrl(request))),
      );
      app.get('/docs/errors', { config: { public: true, html: true } }, async (request, reply) => {
        errors ??= cachedDocument(errorsPage(), 'text/html; charset=utf-8');
        return sendCachedDocument(request, reply, errors);
      });
      registerFavicon(app, table);
    },
  };
}
