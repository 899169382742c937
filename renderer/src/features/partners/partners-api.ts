import type { ApiResponse } from '../../../../shared/bridge';
import { ApiCallError, callApi, newRequestId } from '../../api/api-call';

/** The calls of the partner demo, through the bridge so each shows in the request log. */

export const REFERRALS_V2 = '/v2/customer/partner-referrals';
/** The attribution code the demo's calls carry (`Svc-Partner-Attribution-Id`). */
export const DEMO_ATTRIBUTION_ID = 'WORKBENCH_PARTNER_DEMO';

export interface ReferralLinks {
  token: string;
  selfPath: string;
  actionUrl: string;
}

/** `POST /v2/customer/partner-referrals`: answers its links, the action URL carrying the token. */
export async function createReferral(body: Record<string, unknown>): Promise<ReferralLinks> {
  const response = await callApi({ method: 'POST', path: REFERRALS_V2, body });
  const links = (response.body as { links: { rel: string; href: string }[] }).links;
  const self = links.find((l) => l.rel === 'self')?.href ?? '';
  const action = links.find((l) => l.rel === 'action_url')?.href ?? '';
  return {
    token: new URL(action).searchParams.get('token') ?? '',
    selfPath: new URL(self).pathname,
    actionUrl: action,
  };
}

/** The referral data (its `submitter_payer_id` is the partner's id). */
export async function readReferral(
  selfPath: string,
): Promise<{ submitter_payer_id: string; referral_data: Record<string, unknown> }> {
  const response = await callApi({ method: 'GET', path: selfPath });
  return response.body as { submitter_payer_id: string; referral_data: Record<string, unknown> };
}

const integrations = (partnerId: string) =>
  `/v1/customer/partners/${encodeURIComponent(partnerId)}/merchant-integrations`;

/** The seller onboarded with `trackingId`, or null while nobody has (the API answers 404 until then). */
export async function findSeller(partnerId: string, trackingId: string): Promise<string | null> {
  try {
    const response = await callApi({
      method: 'GET',
      path: `${integrations(partnerId)}?tracking_id=${encodeURIComponent(trackingId)}`,
    });
    return (response.body as { merchant_id: string }).merchant_id;
  } catch (error) {
    if (error instanceof ApiCallError && error.status === 404) return null;
    throw error;
  }
}

/** The wait before asking again for the seller, after `asked` answers: 2 s, doubling, at most 30 s. */
export const sellerPollDelay = (asked: number): number =>
  Math.min(30_000, 2_000 * 2 ** Math.max(0, asked - 1));

export interface SellerStatus {
  merchant_id: string;
  tracking_id: string;
  primary_email: string;
  legal_name: string;
  payments_receivable: boolean;
  primary_email_confirmed: boolean;
  products: { name: string }[];
  capabilities: { name: string }[];
  granted_permissions: string[];
}

export async function sellerStatus(partnerId: string, merchantId: string): Promise<SellerStatus> {
  const response = await callApi({
    method: 'GET',
    path: `${integrations(partnerId)}/${encodeURIComponent(merchantId)}`,
  });
  return response.body as SellerStatus;
}

/** An unsigned JWT (alg none) naming the seller: how the platform accepts `Svc-Auth-Assertion`. */
export function authAssertion(merchantId: string): string {
  const part = (value: object) =>
    btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  return `${part({ alg: 'none' })}.${part({ payer_id: merchantId })}.`;
}

export interface DemoPayment {
  orderId: string;
  captureId: string;
  breakdown: Record<string, unknown>;
}

/**
 * A payment taken as the seller: the order (with the partner fee) is created with the seller's assertion,
 * the sandbox buyer approves it, and the partner captures it, again as the seller.
 */
export async function takePaymentAsSeller(
  merchantId: string,
  amount: string,
  fee: string,
): Promise<DemoPayment> {
  const acting = {
    'Svc-Auth-Assertion': authAssertion(merchantId),
    'Svc-Partner-Attribution-Id': DEMO_ATTRIBUTION_ID,
  };
  const created: ApiResponse = await callApi({
    method: 'POST',
    path: '/v2/checkout/orders',
    headers: { ...acting, 'Svc-Request-Id': newRequestId() },
    body: {
      intent: 'CAPTURE',
      purchase_units: [
        {
          description: 'Partner demo payment',
          amount: { currency_code: 'USD', value: amount },
          payment_instruction: { platform_fees: [{ amount: { currency_code: 'USD', value: fee } }] },
        },
      ],
    },
  });
  const orderId = (created.body as { id: string }).id;
  await callApi({ method: 'POST', path: `/v1/test-helpers/checkout/orders/${orderId}/approve`, body: {} });
  const captured = await callApi({
    method: 'POST',
    path: `/v2/checkout/orders/${orderId}/capture`,
    headers: { ...acting, 'Svc-Request-Id': newRequestId() },
    body: {},
  });
  const capture = (
    captured.body as {
      purchase_units: {
        payments: { captures: { id: string; seller_receivable_breakdown: Record<string, unknown> }[] };
      }[];
    }
  ).purchase_units[0]?.payments.captures[0];
  return { orderId, captureId: capture?.id ?? '', breakdown: capture?.seller_receivable_breakdown ?? {} };
}

/** The seller revokes its consent (as it would in its account). */
export const revokeConsent = (merchantId: string): Promise<ApiResponse> =>
  callApi({
    method: 'POST',
    path: `/v1/test-helpers/merchant-integrations/${encodeURIComponent(merchantId)}/revoke`,
  });
