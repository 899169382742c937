import { SCIM_PATCH_SCHEMA, type ScimUserInput } from '../../../../shared/api/identity';
import type { ApiResponse } from '../../../../shared/bridge';
import { callApi } from '../../api/api-call';

/** The identity calls the pages make, through the bridge so they show in the request log. */

export const USERS_PATH = '/v2/scim/Users';
export const USERINFO_PATH = '/v1/identity/openidconnect/userinfo?schema=openid';
export const userPath = (id: string) => `${USERS_PATH}/${encodeURIComponent(id)}`;

/**
 * SCIM's own media type, both ways (the API takes and answers plain JSON too). Lower-case names: the
 * host fills in `content-type` and `accept` only where the call has none.
 */
const SCIM_HEADERS = { 'content-type': 'application/scim+json', accept: 'application/scim+json' };

/** A user as SCIM shows it. */
export interface ScimUserView {
  id: string;
  userName: string;
  externalId?: string;
  name?: { givenName?: string; familyName?: string };
  emails?: { value: string; primary?: boolean; type?: string }[];
  phoneNumbers?: { value: string; type?: string }[];
  entitlements?: { value: string }[];
  preferredLanguage?: string;
  timezone?: string;
  active: boolean;
  meta: { created: string; lastModified: string; location: string };
}

export interface ScimListView {
  totalResults: number;
  itemsPerPage: number;
  startIndex: number;
  Resources: ScimUserView[];
}

/** `GET /v2/scim/Users`: a page (`startIndex` from 1), or the users whose userName matches. */
export async function listUsers(query: {
  userName: string;
  startIndex: number;
  count: number;
}): Promise<ScimListView> {
  const params = new URLSearchParams({ startIndex: String(query.startIndex), count: String(query.count) });
  if (query.userName.trim()) params.set('filter', `userName eq ${JSON.stringify(query.userName.trim())}`);
  const reply = await callApi({
    method: 'GET',
    path: `${USERS_PATH}?${params}`,
    headers: { accept: SCIM_HEADERS.accept },
  });
  return reply.body as ScimListView;
}

export const createUser = (body: ScimUserInput): Promise<ApiResponse> =>
  callApi({ method: 'POST', path: USERS_PATH, headers: SCIM_HEADERS, body });

export const setActive = (id: string, active: boolean): Promise<ApiResponse> =>
  callApi({
    method: 'PATCH',
    path: userPath(id),
    headers: SCIM_HEADERS,
    body: { schemas: [SCIM_PATCH_SCHEMA], Operations: [{ op: 'replace', path: 'active', value: active }] },
  });

export const deleteUser = (id: string): Promise<ApiResponse> =>
  callApi({ method: 'DELETE', path: userPath(id), headers: { accept: SCIM_HEADERS.accept } });

export const readUserinfo = async (): Promise<Record<string, unknown>> =>
  (await callApi({ method: 'GET', path: USERINFO_PATH })).body as Record<string, unknown>;
