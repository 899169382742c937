import { SCOPES } from '../../scopes.js';
import { defineSharedGroup } from '../shared-group.js';
import { CATALOG_PRODUCTS_ENDPOINTS } from './endpoints.js';
import { CATALOG_PRODUCTS_ISSUES } from './issues.js';
import { catalogProductMachine } from './machines.js';

export * from './schemas.js';
export * from './machines.js';
export * from './issues.js';
export * from './endpoints.js';

/** Catalog products: what both sides know of them. */
export const catalogProductsShared = defineSharedGroup({
  name: 'catalog-products',
  issues: CATALOG_PRODUCTS_ISSUES,
  machines: { 'catalog-product': catalogProductMachine },
  endpoints: Object.values(CATALOG_PRODUCTS_ENDPOINTS),
  scopes: [SCOPES.catalog],
});
