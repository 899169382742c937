import type { Migration } from './index.js';

/**
 * The bytes of the documents given with dispute actions (evidence, messages, supporting information):
 * kept in the workspace so they survive a restart and commit or roll back with the action that gave
 * them. The dispute's own row keeps what the API shows of each (name, type, size, digest); a document
 * is read back by its id, and a dispute's documents go together (the sandbox reset).
 */
export const disputeDocumentsSchema: Migration = {
  version: 8,
  name: 'dispute-documents',
  sql: `
    CREATE TABLE dispute_documents (
      id TEXT PRIMARY KEY,
      dispute_id TEXT NOT NULL,
      content_type TEXT NOT NULL,
      size INTEGER NOT NULL,
      data BLOB NOT NULL
    );
    CREATE INDEX dispute_documents_by_dispute ON dispute_documents (dispute_id);
  `,
};
