import { randomString } from '../../shared/ids.js';
import type { MailMessage } from '../../shared/mail-message.js';
import type { Clock } from '../clock.js';
import type { Store } from '../store/store.js';
import { MailboxRepository, type MailRecord } from './mailbox-repo.js';

/**
 * The subject and body of a kind of message a group sends by the thousand (a payout batch's notices),
 * made from a few parameters when the message is read: the mailbox keeps the parameters, not the text.
 * A template's text must not change once messages of it are kept (a new text is a new template).
 */
export type MailTemplate = (
  params: Readonly<Record<string, string>>,
  mail: { recipient: string; resource?: { kind: string; id: string } },
) => { subject: string; body: string };

/** The message's text: written out, or a template the mailbox knows and its parameters. */
type MailText = { subject: string; body: string } | { template: string; params: Record<string, string> };

/** What a group hands the mailbox: links are paths on this host (the invoice page), never full URLs. */
export type OutgoingMail = MailText & {
  recipient: string;
  links?: { rel: string; path: string; label: string }[];
  /** What sent it (`invoice.sent`, `payout.unclaimed`, ...): the mailbox page filters by it. */
  category: string;
  resource?: { kind: string; id: string };
  /** The sender shown; the platform's own address unless a merchant sends it. */
  from?: string;
};

/** The platform's sender address in the sandbox. */
export const PLATFORM_SENDER = 'service@svc.example';

/** At most this many messages are listed at once (newest first), and as many when no page size is asked. */
export const MAILBOX_LIST_LIMIT = 500;

/**
 * The sandbox mailbox: infrastructure every group may send through (`GroupDeps.mailbox`). A message is
 * written in the transaction of the work that sends it, so an invoice whose send fails sends nothing,
 * and it persists across restarts. Links are kept as paths and made absolute when read, so they work
 * through whatever address the reader reached the host by.
 */
export class Mailbox {
  private readonly repo: MailboxRepository;
  private readonly templates = new Map<string, MailTemplate>();

  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
  ) {
    this.repo = new MailboxRepository(store.db);
  }

  /** Adds a template messages may name (a group, once, as it is defined). */
  defineTemplate(name: string, template: MailTemplate): void {
    this.templates.set(name, template);
  }

  /** Delivers `mail` (inside the caller's transaction); returns its id. */
  send(mail: OutgoingMail): string {
    const id = 'MAIL-' + randomString('ABCDEFGHJKLMNPQRSTUVWXYZ23456789', 16);
    if ('template' in mail && !this.templates.has(mail.template))
      throw new Error(`no mail template ${mail.template}`);
    const text =
      'template' in mail
        ? { template: mail.template, params: mail.params }
        : { subject: mail.subject, body: mail.body };
    const stored: MailRecord = {
      id,
      sent_at: this.clock.nowIso(),
      recipient: mail.recipient,
      from: mail.from ?? PLATFORM_SENDER,
      ...text,
      links: mail.links ?? [],
      category: mail.category,
      ...(mail.resource ? { resource: mail.resource } : {}),
    };
    this.repo.insert(stored);
    return id;
  }

  /** The subject and body of a kept message: as kept, or rendered by its template. */
  private textOf(mail: MailRecord): { subject: string; body: string } {
    if (!('template' in mail)) return mail;
    const template = this.templates.get(mail.template);
    if (!template) throw new Error(`no mail template ${mail.template}`);
    return template(mail.params, mail);
  }

  /**
   * One page, newest first, links absolute against `baseUrl`: only `recipient`'s when given, only those
   * sent before message `before` when given. `older` says whether a further page exists; null when
   * `before` names no message of the mailbox (the caller answers 400).
   */
  list(
    baseUrl: string,
    page: { recipient?: string | undefined; pageSize?: number | undefined; before?: string | undefined } = {},
  ): { messages: MailMessage[]; older: boolean } | null {
    const beforeSeq = page.before === undefined ? undefined : this.repo.seqOf(page.before);
    if (page.before !== undefined && beforeSeq === undefined) return null;
    const size = page.pageSize ?? MAILBOX_LIST_LIMIT;
    // One more than asked tells whether an older page exists without counting the mailbox.
    const found = this.repo.list(size + 1, page.recipient, beforeSeq);
    return {
      older: found.length > size,
      messages: found.slice(0, size).map((mail) => {
        const { subject, body } = this.textOf(mail);
        return {
          id: mail.id,
          sent_at: mail.sent_at,
          recipient: mail.recipient,
          from: mail.from,
          subject,
          body,
          links: mail.links.map((l) => ({ rel: l.rel, href: baseUrl + l.path, label: l.label })),
          category: mail.category,
          ...(mail.resource ? { resource: mail.resource } : {}),
        };
      }),
    };
  }

  count(): number {
    return this.repo.count();
  }

  /** Empties the mailbox (the test helper, and the sandbox reset inside its transaction). */
  clear(): void {
    this.store.db.assertInTransaction('Emptying the mailbox');
    this.repo.deleteAll();
  }
}
