/**
 * An e-mail the platform would send (invoices sent and reminded, receipts, unclaimed-payout notices):
 * in the sandbox it lands in the host's mailbox instead, which any group may write to.
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
