import type { ErrorName } from '../errors.js';

/**
 * One issue code (`details[].issue`): the error name it is answered with when forced by
 * `Svc-Mock-Response` (which gives its status) and what it means. The `/docs/errors` page, the mock
 * response step and every error body read these tables; each API group declares its own.
 */
export interface IssueDefinition {
  name: ErrorName;
  description: string;
  /** The SCIM error's `scimType` (RFC 7644 section 3.12), for issues of the SCIM operations. */
  scimType?: string;
}

/** Issues that share an error name, written as `CODE: description`. */
export function issuesOf<K extends string>(
  name: ErrorName,
  descriptions: Record<K, string>,
): Record<K, IssueDefinition> {
  const table = {} as Record<K, IssueDefinition>;
  for (const code of Object.keys(descriptions) as K[])
    table[code] = { name, description: descriptions[code] };
  return table;
}
