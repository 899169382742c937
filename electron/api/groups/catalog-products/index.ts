import { catalogProductsShared } from '../../../../shared/api/catalog-products/index.js';
import type { GroupDeps } from '../../group-deps.js';
import type { GroupModule } from '../../group-module.js';
import { PRODUCT_EVENTS } from './events.js';
import { catalogProductRoutes } from './routes.js';
import { CatalogProductsService } from './service.js';
import { PRODUCT_RESOURCE_KINDS } from './views.js';

export type { CatalogProductsService } from './service.js';
export type { StoredProduct } from './types.js';
export { PRODUCT_CREATED, PRODUCT_UPDATED } from './events.js';

/** Catalog products: what plans are made for. */
export function defineCatalogProducts(deps: GroupDeps): GroupModule & { api: CatalogProductsService } {
  const products = new CatalogProductsService(deps);
  return {
    name: 'catalog-products',
    shared: catalogProductsShared,
    api: products,
    routes: catalogProductRoutes(products),
    resourceKinds: PRODUCT_RESOURCE_KINDS,
    events: PRODUCT_EVENTS,
  };
}
