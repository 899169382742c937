import { MAILBOX_ENDPOINTS as E } from '../../../../shared/api/mailbox/index.js';
import type { GroupDeps } from '../../group-deps.js';
import { invalidRequest, queryDetail } from '../../pipeline/api-error.js';
import { PARTNER_ONLY } from '../../pipeline/partner-consent.js';
import { defineRoute, type AnyRoute } from '../../route.js';

/**
 * `GET /v1/test-helpers/mailbox` lists every e-mail the platform sent (newest first, links absolute
 * against the caller's base URL) a page at a time: `page_size` and the cursor `before` (a message id),
 * with a `next` link while older messages remain. `DELETE` empties it.
 */
export function mailboxRoutes(mailbox: GroupDeps['mailbox']): AnyRoute[] {
  return [
    defineRoute(E.list, {
      partnerFeatures: PARTNER_ONLY,
      handle: ({ query, ctx }) => {
        const page = mailbox.list(ctx.baseUrl, {
          recipient: query.recipient,
          pageSize: query.page_size,
          before: query.before,
        });
        if (!page)
          throw invalidRequest(
            queryDetail(
              'before',
              'INVALID_PARAMETER_VALUE',
              'No message of the mailbox has this id (it may have been emptied since).',
              query.before,
            ),
          );
        const last = page.messages[page.messages.length - 1];
        if (!page.older || !last) return { status: 200, body: { messages: page.messages } };
        const next = new URLSearchParams({
          ...(query.recipient !== undefined ? { recipient: query.recipient } : {}),
          ...(query.page_size !== undefined ? { page_size: String(query.page_size) } : {}),
          before: last.id,
        });
        return {
          status: 200,
          body: {
            messages: page.messages,
            links: [{ href: `${ctx.baseUrl}${E.list.path}?${next}`, rel: 'next', method: 'GET' }],
          },
        };
      },
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
