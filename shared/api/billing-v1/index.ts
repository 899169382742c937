import { SCOPES } from '../../scopes.js';
import { defineSharedGroup } from '../shared-group.js';
import { BILLING_V1_ENDPOINTS } from './endpoints.js';
import { BILLING_V1_ISSUES } from './issues.js';
import { billingAgreementV1Machine, billingPlanV1Machine } from './machines.js';

export * from './schemas.js';
export * from './machines.js';
export * from './issues.js';
export * from './endpoints.js';

/** Billing plans and agreements v1 (deprecated): what both sides know of them. */
export const billingV1Shared = defineSharedGroup({
  name: 'billing-v1',
  issues: BILLING_V1_ISSUES,
  machines: { 'billing-plan-v1': billingPlanV1Machine, 'billing-agreement-v1': billingAgreementV1Machine },
  endpoints: Object.values(BILLING_V1_ENDPOINTS),
  scopes: [SCOPES.billingAgreements],
});
