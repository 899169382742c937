import type { MailLink, MailMessage } from '../../shared/mail-message.js';
import type { Database } from '../store/db.js';

/** A message as stored: links hold paths, resolved against the base URL of whoever reads them. */
export type StoredMail = Omit<MailMessage, 'links'> & {
  links: (Omit<MailLink, 'href'> & { path: string })[];
};

/**
 * Newest first; the mailbox of a busy sandbox is read a page at a time, each page starting below the
 * `seq` of the previous page's last message (both paths use an index: the key, or recipient + seq).
 */
const LIST_SQL = 'SELECT seq, body FROM mailbox_messages WHERE seq < ? ORDER BY seq DESC LIMIT ?';
const BY_RECIPIENT_SQL =
  'SELECT seq, body FROM mailbox_messages WHERE recipient = ? AND seq < ? ORDER BY seq DESC LIMIT ?';
const SEQ_OF_SQL = 'SELECT seq FROM mailbox_messages WHERE id = ?';
const INSERT_HEAD = 'INSERT INTO mailbox_messages (id, recipient, sent_at, body)';

/** The `mailbox_messages` table (migration 007). */
export class MailboxRepository {
  constructor(private readonly db: Database) {}

  insert(mail: StoredMail): void {
    this.db.insert(INSERT_HEAD, [mail.id, mail.recipient, mail.sent_at, JSON.stringify(mail)]);
  }

  /** At most `limit` messages, newest first, older than the message `beforeSeq` when given. */
  list(limit: number, recipient?: string, beforeSeq = Number.MAX_SAFE_INTEGER): StoredMail[] {
    const rows = (
      recipient === undefined
        ? this.db.prepare(LIST_SQL).all(beforeSeq, limit)
        : this.db.prepare(BY_RECIPIENT_SQL).all(recipient, beforeSeq, limit)
    ) as { body: string }[];
    return rows.map((row) => JSON.parse(row.body) as StoredMail);
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
