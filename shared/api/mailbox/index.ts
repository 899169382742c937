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

export const MailboxQuery = z.object({
  recipient: z.string().max(260).optional(),
});

export const MAILBOX_ENDPOINTS = {
  list: defineEndpoint({
    method: 'GET',
    path: '/v1/test-helpers/mailbox',
    operationId: 'sandbox.mailbox.list',
    summary: 'List the sandbox mailbox (every e-mail the platform sent), newest first',
    tag: 'Sandbox control',
    scope: SCOPES.testHelpers,
    query: MailboxQuery,
    responses: { 200: '{messages: [{id, sent_at, recipient, subject, body, links}]}' },
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
