import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ApiDeps } from '../../deps.js';
import { FORM_MEDIA_TYPE } from '../../pipeline/accept.js';
import type { RouteTable } from '../../pipeline/route-not-found.js';
import { TokenService } from './service.js';

export const TOKEN_PATH = '/v1/oauth2/token';

/** Request form of the token call, for the OpenAPI document. */
export const TokenFormSchema = z.object({
  grant_type: z.literal('client_credentials'),
  scope: z.string().optional().describe('Space-separated subset of the app scopes.'),
});

/**
 * The token endpoint is public (it is how a caller authenticates) and answers errors in the short
 * identity form, so it is a page of its own rather than a bearer-token operation.
 */
export function registerTokenEndpoint(app: FastifyInstance, table: RouteTable, deps: ApiDeps): void {
  const service = new TokenService(deps);
  table.add('POST', TOKEN_PATH, 'identity');
  app.post(
    TOKEN_PATH,
    { config: { public: true, contentTypes: [FORM_MEDIA_TYPE], errorStyle: 'identity' } },
    async (request, reply) => {
      const form = (request.body && typeof request.body === 'object' ? request.body : {}) as Record<
        string,
        string
      >;
      const response = deps.store.transaction(() => service.issue(request.headers.authorization, form));
      return reply.code(200).header('cache-control', 'no-store').send(response);
    },
  );
}
