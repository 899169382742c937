import type { ApiHarness, Reply } from '../../../test-support/api-harness.js';
import { thirdPartyOperation } from '../../../../shared/api/partner-referrals/third-party-operation.js';

/** Shared pieces of the partner tests: request builders, the referral token, assertions. */

export const V1 = '/v1/customer/partner-referrals';
export const V2 = '/v2/customer/partner-referrals';
export const RETURN_URL = 'https://partner.example.com/onboarded';

export const thirdParty = (features: string[] = ['PAYMENT', 'REFUND', 'PARTNER_FEE']) =>
  thirdPartyOperation(features);

/** A valid v2 referral body; `extra` replaces or adds members. */
export const v2Body = (extra: Record<string, unknown> = {}): Record<string, unknown> => ({
  tracking_id: 'seller-0001',
  email: 'new-seller@example.org',
  operations: [thirdParty()],
  products: ['EXPRESS_CHECKOUT'],
  legal_consents: [{ type: 'SHARE_DATA_CONSENT', granted: true }],
  partner_config_override: { return_url: RETURN_URL },
  ...extra,
});

/** A valid v1 referral body for the partner `partnerId`. */
export const v1Body = (partnerId: string, extra: Record<string, unknown> = {}): Record<string, unknown> => ({
  customer_data: {
    customer_type: 'MERCHANT',
    person_details: { email_address: 'v1-seller@example.org', name: { given_name: 'Vee', surname: 'One' } },
    business_details: { names: [{ type: 'LEGAL', name: 'V One LLC' }] },
    partner_specific_identifiers: [{ type: 'TRACKING_ID', value: 'v1-seller' }],
  },
  requested_capabilities: [
    {
      capability: 'API_INTEGRATION',
      api_integration_preference: {
        partner_id: partnerId,
        classic_api_integration_type: 'THIRD_PARTY',
        classic_third_party_details: { permission_list: ['EXPRESS_CHECKOUT', 'REFUND', 'PARTNER_FEE'] },
      },
    },
  ],
  web_experience_preference: { return_url: RETURN_URL },
  collected_consents: [{ type: 'SHARE_DATA_CONSENT', granted: true }],
  products: ['EXPRESS_CHECKOUT'],
  ...extra,
});

/** The referral token the action URL carries. */
export function tokenOf(reply: Reply): string {
  const action = (reply.body.links as { rel: string; href: string }[]).find((l) => l.rel === 'action_url');
  return new URL(action?.href ?? 'http://x/').searchParams.get('token') ?? '';
}

/** Creates a v2 referral and onboards a new seller through the helper; answers the seller's id. */
export async function onboardedSeller(
  api: ApiHarness,
  email: string,
  features?: string[],
  trackingId = `t-${email}`,
): Promise<string> {
  const created = await api.request('POST', V2, {
    body: v2Body({
      email,
      tracking_id: trackingId,
      ...(features ? { operations: [thirdParty(features)] } : {}),
    }),
  });
  if (created.status !== 201) throw new Error(`referral failed: ${created.text}`);
  const onboard = await api.request(
    'POST',
    `/v1/test-helpers/partner-referrals/${tokenOf(created)}/onboard`,
    {
      body: { email, business_name: `${email} shop` },
    },
  );
  if (onboard.status !== 201) throw new Error(`onboard failed: ${onboard.text}`);
  return onboard.body.merchant_id as string;
}

/** An unsigned JWT (alg none) naming the merchant, as the platform accepts `Svc-Auth-Assertion`. */
export function assertion(claims: Record<string, unknown>): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'none' })}.${part(claims)}.`;
}
