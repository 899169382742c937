import type { ScimPatchOp } from '../../../../shared/api/identity/schemas.js';
import { detail, invalidRequest } from '../../pipeline/api-error.js';

/** The attributes a PATCH may name (spec 2.18's, and `active`); `id` and `meta` are read-only. */
const ATTRIBUTES = [
  'schemas',
  'externalId',
  'userName',
  'name',
  'emails',
  'phoneNumbers',
  'addresses',
  'entitlements',
  'preferredLanguage',
  'timezone',
  'active',
] as const;
const SUB_ATTRIBUTES: Record<string, readonly string[]> = { name: ['givenName', 'familyName'] };
const MULTI_VALUED = new Set(['schemas', 'emails', 'phoneNumbers', 'addresses', 'entitlements']);

type Attributes = Record<string, unknown>;

const at = (index: number) => ({ field: `/Operations/${index}/path`, location: 'body' as const });

/** `name`, `name.givenName` (attribute names compare without regard to case, RFC 7643 section 2.1). */
function resolvePath(path: string, index: number): { attribute: string; sub?: string } {
  const [head = '', sub, ...rest] = path
    .replace(/^urn:ietf:params:scim:schemas:core:2\.0:User:/i, '')
    .split('.');
  const attribute = ATTRIBUTES.find((a) => a.toLowerCase() === head.toLowerCase());
  const subName =
    sub === undefined
      ? undefined
      : SUB_ATTRIBUTES[attribute ?? '']?.find((s) => s.toLowerCase() === sub.toLowerCase());
  if (!attribute || rest.length > 0 || (sub !== undefined && !subName) || /[[\]]/.test(path)) {
    throw invalidRequest(detail('SCIM_INVALID_PATH', { ...at(index), value: path }));
  }
  return subName ? { attribute, sub: subName } : { attribute };
}

function setValue(target: Attributes, attribute: string, value: unknown, op: 'add' | 'replace'): void {
  // add appends to a multi-valued attribute (RFC 7644 3.5.2.1); replace sets the whole of it.
  if (op === 'add' && MULTI_VALUED.has(attribute) && Array.isArray(target[attribute])) {
    const added = Array.isArray(value) ? value : [value];
    target[attribute] = [...(target[attribute] as unknown[]), ...added];
  } else target[attribute] = value;
}

/**
 * Applies SCIM PATCH operations (RFC 7644 section 3.5.2) to a copy of a user's attributes, `active`
 * included; the caller validates the result as a whole against every rule of a create. Value filters in
 * paths (`emails[type eq "work"]`) are not supported and answered 400 invalidPath.
 */
export function applyScimPatch(current: Attributes, operations: readonly ScimPatchOp[]): Attributes {
  const next: Attributes = structuredClone(current);
  operations.forEach((operation, index) => {
    const op = operation.op;
    if (operation.path === undefined) {
      if (
        op === 'remove' ||
        typeof operation.value !== 'object' ||
        operation.value === null ||
        Array.isArray(operation.value)
      )
        throw invalidRequest(detail('SCIM_NO_TARGET', at(index)));
      for (const [key, value] of Object.entries(operation.value as Attributes)) {
        const { attribute, sub } = resolvePath(key, index);
        if (sub) throw invalidRequest(detail('SCIM_INVALID_PATH', { ...at(index), value: key }));
        if (attribute === 'name' && op === 'add' && value && typeof value === 'object')
          next.name = { ...((next.name as Attributes | undefined) ?? {}), ...(value as Attributes) };
        else setValue(next, attribute, value, op);
      }
      return;
    }
    const { attribute, sub } = resolvePath(operation.path, index);
    if (op === 'remove') {
      if (sub) {
        const name = { ...((next.name as Attributes | undefined) ?? {}) };
        delete name[sub];
        next.name = name;
      } else delete next[attribute];
      return;
    }
    if (operation.value === undefined)
      throw invalidRequest(
        detail('MISSING_REQUIRED_PARAMETER', {
          field: `/Operations/${index}/value`,
          location: 'body',
          description: `An ${op} operation needs a value.`,
        }),
      );
    if (sub) next.name = { ...((next.name as Attributes | undefined) ?? {}), [sub]: operation.value };
    else setValue(next, attribute, operation.value, op);
  });
  return next;
}
