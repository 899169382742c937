import type { Database } from '../store/db.js';

/** A message as stored: links hold paths, resolved against the base URL of whoever reads them. */
export interface StoredMail {
  id: string;
  sent_at: string;
  recipient: string;
  from: string;
  subject: string;
  body: string;
  links: { rel: string; path: string; label: string }[];
  category: string;
  resource?: { kind: string; id: string };
}

/** Newest first; the mailbox of a busy sandbox is read a page at a time. */
const LIST_SQL = 'SELECT body FROM mailbox_messages ORDER BY seq DESC LIMIT ?';
const BY_RECIPIENT_SQL = 'SELECT body FROM mailbox_messages WHERE recipient = ? ORDER BY seq DESC LIMIT ?';

/** The `mailbox_messages` table (migration 007). */
export class MailboxRepository {
  constructor(private readonly db: Database) {}

  insert(mail: StoredMail): void {
    this.db
      .write('INSERT INTO mailbox_messages (id, recipient, sent_at, body) VALUES (?, ?, ?, ?)')
      .run(mail.id, mail.recipient, mail.sent_at, JSON.stringify(mail));
  }

  list(limit: number, recipient?: string): StoredMail[] {
    const rows = (
      recipient === undefined
        ? this.db.prepare(LIST_SQL).all(limit)
        : this.db.prepare(BY_RECIPIENT_SQL).all(recipient, limit)
    ) as { body: string }[];
    return rows.map((row) => JSON.parse(row.body) as StoredMail);
  }

  count(): number {
    return Number((this.db.prepare('SELECT COUNT(*) AS n FROM mailbox_messages').get() as { n: number }).n);
  }

  deleteAll(): void {
    this.db.write('DELETE FROM mailbox_messages').run();
  }
}
