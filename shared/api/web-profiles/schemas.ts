import { z } from 'zod';
import { PatchRequestSchema, UrlSchema } from '../common.js';

/** Web experience profiles (spec 2.17, 4.12): request schemas and the profile's shape. */

/** `XP-XXXX-XXXX-XXXX-XXXX`: the 22-character form the platform's v1 profile ids have. */
export const WEB_PROFILE_ID_PATTERN = /^XP-[A-Z0-9]{4}(-[A-Z0-9]{4}){3}$/;

/** Spec part 8: `name` 1..50 characters. */
export const WEB_PROFILE_NAME_MAX = 50;

/** A URL of at most 127 characters (the platform's limit for the logo and the pending-payment page). */
const ShortUrlSchema = UrlSchema.refine((url) => url.length <= 127, 'At most 127 characters.');

/**
 * `flow_config`: the landing page (`Login` for the wallet log-in page, `Billing` for the guest card
 * form), the page a pending bank transfer returns to, and Pay Now (`commit`) versus Continue.
 * The platform took both enumerations in any letter case.
 */
export const FlowConfigSchema = z.object({
  landing_page_type: z
    .string()
    .regex(/^(login|billing)$/i, 'Expected Login or Billing.')
    .optional(),
  bank_txn_pending_url: ShortUrlSchema.optional(),
  user_action: z
    .string()
    .regex(/^(commit|continue)$/i, 'Expected commit or continue.')
    .optional(),
  return_uri_http_method: z.enum(['GET', 'POST']).optional(),
});

/**
 * `input_fields`: `no_shipping` 0 (show the shipping address), 1 (no shipping address: digital goods)
 * or 2 (take it from the buyer's account); `address_override` 0 (the address on file) or 1 (the
 * address the payment gives, not editable); `allow_note` lets the buyer write a note to the merchant.
 */
export const InputFieldsSchema = z.object({
  allow_note: z.boolean().optional(),
  no_shipping: z.number().int().min(0).max(2).optional(),
  address_override: z.number().int().min(0).max(1).optional(),
});

/** `presentation`: what the buyer page shows instead of the merchant's own name and look. */
export const PresentationSchema = z.object({
  brand_name: z.string().min(1).max(127).optional(),
  logo_image: ShortUrlSchema.optional(),
  locale_code: z
    .string()
    .regex(/^[A-Za-z]{2}([_-][A-Za-z]{2})?$/, 'Expected a country code such as US or a locale such as da_DK.')
    .optional(),
  return_url_label: z.string().min(1).max(60).optional(),
  note_to_seller_label: z.string().min(1).max(60).optional(),
});

/** The body of create and PUT (spec 2.17): `name` required; PUT replaces every other parameter. */
export const WebProfileSchema = z.object({
  name: z.string().min(1).max(WEB_PROFILE_NAME_MAX),
  temporary: z.boolean().optional(),
  flow_config: FlowConfigSchema.optional(),
  input_fields: InputFieldsSchema.optional(),
  presentation: PresentationSchema.optional(),
});

export const WebProfileIdParams = z.object({
  id: z.string().regex(WEB_PROFILE_ID_PATTERN, 'Expected a profile id such as XP-8YTH-NNP3-WSVN-3C76.'),
});

/** Spec 4.12: create requires `Svc-Request-Id` (a repeat within 3 hours answers the same profile). */
export const WebProfileCreateHeaders = z.object({ 'svc-request-id': z.string().min(1).max(108) });

export const WebProfilePatchSchema = PatchRequestSchema;

export type WebProfileInput = z.infer<typeof WebProfileSchema>;
export type FlowConfig = z.infer<typeof FlowConfigSchema>;
export type InputFields = z.infer<typeof InputFieldsSchema>;
export type Presentation = z.infer<typeof PresentationSchema>;

/** A profile as the API shows it: the request's parameters and its id. */
export interface WebProfile extends WebProfileInput {
  id: string;
}
