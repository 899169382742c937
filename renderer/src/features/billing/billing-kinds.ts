/** The resource kinds of recurring billing, as the host registers them. */
export const PRODUCT_KIND = 'catalog-product';
export const PLAN_KIND = 'subscription-plan';
export const SUBSCRIPTION_KIND = 'subscription';
/** The deprecated v1 billing API's (the `billing-v1` group). */
export const LEGACY_PLAN_KIND = 'billing-plan-v1';
export const LEGACY_AGREEMENT_KIND = 'billing-agreement-v1';
