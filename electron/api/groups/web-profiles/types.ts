import { randomString } from '../../../../shared/ids.js';
import type { WebProfile } from '../../../../shared/api/web-profiles/schemas.js';
import type { StoredResource } from '../../../store/repositories/resources-repo.js';

export const WEB_PROFILE_KIND = 'web-profile';

/** What the API never shows: whose profile it is and, for a temporary one, when it vanishes. */
export interface WebProfileInternal {
  /** The merchant the profile belongs to (names are unique per merchant; partners act for merchants). */
  merchant_id: string;
  /** Epoch ms of simulated time at which a temporary profile expires. */
  expires_at?: number;
}

export type StoredWebProfile = StoredResource<WebProfile, WebProfileInternal>;

const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** `XP-8YTH-NNP3-WSVN-3C76`: the platform's v1 profile id form (22 characters). */
export const newWebProfileId = (): string =>
  'XP-' + [0, 1, 2, 3].map(() => randomString(ID_ALPHABET, 4)).join('-');
