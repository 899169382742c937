import { defineFeature } from '../feature';
import { lazyPage } from '../lazy-page';

const MailboxPage = lazyPage(() => import('./mailbox-page'), 'MailboxPage');

/** The sandbox mailbox: every e-mail the platform would have sent, with working links. */
export const mailboxFeature = defineFeature({
  name: 'mailbox',
  nav: [{ section: 'Tools', path: 'mailbox', label: 'Mailbox' }],
  routes: { mailbox: { list: MailboxPage } },
});
