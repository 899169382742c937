import type { WebProfile } from '../../../../shared/api/web-profiles/schemas.js';
import { link, type Link } from '../../pipeline/links.js';
import type { StoredWebProfile } from './types.js';

export const webProfilePath = (id: string): string => `/v1/payment-experience/web-profiles/${id}`;

/** The profile as the API shows it: id, name, temporary and the parameters it was given, in that order. */
export function webProfileView(profile: StoredWebProfile): WebProfile {
  const body = profile.body;
  return {
    id: body.id,
    name: body.name,
    temporary: body.temporary ?? false,
    ...(body.flow_config ? { flow_config: body.flow_config } : {}),
    ...(body.input_fields ? { input_fields: body.input_fields } : {}),
    ...(body.presentation ? { presentation: body.presentation } : {}),
  };
}

/** An active profile can be read, replaced, patched and deleted; a gone one has no operations left. */
export function webProfileLinks(profile: StoredWebProfile, base: string): Link[] {
  if (profile.status !== 'ACTIVE') return [];
  const path = webProfilePath(profile.id);
  return [
    link(base, path, 'self'),
    link(base, path, 'replace', 'PUT'),
    link(base, path, 'update', 'PATCH'),
    link(base, path, 'delete', 'DELETE'),
  ];
}
