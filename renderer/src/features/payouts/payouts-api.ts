import type { ReferencedPayoutItemRequest } from '../../../../shared/api/referenced-payouts';
import type { ApiResponse } from '../../../../shared/bridge';
import { callApi, newRequestId } from '../../api/api-call';
import type { CreatePayoutRequest } from './payout-draft';

/** The payout calls the pages make, through the bridge so they show in the request log. */

export const PAYOUTS_PATH = '/v1/payments/payouts';
export const payoutBatchPath = (id: string) => `${PAYOUTS_PATH}/${encodeURIComponent(id)}`;
export const payoutItemPath = (id: string) => `/v1/payments/payouts-item/${encodeURIComponent(id)}`;
export const REFERENCED_PAYOUTS_PATH = '/v1/payments/referenced-payouts';
export const REFERENCED_ITEMS_PATH = '/v1/payments/referenced-payouts-items';

/** Thirty days of simulated time: how long an unclaimed payout waits before it returns to the sender. */
export const UNCLAIMED_RETURN_SECONDS = 30 * 24 * 3600;

/** `POST /v1/payments/payouts`; `requestId` is one per form, so resending after a 5xx is safe. */
export const createPayoutBatch = (body: CreatePayoutRequest, requestId: string): Promise<ApiResponse> =>
  callApi({ method: 'POST', path: PAYOUTS_PATH, headers: { 'Svc-Request-Id': requestId }, body });

/** `POST /v1/payments/payouts-item/{id}/cancel`: an UNCLAIMED item goes back to the sender. */
export const cancelPayoutItem = (id: string): Promise<ApiResponse> =>
  callApi({ method: 'POST', path: `${payoutItemPath(id)}/cancel`, body: {} });

/** Moves the simulated clock; jobs that fall due (unclaimed returns) run on the way. */
export const advanceClock = (seconds: number): Promise<ApiResponse> =>
  callApi({ method: 'POST', path: '/v1/test-helpers/clock', body: { advance_seconds: seconds } });

/** `POST /v1/payments/referenced-payouts-items`, synchronous unless `async`. */
export const createReferencedItem = (
  body: ReferencedPayoutItemRequest,
  async: boolean,
): Promise<ApiResponse> =>
  callApi({
    method: 'POST',
    path: REFERENCED_ITEMS_PATH,
    headers: { 'Svc-Request-Id': newRequestId(), ...(async ? { Prefer: 'respond-async' } : {}) },
    body,
  });

/** `POST /v1/payments/referenced-payouts`: a batch of referenced items. */
export const createReferencedBatch = (
  items: ReferencedPayoutItemRequest[],
  async: boolean,
  directive?: { destination: string; type: string },
): Promise<ApiResponse> =>
  callApi({
    method: 'POST',
    path: REFERENCED_PAYOUTS_PATH,
    headers: { 'Svc-Request-Id': newRequestId(), ...(async ? { Prefer: 'respond-async' } : {}) },
    body: { referenced_payouts: items, ...(directive ? { payout_directive: directive } : {}) },
  });

/** The sandbox helper that deposits money into the merchant's balance, so batches can be funded. */
export const fundBalance = (amount: { currency: string; value: string }): Promise<ApiResponse> =>
  callApi({ method: 'POST', path: '/v1/test-helpers/payouts/fund', body: { amount } });
