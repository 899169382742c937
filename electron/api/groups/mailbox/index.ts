import { MAILBOX_ENDPOINTS as E, mailboxShared } from '../../../../shared/api/mailbox/index.js';
import type { GroupDeps } from '../../group-deps.js';
import type { GroupModule } from '../../group-module.js';
import { defineRoute } from '../../route.js';
import { PARTNER_ONLY } from '../../pipeline/partner-consent.js';

/**
 * The sandbox mailbox's test helpers: `GET /v1/test-helpers/mailbox` lists every e-mail the platform
 * sent (newest first, links absolute against the caller's base URL), `DELETE` empties it. The mailbox
 * itself is infrastructure (`electron/mailbox`); groups send through `deps.mailbox`.
 */
export function defineMailbox(deps: GroupDeps): GroupModule {
  return {
    name: 'mailbox',
    shared: mailboxShared,
    routes: [
      defineRoute(E.list, {
        partnerFeatures: PARTNER_ONLY,
        handle: ({ query, ctx }) => ({
          status: 200,
          body: { messages: deps.mailbox.list(ctx.baseUrl, query.recipient) },
        }),
      }),
      defineRoute(E.clear, {
        partnerFeatures: PARTNER_ONLY,
        handle: () => {
          deps.mailbox.clear();
          return { status: 204 };
        },
      }),
    ],
  };
}
