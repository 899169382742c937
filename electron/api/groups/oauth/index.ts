import { oauthShared } from '../../../../shared/api/oauth/index.js';
import type { GroupDeps } from '../../group-deps.js';
import type { GroupModule } from '../../group-module.js';
import { registerTokenEndpoint } from './routes.js';

export { TOKEN_PATH, TokenFormSchema } from './routes.js';

/** OAuth2 client-credentials tokens (spec part 5). */
export function defineOauth(deps: GroupDeps): GroupModule {
  return {
    name: 'oauth',
    shared: oauthShared,
    routes: [],
    pages: (app, table) => registerTokenEndpoint(app, table, deps),
  };
}
