import type { LegacyPaymentDefinition, MoneyV1 } from '../../../../shared/billing/legacy-schedule';
import { callApi } from '../../api/api-call';
import { API_PAGE_SIZE, LEGACY_AGREEMENTS_PATH, LEGACY_PLANS_PATH, type Link } from './billing-api';

/** The deprecated v1 billing calls (spec 4.8), as the pages make them. */

/** One page of v1 billing plans of every state; `page` is zero-indexed, as v1 lists are. */
export const listLegacyPlans = async (page: number) =>
  (
    await callApi({
      method: 'GET',
      path: `${LEGACY_PLANS_PATH}?page=${page}&page_size=${API_PAGE_SIZE}&status=ALL&total_required=yes`,
    })
  ).body as LegacyPlanList;

export const showLegacyPlan = async (id: string) =>
  (await callApi({ method: 'GET', path: `${LEGACY_PLANS_PATH}/${encodeURIComponent(id)}` }))
    .body as LegacyPlanV1;

/** `PATCH` replace `/` with `{"state": ...}`: how v1 activates (or deactivates) a plan (200, no body). */
export const setLegacyPlanState = (id: string, state: 'ACTIVE' | 'INACTIVE') =>
  callApi({
    method: 'PATCH',
    path: `${LEGACY_PLANS_PATH}/${encodeURIComponent(id)}`,
    body: [{ op: 'replace', path: '/', value: { state } }],
  });

export const showLegacyAgreement = async (id: string) =>
  (await callApi({ method: 'GET', path: `${LEGACY_AGREEMENTS_PATH}/${encodeURIComponent(id)}` }))
    .body as LegacyAgreementV1;

export interface LegacyPlanV1 {
  id: string;
  name?: string;
  description?: string;
  type?: string;
  state?: string;
  payment_definitions?: (LegacyPaymentDefinition & { id?: string; name?: string })[];
  merchant_preferences?: {
    setup_fee?: MoneyV1;
    max_fail_attempts?: string;
    return_url?: string;
    cancel_url?: string;
    auto_bill_amount?: string;
    initial_fail_amount_action?: string;
  };
  create_time?: string;
  update_time?: string;
  links?: Link[];
}

export interface LegacyPlanList {
  plans?: LegacyPlanV1[];
  total_items?: string | number;
  total_pages?: string | number;
  links?: Link[];
}

export interface LegacyAgreementV1 {
  id: string;
  state?: string;
  name?: string;
  description?: string;
  start_date?: string;
  payer?: {
    payer_info?: { email?: string; first_name?: string; last_name?: string };
    payment_method?: string;
  };
  plan?: LegacyPlanV1;
  agreement_details?: {
    outstanding_balance?: MoneyV1;
    cycles_remaining?: string;
    cycles_completed?: string;
    next_billing_date?: string;
    last_payment_date?: string;
    last_payment_amount?: MoneyV1;
    final_payment_date?: string;
    failed_payment_count?: string;
  };
  links?: Link[];
}

/**
 * Follows the agreement's `execute` link (`POST .../{token}/agreement-execute`, the token the approval
 * redirect carries): after the buyer approved, the agreement becomes Active.
 */
export const executeLegacyAgreement = async (href: string) =>
  (await callApi({ method: 'POST', path: new URL(href).pathname, body: {} })).body as LegacyAgreementV1;
