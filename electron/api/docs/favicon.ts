import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { APP_ICON_PATH } from '../../host/project-paths.js';
import type { RouteTable } from '../pipeline/route-not-found.js';

/**
 * The app's icon, read once, found from the project's root as every path of the host is (this file is
 * compiled into bundles at another depth). Absent (a trimmed package) it is answered 204, still no error.
 */
function readIcon(): Buffer | undefined {
  try {
    return readFileSync(APP_ICON_PATH);
  } catch {
    return undefined;
  }
}

/**
 * `GET /favicon.ico`: every page a browser opens on the host (the buyer pages, `/`, the error docs)
 * asks for it. It is answered with the app's icon (an SVG: browsers go by the type, not the name)
 * instead of the API's 401, which showed as an error in the browser's console.
 */
export function registerFavicon(app: FastifyInstance, table: RouteTable): void {
  const icon = readIcon();
  table.add('GET', '/favicon.ico');
  app.get(
    '/favicon.ico',
    { config: { public: true, unlogged: true, produces: ['image/svg+xml', 'image/*'] } },
    async (_request, reply) =>
      icon
        ? reply
            .type('image/svg+xml')
            .header('cache-control', 'public, max-age=86400')
            .header('x-content-type-options', 'nosniff')
            .send(icon)
        : reply.code(204).send(),
  );
}
