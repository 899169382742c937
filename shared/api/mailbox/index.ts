import { z } from 'zod';
import { SCOPES } from '../../scopes.js';
import { defineEndpoint } from '../endpoint.js';
import { defineSharedGroup } from '../shared-group.js';

/**
 * The sandbox mailbox: every e-mail the platform would send (invoices sent and reminded, receipts,
 * unclaimed-payout notices) lands here instead, with its links working against this host.
 */

/** One link of a message, as the test helper shows it (absolute, built from the request's base URL). */
export interface MailLink {
  rel: string;
  href: string;
  /** The words the e-mail shows for it ("Pay invoice"). */
  label: string;
}

export interface MailMessage {
  id: string;
  /** When the platform "sent" it (simulated clock). */
  sent_at: string;
  recipient: string;
  from: string;
  subject: string;
  body: string;
  links: MailLink[];
  /** What sent it: `invoice.sent`, `payout.unclaimed`, ... */
  category: string;
  /** The resource it is about, when there is one. */
  resource?: { kind: string; id: string };
}

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
