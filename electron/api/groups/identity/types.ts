import type { ScimUserInput } from '../../../../shared/api/identity/schemas.js';
import type { StoredResource } from '../../../store/repositories/resources-repo.js';

/** A SCIM user's attributes as stored: what the client sent, read-only members dropped. */
export type ScimUserAttributes = Omit<ScimUserInput, 'id' | 'meta' | 'active'>;

/** What the API never shows of a user. */
export interface ScimUserInternal {
  /** The userName in lower case: uniqueness and `userName eq` ignore case (RFC 7643 section 4.1.1). */
  user_name_key: string;
}

export type StoredScimUser = StoredResource<ScimUserAttributes, ScimUserInternal>;

export const SCIM_USER_KIND = 'scim-user';
