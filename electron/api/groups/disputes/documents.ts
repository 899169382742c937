import { detail, unprocessable } from '../../pipeline/api-error.js';
import type { UploadedFile } from '../../pipeline/multipart.js';
import type { DisputeDocument, StoredDispute, StoredDocumentMeta } from './types.js';

/** The platform's document rules: JPG, GIF, PNG or PDF; 10 MB a file, 50 MB a request. */
export const DOCUMENT_RULES = {
  maxFileBytes: 10 * 1024 * 1024,
  maxRequestBytes: 50 * 1024 * 1024,
  types: ['image/jpeg', 'image/gif', 'image/png', 'application/pdf'],
  extensions: ['.jpg', '.jpeg', '.gif', '.png', '.pdf'],
} as const;

const accepted = (file: UploadedFile): boolean =>
  (DOCUMENT_RULES.types as readonly string[]).includes(file.contentType) ||
  (file.contentType === 'application/octet-stream' &&
    DOCUMENT_RULES.extensions.some((ext) => file.filename.toLowerCase().endsWith(ext)));

/**
 * Checks a request's files against the document rules and records them on the dispute: the API shows
 * each by name; the sandbox keeps its type, size and SHA-256 (not the bytes) under `given_with`.
 */
export function takeDocuments(
  dispute: StoredDispute,
  files: readonly UploadedFile[] | undefined,
  givenWith: string,
  at: string,
): DisputeDocument[] {
  if (!files || files.length === 0) return [];
  let total = 0;
  for (const file of files) {
    total += file.size;
    if (!accepted(file))
      throw unprocessable(
        detail('DOCUMENT_TYPE_NOT_SUPPORTED', {
          field: file.field,
          value: `${file.filename} (${file.contentType})`,
          location: 'body',
        }),
      );
    if (file.size > DOCUMENT_RULES.maxFileBytes || total > DOCUMENT_RULES.maxRequestBytes)
      throw unprocessable(
        detail('DOCUMENT_TOO_LARGE', {
          field: file.field,
          value: `${file.filename} (${file.size} bytes)`,
          location: 'body',
        }),
      );
  }
  const kept: StoredDocumentMeta[] = files.map((file) => ({
    name: file.filename,
    content_type: file.contentType,
    size: file.size,
    sha256: file.sha256,
    given_with: givenWith,
    at,
  }));
  dispute.internal.documents.push(...kept);
  return files.map((file) => ({ name: file.filename }));
}
