import type { MailLink, MailMessage } from '../../shared/mail-message.js';
import type { Database } from '../store/db.js';

/** A message as stored: links hold paths, resolved against the base URL of whoever reads them. */
export type StoredMail = Omit<MailMessage, 'links'> & {
  links: (Omit<MailLink, 'href'> & { path: string })[];
};

/** A message whose subject and body a template of the mailbox renders from its parameters when read. */
export type TemplatedMail = Omit<StoredMail, 'subject' | 'body'> & {
  template: string;
  params: Record<string, string>;
};

/** A message as the mailbox keeps it: its text written out, or its template's name and parameters. */
export type MailRecord = StoredMail | TemplatedMail;

/**
 * Newest first; the mailbox of a busy sandbox is read a page at a time, each page starting below the
 * `seq` of the previous page's last message (both paths use an index: the key, or recipient + seq).
 */
const LIST_SQL =
  'SELECT id, recipient, sent_at, body FROM mailbox_messages WHERE seq < ? ORDER BY seq DESC LIMIT ?';
const BY_RECIPIENT_SQL =
  'SELECT id, recipient, sent_at, body FROM mailbox_messages WHERE recipient = ? AND seq < ? ORDER BY seq DESC LIMIT ?';
const SEQ_OF_SQL = 'SELECT seq FROM mailbox_messages WHERE id = ?';
const INSERT_HEAD = 'INSERT INTO mailbox_messages (id, recipient, sent_at, body)';

interface MailRow {
  id: string;
  recipient: string;
  sent_at: string;
  body: string;
}

/**
 * The `mailbox_messages` table (migration 007). A row's `body` holds the message without what its
 * columns hold (id, recipient, time) and without an empty list of links; rows written before kept
 * them in it too, and read back the same.
 */
export class MailboxRepository {
  constructor(private readonly db: Database) {}

  insert(mail: MailRecord): void {
    const { id, recipient, sent_at, links, ...rest } = mail;
    const body = JSON.stringify(links.length > 0 ? { ...rest, links } : rest);
    this.db.insert(INSERT_HEAD, [id, recipient, sent_at, body]);
  }

  /** At most `limit` messages, newest first, older than the message `beforeSeq` when given. */
  list(limit: number, recipient?: string, beforeSeq = Number.MAX_SAFE_INTEGER): MailRecord[] {
    const rows = (recipient === undefined
      ? this.db.prepare(LIST_SQL).all(beforeSeq, limit)
      : this.db.prepare(BY_RECIPIENT_SQL).all(recipient, beforeSeq, limit)) as unknown as MailRow[];
    return rows.map((row) => {
      const kept = JSON.parse(row.body) as Partial<MailRecord>;
      return {
        ...kept,
        id: row.id,
        recipient: row.recipient,
        sent_at: row.sent_at,
        links: kept.links ?? [],
      } as MailRecord;
    });
  }

  /** Where message `id` stands in the mailbox (undefined when there is no such message). */
  seqOf(id: string): number | undefined {
    const row = this.db.prepare(SEQ_OF_SQL).get(id) as { seq: number } | undefined;
    return row === undefined ? undefined : Number(row.seq);
  }

  count(): number {
    return Number((this.db.prepare('SELECT COUNT(*) AS n FROM mailbox_messages').get() as { n: number }).n);
  }

  deleteAll(): void {
    this.db.write('DELETE FROM mailbox_messages').run();
  }
}
