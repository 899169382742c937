import type { WebProfile } from '../../../../shared/api/web-profiles/schemas';
import { callApi } from '../../api/api-call';

/** The web profile calls of the page (through the bridge, so they show in the request log). */

export const PROFILES_PATH = '/v1/payment-experience/web-profiles';
export const profilePath = (id: string) => `${PROFILES_PATH}/${encodeURIComponent(id)}`;

/** What `GET /v1/payment-experience/web-profiles` answers: the merchant's latest 20 profiles. */
export async function listProfiles(): Promise<WebProfile[]> {
  const response = await callApi({ method: 'GET', path: PROFILES_PATH });
  return Array.isArray(response.body) ? (response.body as WebProfile[]) : [];
}
