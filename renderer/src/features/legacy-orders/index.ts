import { defineFeature } from '../feature';
import { ORDERS_V1_PATH } from './order-v1-model';
import { lazyPage } from '../lazy-page';

const LegacyOrderDetailPage = lazyPage(() => import('./legacy-order-detail-page'), 'LegacyOrderDetailPage');
const LegacyOrdersPage = lazyPage(() => import('./legacy-orders-page'), 'LegacyOrdersPage');

/** Orders v1 (deprecated): the list with its create dialog, and each order's page, in the Legacy section. */
export const legacyOrdersFeature = defineFeature({
  name: 'legacy-orders',
  nav: [{ section: 'Legacy', path: 'legacy-orders', label: 'Orders v1', apiPrefix: ORDERS_V1_PATH }],
  routes: { 'legacy-orders': { list: LegacyOrdersPage, detail: LegacyOrderDetailPage } },
  kinds: { 'order-v1': 'legacy-orders' },
});
