import { randomString } from '../../../../shared/ids.js';
import { isoSeconds } from '../../../clock.js';
import type { EventDraft, EventTypeDefinition } from '../../../webhooks/catalog.js';
import type { EventContribution } from '../../group-module.js';
import { link } from '../../pipeline/links.js';
import type { ResourceTransition } from '../../transition-bus.js';
import type { StoredProduct } from './types.js';
import { PRODUCTS_PATH, productLinks, productView } from './views.js';

export const PRODUCT_CREATED = 'CATALOG.PRODUCT.CREATED';
export const PRODUCT_UPDATED = 'CATALOG.PRODUCT.UPDATED';

const productType = (name: string, description: string): EventTypeDefinition => ({
  name,
  description,
  resourceType: 'product',
  resourceVersions: ['2.0'],
  summary: (r) => `${description} (${String(r.id ?? '')})`,
  sample: (_v, context) => {
    const id = 'PROD-' + randomString('ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789', 17);
    const at = isoSeconds(context.now);
    return {
      id,
      name: 'Video Streaming Service',
      description: 'A video streaming service',
      type: 'SERVICE',
      category: 'SOFTWARE',
      create_time: at,
      update_time: at,
      links: [link(context.baseUrl, `${PRODUCTS_PATH}/${id}`, 'self')],
    };
  },
});

function productEvents(transition: ResourceTransition, baseUrl: string): EventDraft[] {
  const { resource, trigger } = transition;
  if (resource.kind !== 'catalog-product' || !resource.app_id) return [];
  const product = resource as StoredProduct;
  const eventType =
    trigger === 'create' ? PRODUCT_CREATED : trigger === 'update' ? PRODUCT_UPDATED : undefined;
  if (!eventType) return [];
  return [
    {
      eventType,
      resource: { ...productView(product), links: productLinks(product, baseUrl) },
      resourceId: product.id,
      appId: product.app_id ?? '',
    },
  ];
}

/** Catalog product events: created and updated. */
export const PRODUCT_EVENTS: EventContribution = {
  types: [
    productType(PRODUCT_CREATED, 'A product was created.'),
    productType(PRODUCT_UPDATED, 'A product was updated.'),
  ],
  map: productEvents,
};
