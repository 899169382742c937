import { CATALOG_PRODUCTS_ENDPOINTS as E } from '../../../../shared/api/catalog-products/endpoints.js';
import { HOUR } from '../../../clock.js';
import { defineRoute, type AnyRoute } from '../../route.js';
import type { CatalogProductsService } from './service.js';

/** A product create's `Svc-Request-Id` is kept as long as a plan's (72 hours): one catalog flow. */
export const PRODUCT_KEY_RETENTION_MS = 72 * HOUR;

export function catalogProductRoutes(products: CatalogProductsService): AnyRoute[] {
  return [
    defineRoute(E.create, {
      partnerFeatures: ['BILLING_AGREEMENT'],
      idempotency: { retentionMs: PRODUCT_KEY_RETENTION_MS },
      prefer: 'representation',
      handle: ({ body, ctx }) => ({ status: 201, resource: products.create(body, ctx) }),
    }),
    defineRoute(E.list, {
      partnerFeatures: ['BILLING_AGREEMENT'],
      handle: ({ query, ctx }) => ({ status: 200, body: products.list(query, ctx) }),
    }),
    defineRoute(E.show, {
      partnerFeatures: ['BILLING_AGREEMENT'],
      handle: ({ params, ctx }) => ({ status: 200, resource: products.get(params.id, ctx) }),
    }),
    defineRoute(E.update, {
      partnerFeatures: ['BILLING_AGREEMENT'],
      handle: ({ params, body, ctx }) => {
        products.update(params.id, body, ctx);
        return { status: 204 };
      },
    }),
  ];
}
