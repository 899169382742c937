import type { IssueDefinition } from '../issue.js';

/**
 * Identity: the issues its operations answer with. SCIM errors also carry a `scimType` (RFC 7644
 * section 3.12), named here beside the issue that produces it.
 */
export const IDENTITY_ISSUES = {
  SCIM_INVALID_FILTER: {
    name: 'INVALID_REQUEST',
    description: 'The filter is not supported: use userName eq "value".',
    scimType: 'invalidFilter',
  },
  SCIM_INVALID_PATH: {
    name: 'INVALID_REQUEST',
    description:
      'The PATCH path names no attribute of a user (an attribute such as emails, or name.givenName; value filters are not supported).',
    scimType: 'invalidPath',
  },
  SCIM_NO_TARGET: {
    name: 'INVALID_REQUEST',
    description:
      'A remove operation needs a path, and an add or replace without a path needs an object value.',
    scimType: 'noTarget',
  },
  SCIM_USER_NAME_TAKEN: {
    name: 'RESOURCE_CONFLICT',
    description: 'Another user already has this userName (compared without regard to case).',
    scimType: 'uniqueness',
  },
} satisfies Record<string, IssueDefinition>;
