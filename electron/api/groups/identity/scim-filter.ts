import { detail, invalidRequest } from '../../pipeline/api-error.js';

/**
 * The one filter the platform documents (spec 4.12): `userName eq "value"` (RFC 7644 section 3.4.2.2:
 * the attribute name and operator in any case, the value a JSON string). The spec writes the value bare,
 * so a bare value without spaces or quotes is accepted too. Returns the userName to match.
 */
export function parseUserNameFilter(filter: string): string {
  const match = /^\s*userName\s+eq\s+(?:"((?:[^"\\]|\\.)*)"|([^\s"]+))\s*$/i.exec(filter);
  if (!match) {
    throw invalidRequest(
      detail('SCIM_INVALID_FILTER', { field: 'filter', value: filter, location: 'query' }),
    );
  }
  if (match[2] !== undefined) return match[2];
  try {
    return JSON.parse(`"${match[1] ?? ''}"`) as string;
  } catch {
    throw invalidRequest(
      detail('SCIM_INVALID_FILTER', {
        field: 'filter',
        value: filter,
        location: 'query',
        description: 'The filter value is not a valid JSON string.',
      }),
    );
  }
}
