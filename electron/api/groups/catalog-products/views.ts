import { catalogProductMachine } from '../../../../shared/api/catalog-products/machines.js';
import { defineResourceKind } from '../../group-module.js';
import { link, type Link } from '../../pipeline/links.js';
import type { StoredProduct } from './types.js';

export const PRODUCTS_PATH = '/v1/catalogs/products';

export const productView = (product: StoredProduct): Record<string, unknown> => ({ ...product.body });

/** A product's links: itself, and `edit` (PATCH), as the platform's. */
export const productLinks = (product: StoredProduct, base: string): Link[] => [
  link(base, `${PRODUCTS_PATH}/${product.id}`, 'self'),
  link(base, `${PRODUCTS_PATH}/${product.id}`, 'edit', 'PATCH'),
];

/** A list entry: id, name, description, create time and its self link. */
export const productListEntry = (product: StoredProduct, base: string): Record<string, unknown> => ({
  id: product.id,
  name: product.body.name,
  ...(product.body.description !== undefined ? { description: product.body.description } : {}),
  create_time: product.body.create_time,
  links: [link(base, `${PRODUCTS_PATH}/${product.id}`, 'self')],
});

export const PRODUCT_RESOURCE_KINDS = [
  defineResourceKind<StoredProduct>({
    kind: 'catalog-product',
    machine: catalogProductMachine,
    view: productView,
    links: productLinks,
    summary: () => ({}),
    rootKind: 'catalog-product',
  }),
];
