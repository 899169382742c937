import {
  catalogProductMachine,
  PRODUCT_LIMITS,
  PRODUCT_PATCHABLE,
  ProductCreateSchema,
  type ProductCreateRequest,
  type ProductListQueryInput,
} from '../../../../shared/api/catalog-products/index.js';
import { randomString } from '../../../../shared/ids.js';
import type { PatchOperation } from '../../../../shared/json-patch.js';
import type { ApiDeps } from '../../deps.js';
import { detail, notFound, unprocessable } from '../../pipeline/api-error.js';
import { pagedBody, pageOffset, readPage } from '../../pipeline/paging.js';
import { restrictedPatch } from '../../pipeline/restricted-patch.js';
import type { RequestContext } from '../../route.js';
import { createResource, transition } from '../../transition.js';
import type { StoredProduct } from './types.js';
import { PRODUCTS_PATH, productListEntry } from './views.js';
import { resourceEnvelope } from '../../../store/stored-resource.js';

const KIND = 'catalog-product';
const newProductId = (): string => 'PROD-' + randomString('ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789', 17);

/** Catalog products: create, list, show, update. Products belong to the app that made them. */
export class CatalogProductsService {
  constructor(private readonly deps: ApiDeps) {}

  create(request: ProductCreateRequest, ctx: RequestContext): StoredProduct {
    const id = request.id ?? newProductId();
    if (request.id !== undefined && this.deps.store.resources.get(KIND, id)) {
      throw unprocessable(
        detail('DUPLICATE_RESOURCE_IDENTIFIER', { field: '/id', value: id, location: 'body' }),
      );
    }
    const now = this.deps.clock.nowIso();
    const product: StoredProduct = {
      ...resourceEnvelope({ kind: KIND, id, app: ctx.app.id, status: 'CREATED', at: now }),
      body: {
        id,
        name: request.name,
        ...(request.description !== undefined ? { description: request.description } : {}),
        type: request.type,
        ...(request.category !== undefined ? { category: request.category } : {}),
        ...(request.image_url !== undefined ? { image_url: request.image_url } : {}),
        ...(request.home_url !== undefined ? { home_url: request.home_url } : {}),
        create_time: now,
        update_time: now,
      },
      internal: { merchant_id: ctx.merchant.id },
    };
    createResource(this.deps, catalogProductMachine, product, 'create');
    return product;
  }

  get(id: string, ctx: RequestContext): StoredProduct {
    const product = this.deps.store.resources.owned<StoredProduct>(KIND, id, ctx.app.id);
    if (!product) throw notFound('product', id);
    return product;
  }

  /** A product by id alone (plans check the product of their own app through `get`). */
  find(id: string): StoredProduct | undefined {
    return this.deps.store.resources.get<StoredProduct['body'], StoredProduct['internal']>(KIND, id);
  }

  list(query: ProductListQueryInput, ctx: RequestContext): Record<string, unknown> {
    const request = readPage(query, { defaultPageSize: PRODUCT_LIMITS.defaultPageSize });
    const { items, total } = this.ownList(ctx, request.pageSize, pageOffset(request));
    return pagedBody(
      'products',
      items.map((product) => productListEntry(product, ctx.baseUrl)),
      total,
      request,
      { baseUrl: ctx.baseUrl, path: PRODUCTS_PATH, params: {} },
    );
  }

  update(id: string, operations: PatchOperation[], ctx: RequestContext): void {
    const product = this.get(id, ctx);
    const patched = restrictedPatch(
      product.body,
      operations,
      PRODUCT_PATCHABLE.map((p) => `/${p}`),
      ProductCreateSchema,
    );
    product.body = { ...patched, id: product.id, name: product.body.name, type: product.body.type };
    transition(this.deps, catalogProductMachine, product, 'update', { note: 'PATCH' });
  }

  /** The app's products, newest first (the resources table keeps every app's; filter by owner). */
  private ownList(
    ctx: RequestContext,
    limit: number,
    offset: number,
  ): { items: StoredProduct[]; total: number } {
    return this.deps.store.resources.page<StoredProduct>({ kind: KIND, app: ctx.app.id }, limit, offset);
  }
}
