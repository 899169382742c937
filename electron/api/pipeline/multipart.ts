import { createHash } from 'node:crypto';
import { ApiError, detail } from './api-error.js';
import { parseJsonBody } from './json-body.js';

export const MULTIPART_MEDIA_TYPE = 'multipart/form-data';

/** A file part of a `multipart/form-data` request: what the operation may keep of it. */
export interface UploadedFile {
  /** The form field it came in (`evidence-file`, `message_document`, ...). */
  field: string;
  filename: string;
  contentType: string;
  size: number;
  sha256: string;
  data: Buffer;
}

/** A multipart request: its JSON `input` part (or its text fields) as the body, and its files. */
export interface MultipartBody {
  body: Record<string, unknown>;
  files: UploadedFile[];
}

const malformed = (description: string): ApiError =>
  new ApiError('INVALID_REQUEST', [detail('MALFORMED_MULTIPART_BODY', { location: 'body', description })]);

/** The value of one parameter of a header (`boundary=...`, `name="..."`), quotes removed. */
function parameter(header: string, name: string): string | undefined {
  const match = new RegExp(`(?:^|;)\\s*${name}\\*?=\\s*("((?:[^"\\\\]|\\\\.)*)"|[^;]*)`, 'i').exec(header);
  if (!match) return undefined;
  return match[2] !== undefined ? match[2].replace(/\\(.)/g, '$1') : (match[1] ?? '').trim();
}

/**
 * Parses a `multipart/form-data` body (RFC 7578). The platform's dispute actions send their JSON in a
 * part named `input` (other text parts are fields of the body) and their documents as file parts. A body
 * that does not follow the form is a 400, never a 500.
 */
export function parseMultipart(payload: Buffer, contentType: string | undefined): MultipartBody {
  const boundary = contentType ? parameter(contentType, 'boundary') : undefined;
  if (!boundary || boundary.length > 70) throw malformed('The multipart Content-Type has no valid boundary.');
  const delimiter = Buffer.from(`--${boundary}`);
  let position = payload.indexOf(delimiter);
  if (position < 0) throw malformed('The multipart body has no part.');
  const body: Record<string, unknown> = {};
  const files: UploadedFile[] = [];
  for (;;) {
    position += delimiter.length;
    if (payload.subarray(position, position + 2).toString('latin1') === '--') break;
    if (payload.subarray(position, position + 2).toString('latin1') !== '\r\n')
      throw malformed('A multipart delimiter is not followed by CRLF.');
    position += 2;
    const headerEnd = payload.indexOf('\r\n\r\n', position);
    if (headerEnd < 0) throw malformed('A multipart part has no end of headers.');
    const headers = new Map<string, string>();
    for (const line of payload.subarray(position, headerEnd).toString('utf8').split('\r\n')) {
      const colon = line.indexOf(':');
      if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
    }
    const next = payload.indexOf(Buffer.concat([Buffer.from('\r\n'), delimiter]), headerEnd + 4);
    if (next < 0) throw malformed('A multipart part is not closed by the boundary.');
    const data = payload.subarray(headerEnd + 4, next);
    const disposition = headers.get('content-disposition') ?? '';
    const name = parameter(disposition, 'name');
    if (!/^form-data/i.test(disposition) || name === undefined)
      throw malformed('A multipart part has no form-data Content-Disposition with a name.');
    const filename = parameter(disposition, 'filename');
    const partType = (headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
    // The JSON part is the body, even when a client sends it as a file (a Blob gets the name `blob`).
    if (name === 'input' || partType === 'application/json') {
      const parsed = parseJsonBody(data.toString('utf8'));
      if (parsed !== undefined && (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)))
        throw malformed(`The part "${name}" must hold a JSON object.`);
      Object.assign(body, parsed ?? {});
    } else if (filename !== undefined) {
      files.push({
        field: name,
        filename: filename.slice(0, 2000),
        contentType: partType || 'application/octet-stream',
        size: data.length,
        sha256: createHash('sha256').update(data).digest('hex'),
        data: Buffer.from(data),
      });
    } else {
      body[name] = data.toString('utf8');
    }
    position = next + 2;
  }
  return { body, files };
}
