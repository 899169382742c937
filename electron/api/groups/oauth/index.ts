import { oauthShared } from '../../../../shared/api/oauth/index.js';
import type { GroupDeps } from '../../group-deps.js';
import type { GroupModule } from '../../group-module.js';
import { toSchema } from '../../docs/openapi.js';
import { registerTokenEndpoint, TOKEN_PATH, TokenFormSchema } from './routes.js';

export { TOKEN_PATH, TokenFormSchema } from './routes.js';

/** OAuth2 client-credentials tokens (spec part 5). */
export function defineOauth(deps: GroupDeps): GroupModule {
  return {
    name: 'oauth',
    shared: oauthShared,
    routes: [],
    pages: (app, table) => registerTokenEndpoint(app, table, deps),
    pageDocs: {
      [TOKEN_PATH]: {
        post: {
          operationId: 'oauth2.token',
          summary: 'Get an access token (client credentials)',
          tags: ['Token issue'],
          security: [{ basicAuth: [] }],
          requestBody: {
            required: true,
            content: { 'application/x-www-form-urlencoded': { schema: toSchema(TokenFormSchema) } },
          },
          responses: {
            '200': { description: 'scope, access_token, token_type, app_id, expires_in, nonce' },
            '400': { description: '{error, error_description}' },
            '401': { description: '{error: INVALID_CLIENT, error_description}' },
          },
        },
      },
    },
  };
}
