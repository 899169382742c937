import {
  SCIM_LIST_SCHEMA,
  SCIM_MEDIA_TYPE,
  SCIM_USER_SCHEMA,
} from '../../../../shared/api/identity/scim-rules.js';
import { defineResourceKind } from '../../group-module.js';
import { scimUserMachine } from '../../../../shared/api/identity/machines.js';
import { SCIM_USER_KIND, type StoredScimUser } from './types.js';

export const usersPath = (baseUrl: string, id?: string): string =>
  `${baseUrl}/v2/scim/Users${id ? `/${encodeURIComponent(id)}` : ''}`;

/**
 * A user as SCIM shows it (RFC 7643 section 4.1): its attributes, `id`, `active` from its state, and
 * `meta` with where it lives. SCIM resources carry no `links`.
 */
export function scimUserView(user: StoredScimUser, baseUrl: string): Record<string, unknown> {
  const { schemas, ...attributes } = user.body;
  return {
    schemas: schemas.includes(SCIM_USER_SCHEMA) ? schemas : [SCIM_USER_SCHEMA, ...schemas],
    id: user.id,
    ...attributes,
    active: user.status === 'ACTIVE',
    meta: {
      resourceType: 'User',
      created: user.create_time,
      lastModified: user.update_time,
      location: usersPath(baseUrl, user.id),
    },
  };
}

/** A page of users as SCIM lists them (RFC 7644 section 3.4.2). */
export function listResponse(
  page: readonly StoredScimUser[],
  total: number,
  startIndex: number,
  baseUrl: string,
): Record<string, unknown> {
  return {
    schemas: [SCIM_LIST_SCHEMA],
    totalResults: total,
    itemsPerPage: page.length,
    startIndex,
    Resources: page.map((user) => scimUserView(user, baseUrl)),
  };
}

/** SCIM answers `application/scim+json`; a client that accepts only `application/json` gets that. */
export function scimContentType(accept: string | undefined): Record<string, string> {
  const lower = (accept ?? '').toLowerCase();
  const jsonOnly =
    lower.includes('application/json') && !lower.includes('scim+json') && !lower.includes('*/*');
  return { 'content-type': `${jsonOnly ? 'application/json' : SCIM_MEDIA_TYPE}; charset=utf-8` };
}

export const SCIM_USER_RESOURCE_KIND = defineResourceKind<StoredScimUser>({
  kind: SCIM_USER_KIND,
  machine: scimUserMachine,
  view: scimUserView,
  links: () => [],
  summary: () => ({}),
  rootKind: SCIM_USER_KIND,
});
