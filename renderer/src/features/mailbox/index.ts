import { defineFeature } from '../feature';
import { MailboxPage } from './mailbox-page';

/** The sandbox mailbox: every e-mail the platform would have sent, with working links. */
export const mailboxFeature = defineFeature({
  name: 'mailbox',
  nav: [{ section: 'Tools', path: 'mailbox', label: 'Mailbox' }],
  routes: { mailbox: { list: MailboxPage } },
});
