import { MAILBOX_ENDPOINTS as E } from '../../../../shared/api/mailbox/index.js';
import type { GroupDeps } from '../../group-deps.js';
import { PARTNER_ONLY } from '../../pipeline/partner-consent.js';
import { defineRoute, type AnyRoute } from '../../route.js';

/**
 * `GET /v1/test-helpers/mailbox` lists every e-mail the platform sent (newest first, links absolute
 * against the caller's base URL), `DELETE` empties it.
 */
export function mailboxRoutes(mailbox: GroupDeps['mailbox']): AnyRoute[] {
  return [
    defineRoute(E.list, {
      partnerFeatures: PARTNER_ONLY,
      handle: ({ query, ctx }) => ({
        status: 200,
        body: { messages: mailbox.list(ctx.baseUrl, query.recipient) },
      }),
    }),
    defineRoute(E.clear, {
      partnerFeatures: PARTNER_ONLY,
      handle: () => {
        mailbox.clear();
        return { status: 204 };
      },
    }),
  ];
}
