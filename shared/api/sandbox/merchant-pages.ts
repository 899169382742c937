/**
 * The sandbox's stand-in for a merchant's own site: where a flow started from the workbench sends the
 * buyer back (approved or cancelled) when the developer has no site of their own running. Each page
 * shows what the platform handed back in the query (token, subscription_id, ba_token, PayerID ...).
 */
export const MERCHANT_RETURN_PATH = '/sandbox/merchant/return';
export const MERCHANT_CANCEL_PATH = '/sandbox/merchant/cancel';
