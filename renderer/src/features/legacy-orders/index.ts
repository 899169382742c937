import { defineFeature } from '../feature';
import { LegacyOrderDetailPage } from './legacy-order-detail-page';
import { LegacyOrdersPage } from './legacy-orders-page';
import { ORDERS_V1_PATH } from './order-v1-model';

/** Orders v1 (deprecated): the list with its create dialog, and each order's page, in the Legacy section. */
export const legacyOrdersFeature = defineFeature({
  name: 'legacy-orders',
  nav: [{ section: 'Legacy', path: 'legacy-orders', label: 'Orders v1', apiPrefix: ORDERS_V1_PATH }],
  routes: { 'legacy-orders': { list: LegacyOrdersPage, detail: LegacyOrderDetailPage } },
  kinds: { 'order-v1': 'legacy-orders' },
});
