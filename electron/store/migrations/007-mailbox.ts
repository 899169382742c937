import type { Migration } from './index.js';

/**
 * The sandbox mailbox (electron/mailbox): every e-mail the platform would send, kept so it survives a
 * restart (a buyer opens yesterday's invoice link today) and emptied by the sandbox reset. A message is
 * its JSON plus the columns the mailbox reads by: newest first (`seq`) and by recipient.
 */
export const mailboxSchema: Migration = {
  version: 7,
  name: 'mailbox',
  sql: `
    CREATE TABLE mailbox_messages (
      seq INTEGER PRIMARY KEY AUTOINCREMENT,
      id TEXT NOT NULL UNIQUE,
      recipient TEXT NOT NULL COLLATE NOCASE,
      sent_at TEXT NOT NULL,
      body TEXT NOT NULL
    );
    CREATE INDEX mailbox_by_recipient ON mailbox_messages (recipient, seq);
  `,
};
