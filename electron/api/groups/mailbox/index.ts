import { mailboxShared } from '../../../../shared/api/mailbox/index.js';
import type { GroupDeps } from '../../group-deps.js';
import type { GroupModule } from '../../group-module.js';
import { mailboxRoutes } from './routes.js';

/**
 * The sandbox mailbox's test helpers. The mailbox itself is infrastructure (`electron/mailbox`); groups
 * send through `deps.mailbox`.
 */
export function defineMailbox(deps: GroupDeps): GroupModule {
  return { name: 'mailbox', shared: mailboxShared, routes: mailboxRoutes(deps.mailbox) };
}
