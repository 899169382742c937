import { defineFeature } from '../feature';
import { OrdersPage } from './orders-page';
import { lazyPage } from '../lazy-page';

const OrderDetailPage = lazyPage(() => import('./order-detail-page'), 'OrderDetailPage');

/** Orders v2: the list with its create dialog, and each order's page. */
export const ordersFeature = defineFeature({
  name: 'orders',
  nav: [{ section: 'Payments', path: 'orders', label: 'Orders' }],
  routes: { orders: { list: OrdersPage, detail: OrderDetailPage } },
  kinds: { order: 'orders' },
});
