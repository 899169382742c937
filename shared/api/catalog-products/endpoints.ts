import { SCOPES } from '../../scopes.js';
import { defineEndpoint } from '../endpoint.js';
import {
  ProductCreateHeaders,
  ProductCreateSchema,
  ProductListQuery,
  ProductParams,
  ProductPatchSchema,
} from './schemas.js';

const TAG = 'Catalog products';

/** Catalog products: create, list, show and update. */
export const CATALOG_PRODUCTS_ENDPOINTS = {
  create: defineEndpoint({
    method: 'POST',
    path: '/v1/catalogs/products',
    operationId: 'products.create',
    summary: 'Create product (id PROD- and 17 characters)',
    tag: TAG,
    scope: SCOPES.catalog,
    headers: ProductCreateHeaders,
    body: ProductCreateSchema,
    responses: { 201: 'The product', 200: 'Idempotent repeat (Svc-Request-Id)', 400: 'A validation failure' },
    example: {
      name: 'Video Streaming Service',
      description: 'A video streaming service',
      type: 'SERVICE',
      category: 'SOFTWARE',
      image_url: 'https://example.com/streaming.jpg',
      home_url: 'https://example.com/home',
    },
  }),
  list: defineEndpoint({
    method: 'GET',
    path: '/v1/catalogs/products',
    operationId: 'products.list',
    summary: 'List products (page_size 1..20, page 1..100000, total_required)',
    tag: TAG,
    scope: SCOPES.catalog,
    query: ProductListQuery,
    responses: { 200: '`products`, `total_items`/`total_pages` when asked, and page links' },
  }),
  show: defineEndpoint({
    method: 'GET',
    path: '/v1/catalogs/products/:id',
    operationId: 'products.get',
    summary: 'Show product details',
    tag: TAG,
    scope: SCOPES.catalog,
    params: ProductParams,
    responses: { 200: 'The product', 404: 'No such product' },
  }),
  update: defineEndpoint({
    method: 'PATCH',
    path: '/v1/catalogs/products/:id',
    operationId: 'products.patch',
    summary: 'Update product (description, category, image_url, home_url)',
    tag: TAG,
    scope: SCOPES.catalog,
    params: ProductParams,
    body: ProductPatchSchema,
    responses: { 204: 'Updated', 404: 'No such product', 422: 'A path that cannot be changed' },
    example: [{ op: 'replace', path: '/description', value: 'Premium video streaming service' }],
  }),
};
