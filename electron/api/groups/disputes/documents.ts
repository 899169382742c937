import { randomString } from '../../../../shared/ids.js';
import type { Database } from '../../../store/db.js';
import { detail, unprocessable } from '../../pipeline/api-error.js';
import type { UploadedFile } from '../../pipeline/multipart.js';
import type { DisputeDocument, StoredDispute, StoredDocumentMeta } from './types.js';

const MB = 1024 * 1024;

/**
 * The platform's document rules: JPG, GIF, PNG or PDF; under 10 MB a file and 50 MB a request. The
 * platform states no bound for a whole dispute; the sandbox keeps at most 100 documents and 100 MB of
 * them per dispute, so a workspace never grows without end.
 */
export const DOCUMENT_RULES = {
  maxFileBytes: 10 * MB,
  maxRequestBytes: 50 * MB,
  maxDisputeBytes: 100 * MB,
  maxDisputeFiles: 100,
  types: ['image/jpeg', 'image/gif', 'image/png', 'application/pdf'],
  extensions: ['.jpg', '.jpeg', '.gif', '.png', '.pdf'],
} as const;

/** The type a document is kept and served as: its own, or the one its extension names. */
function acceptedType(file: UploadedFile): string | undefined {
  if ((DOCUMENT_RULES.types as readonly string[]).includes(file.contentType)) return file.contentType;
  if (file.contentType !== 'application/octet-stream') return undefined;
  const name = file.filename.toLowerCase();
  if (name.endsWith('.pdf')) return 'application/pdf';
  if (name.endsWith('.png')) return 'image/png';
  if (name.endsWith('.gif')) return 'image/gif';
  if (name.endsWith('.jpg') || name.endsWith('.jpeg')) return 'image/jpeg';
  return undefined;
}

/** A document's bytes as kept. */
export interface DocumentBytes {
  contentType: string;
  data: Buffer;
}

/**
 * The `dispute_documents` table: the bytes of every document given with a dispute action. Written in
 * the action's transaction, so a refused or failed action keeps none of its files.
 */
export class DisputeDocumentStore {
  constructor(private readonly db: Database) {}

  insert(id: string, disputeId: string, contentType: string, data: Buffer): void {
    this.db
      .write(
        'INSERT INTO dispute_documents (id, dispute_id, content_type, size, data) VALUES (?, ?, ?, ?, ?)',
      )
      .run(id, disputeId, contentType, data.length, data);
  }

  get(disputeId: string, id: string): DocumentBytes | undefined {
    const row = this.db
      .prepare('SELECT content_type, data FROM dispute_documents WHERE id = ? AND dispute_id = ?')
      .get(id, disputeId) as { content_type: string; data: Uint8Array } | undefined;
    if (!row) return undefined;
    return { contentType: row.content_type, data: Buffer.from(row.data) };
  }

  deleteAll(): void {
    this.db.write('DELETE FROM dispute_documents').run();
  }
}

const newDocumentId = (): string => `DOC-${randomString('ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789', 20)}`;

/**
 * Checks a request's files against the document rules (type, size of each, of the request and of all
 * the dispute keeps) and keeps them: the bytes in the documents table, what identifies them on the
 * dispute under `given_with`. Answers what the API shows of each: its name and (through the view) its url.
 */
export function takeDocuments(
  documents: DisputeDocumentStore,
  dispute: StoredDispute,
  files: readonly UploadedFile[] | undefined,
  givenWith: string,
  at: string,
): DisputeDocument[] {
  if (!files || files.length === 0) return [];
  const kept = dispute.internal.documents;
  let disputeBytes = kept.reduce((sum, d) => sum + d.size, 0);
  let requestBytes = 0;
  const types: string[] = [];
  for (const [index, file] of files.entries()) {
    const type = acceptedType(file);
    if (!type)
      throw unprocessable(
        detail('DOCUMENT_TYPE_NOT_SUPPORTED', {
          field: file.field,
          value: `${file.filename} (${file.contentType})`,
          location: 'body',
        }),
      );
    types.push(type);
    requestBytes += file.size;
    disputeBytes += file.size;
    if (file.size > DOCUMENT_RULES.maxFileBytes || requestBytes > DOCUMENT_RULES.maxRequestBytes)
      throw unprocessable(
        detail('DOCUMENT_TOO_LARGE', {
          field: file.field,
          value: `${file.filename} (${file.size} bytes)`,
          location: 'body',
        }),
      );
    if (
      disputeBytes > DOCUMENT_RULES.maxDisputeBytes ||
      kept.length + index + 1 > DOCUMENT_RULES.maxDisputeFiles
    )
      throw unprocessable(
        detail('DISPUTE_DOCUMENTS_LIMIT_EXCEEDED', {
          field: file.field,
          value: `${file.filename} (${file.size} bytes)`,
          location: 'body',
          description: `The dispute keeps ${kept.length} documents of ${kept.reduce((s, d) => s + d.size, 0)} bytes; at most ${DOCUMENT_RULES.maxDisputeFiles} documents and ${DOCUMENT_RULES.maxDisputeBytes} bytes in all.`,
        }),
      );
  }
  return files.map((file, index) => {
    const id = newDocumentId();
    const contentType = types[index] ?? file.contentType;
    documents.insert(id, dispute.id, contentType, file.data);
    const meta: StoredDocumentMeta = {
      id,
      name: file.filename,
      content_type: contentType,
      size: file.size,
      sha256: file.sha256,
      given_with: givenWith,
      at,
    };
    kept.push(meta);
    return { name: file.filename, document_id: id };
  });
}
