import { z } from 'zod';
import { PatchRequestSchema, UrlSchema, preferHeader, requestIdHeader } from '../common.js';

/** Catalog products (the platform's Catalog Products API v1). */

export const PRODUCT_LIMITS = {
  name: 127,
  description: 256,
  categoryMin: 4,
  category: 256,
  url: 2000,
  maxPageSize: 20,
  defaultPageSize: 10,
  maxPage: 100_000,
  /** `Svc-Request-Id` length, as the platform's catalog API takes it. */
  requestIdMax: 108,
} as const;

/** A product id: `PROD-` and 17 capital letters and digits (22 characters, what a plan's product_id needs). */
export const PRODUCT_ID_PATTERN = /^PROD-[A-Z0-9]{17}$/;

export const PRODUCT_TYPES = ['PHYSICAL', 'DIGITAL', 'SERVICE'] as const;
export type ProductType = (typeof PRODUCT_TYPES)[number];

/**
 * A product category: the platform knows several hundred (SOFTWARE, CLOTHING, ...); any name of that
 * form is accepted, as the platform's schema does (4..256 capital letters and underscores).
 */
export const ProductCategorySchema = z
  .string()
  .min(PRODUCT_LIMITS.categoryMin)
  .max(PRODUCT_LIMITS.category)
  .regex(/^[A-Z_]+$/, 'Expected a category such as SOFTWARE (capital letters and underscores).');

const productUrl = UrlSchema.pipe(z.string().max(PRODUCT_LIMITS.url));

export const ProductCreateSchema = z.object({
  /** Optional caller-chosen id, in the platform's form. */
  id: z.string().regex(PRODUCT_ID_PATTERN, 'Expected PROD- and 17 capital letters or digits.').optional(),
  name: z.string().min(1).max(PRODUCT_LIMITS.name),
  description: z.string().min(1).max(PRODUCT_LIMITS.description).optional(),
  type: z.enum(PRODUCT_TYPES),
  category: ProductCategorySchema.optional(),
  image_url: productUrl.optional(),
  home_url: productUrl.optional(),
});

export const ProductCreateHeaders = z.object({
  'svc-request-id': requestIdHeader(PRODUCT_LIMITS.requestIdMax),
  prefer: preferHeader,
});

export const ProductParams = z.object({ id: z.string().min(6).max(50) });

const integerIn = (min: number, max: number) =>
  z
    .string()
    .regex(/^\d{1,6}$/, `Expected an integer from ${min} to ${max}.`)
    .refine((v) => Number(v) >= min && Number(v) <= max, `Expected an integer from ${min} to ${max}.`);

export const booleanQuery = z
  .string()
  .regex(/^(true|false)$/i, 'Expected true or false.')
  .optional();

export const ProductListQuery = z.object({
  page_size: integerIn(1, PRODUCT_LIMITS.maxPageSize).optional(),
  page: integerIn(1, PRODUCT_LIMITS.maxPage).optional(),
  total_required: booleanQuery,
});

export const ProductPatchSchema = PatchRequestSchema;

/** The members PATCH may change (the platform's list); `name` and `type` are fixed once created. */
export const PRODUCT_PATCHABLE = ['description', 'category', 'image_url', 'home_url'] as const;

export type ProductCreateRequest = z.infer<typeof ProductCreateSchema>;
export type ProductListQueryInput = z.infer<typeof ProductListQuery>;

/** A product as the API shows it (links added by the host). */
export interface ProductView {
  id: string;
  name: string;
  description?: string;
  type: ProductType;
  category?: string;
  image_url?: string;
  home_url?: string;
  create_time: string;
  update_time: string;
}

export { integerIn };
