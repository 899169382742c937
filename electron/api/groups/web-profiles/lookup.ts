import type { WebProfile } from '../../../../shared/api/web-profiles/schemas.js';
import type { ApiDeps } from '../../deps.js';
import { WEB_PROFILE_KIND, type StoredWebProfile, type WebProfileInternal } from './types.js';
import { webProfileView } from './views.js';

/** A stored profile is usable while ACTIVE and, if temporary, before its three hours are up. */
export function isUsable(profile: StoredWebProfile, now: number): boolean {
  if (profile.status !== 'ACTIVE') return false;
  return profile.internal.expires_at === undefined || profile.internal.expires_at > now;
}

/** The stored profile `id` of `merchantId`, while it is usable. */
export function findWebProfile(
  deps: Pick<ApiDeps, 'store' | 'clock'>,
  merchantId: string,
  id: string,
): StoredWebProfile | undefined {
  const profile = deps.store.resources.get<WebProfile, WebProfileInternal>(WEB_PROFILE_KIND, id);
  if (!profile || profile.internal.merchant_id !== merchantId) return undefined;
  return isUsable(profile, deps.clock.now()) ? profile : undefined;
}

/**
 * The profile a payment names as its `experience_profile_id` (Payments v1), as the API shows it:
 * `name`, `temporary`, `presentation` (`brand_name`, `logo_image`, `locale_code`), `input_fields`
 * (`no_shipping`, `address_override`, `allow_note`) and `flow_config` (`landing_page_type`,
 * `user_action`, `bank_txn_pending_url`). Undefined when no usable profile of that merchant has the
 * id: never created, another merchant's, deleted, or a temporary one past its three hours.
 *
 * `merchantId` is the calling merchant (`ctx.merchant.id`); a buyer page, which has no caller, passes
 * the merchant of the payment it shows. The signature is stable: Payments v1 depends on it.
 */
export function lookupWebProfile(
  deps: Pick<ApiDeps, 'store' | 'clock'>,
  merchantId: string,
  profileId: string,
): WebProfile | undefined {
  const profile = findWebProfile(deps, merchantId, profileId);
  return profile ? webProfileView(profile) : undefined;
}
