import { z } from 'zod';
import { SCOPES } from '../../scopes.js';
import { defineEndpoint } from '../endpoint.js';
import { defineSharedGroup } from '../shared-group.js';

/**
 * The sandbox mailbox: every e-mail the platform would send (invoices sent and reminded, receipts,
 * unclaimed-payout notices) lands here instead, with its links working against this host.
 */

// The messages are the platform's (every group may send one); the test helper shows them as they are.
export type { MailLink, MailMessage } from '../../mail-message.js';

/** Mail ids as the mailbox makes them (`MAIL-` and 16 letters and digits). */
const MAIL_ID = /^MAIL-[A-Z0-9]{16}$/;

export const MailboxQuery = z.object({
  recipient: z.string().max(260).optional(),
  /** At most this many messages (500 when absent, as before paging existed). */
  page_size: z
    .string()
    .regex(/^\d{1,9}$/, 'Expected a whole number.')
    .transform(Number)
    .pipe(z.number().int().min(1).max(500))
    .optional(),
  /** A cursor: only the messages sent before this one (the last id of the previous page). */
  before: z.string().regex(MAIL_ID, 'Expected a mail id (MAIL-...).').optional(),
});

export const MAILBOX_ENDPOINTS = {
  list: defineEndpoint({
    method: 'GET',
    path: '/v1/test-helpers/mailbox',
    operationId: 'sandbox.mailbox.list',
    summary: 'List the sandbox mailbox (every e-mail the platform sent), newest first, a page at a time',
    tag: 'Sandbox control',
    scope: SCOPES.testHelpers,
    query: MailboxQuery,
    responses: {
      200: '{messages: [{id, sent_at, recipient, subject, body, links}], links: [{rel: next}] when more are older}',
      400: 'page_size out of range, or `before` is no message of the mailbox',
    },
  }),
  clear: defineEndpoint({
    method: 'DELETE',
    path: '/v1/test-helpers/mailbox',
    operationId: 'sandbox.mailbox.clear',
    summary: 'Empty the sandbox mailbox',
    tag: 'Sandbox control',
    scope: SCOPES.testHelpers,
    responses: { 204: 'Emptied' },
  }),
};

export const mailboxShared = defineSharedGroup({
  name: 'mailbox',
  issues: {},
  machines: {},
  endpoints: Object.values(MAILBOX_ENDPOINTS),
  scopes: [SCOPES.testHelpers],
});
