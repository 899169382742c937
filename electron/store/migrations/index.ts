import type { DatabaseSync } from 'node:sqlite';
import { initialSchema } from './001-initial-schema.js';
import { webhooksSchema } from './002-webhooks.js';
import { ledgerSchema } from './003-ledger.js';
import { leanWritesSchema } from './004-lean-writes.js';
import { lineageSchema } from './005-lineage.js';
import { hashedTokensSchema } from './006-hashed-tokens.js';
import { mailboxSchema } from './007-mailbox.js';
import { disputeDocumentsSchema } from './008-dispute-documents.js';
import { eventLinksBaseSchema } from './009-event-links-base.js';
import { secretsAtRestSchema } from './010-secrets-at-rest.js';
import { eventSnapshotsSchema } from './011-event-snapshots.js';
import { requestLogBodiesSchema } from './012-request-log-bodies.js';
import { requestLogApartSchema } from './013-request-log-apart.js';

export interface Migration {
  version: number;
  name: string;
  sql: string;
  /** Data changes SQL cannot express (hashing, say), run after `sql` in the same transaction. */
  run?: (db: DatabaseSync) => void;
}

/** Forward-only migrations in order. Never edit a released one: add the next number. */
export const MIGRATIONS: readonly Migration[] = [
  initialSchema,
  webhooksSchema,
  ledgerSchema,
  leanWritesSchema,
  lineageSchema,
  hashedTokensSchema,
  mailboxSchema,
  disputeDocumentsSchema,
  eventLinksBaseSchema,
  secretsAtRestSchema,
  eventSnapshotsSchema,
  requestLogBodiesSchema,
  requestLogApartSchema,
];
