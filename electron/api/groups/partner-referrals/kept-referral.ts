import type { ReferralV1Request } from '../../../../shared/api/partner-referrals/schemas-v1.js';
import type { ReferralV2Request } from '../../../../shared/api/partner-referrals/schemas-v2.js';
import { sensitiveMembers, type LoggedBody } from '../../pipeline/logged-body.js';

/**
 * What a referral may keep of what the partner sent, one rule for the resource and for the request log:
 * without SHARE_DATA_CONSENT nothing about the customer stays (v1: only the partner's own identifiers);
 * with it, the request stays, its bank account numbers only as their last four digits.
 */

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const bankNumbers = sensitiveMembers({ lastFour: ['financial_instruments/banks/*/account_number'] });

/** True when the consents (as sent, any shape) grant SHARE_DATA_CONSENT. */
function grantsSharing(consents: unknown): boolean {
  return (
    Array.isArray(consents) &&
    consents.some((c) => isObject(c) && c.type === 'SHARE_DATA_CONSENT' && c.granted === true)
  );
}

function keptV1Body(request: Json): Json {
  if (grantsSharing(request.collected_consents)) return bankNumbers(request) as Json;
  const { customer_data: data, ...rest } = request;
  if (!isObject(data)) return rest;
  return {
    ...rest,
    customer_data: {
      ...(data.customer_type !== undefined ? { customer_type: data.customer_type } : {}),
      ...(data.partner_specific_identifiers !== undefined
        ? { partner_specific_identifiers: data.partner_specific_identifiers }
        : {}),
    },
  };
}

/** Members of a v2 referral about the customer (dropped without SHARE_DATA_CONSENT). */
const CUSTOMER_MEMBERS_V2 = [
  'individual_owners',
  'business_entity',
  'email',
  'preferred_language_code',
  'financial_instruments',
  'payout_attributes',
  'legal_country_code',
] as const;

function keptV2Body(request: Json): Json {
  if (grantsSharing(request.legal_consents)) return bankNumbers(request) as Json;
  const kept: Json = { ...request };
  for (const member of CUSTOMER_MEMBERS_V2) delete kept[member];
  return kept;
}

/** The v1 request as the referral stores it. */
export const keptV1 = (request: ReferralV1Request): Json => keptV1Body(request as unknown as Json);
/** The v2 request as the referral stores it. */
export const keptV2 = (request: ReferralV2Request): Json => keptV2Body(request as unknown as Json);

/** The request log keeps of a referral what the referral keeps (any body, valid or not). */
export const loggedReferralV1: LoggedBody = (body) => (isObject(body) ? keptV1Body(body) : body);
export const loggedReferralV2: LoggedBody = (body) => (isObject(body) ? keptV2Body(body) : body);
