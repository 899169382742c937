import { defineFeature } from '../feature';
import { OrderDetailPage } from './order-detail-page';
import { OrdersPage } from './orders-page';

/** Orders v2: the list with its create dialog, and each order's page. */
export const ordersFeature = defineFeature({
  name: 'orders',
  nav: [{ section: 'Payments', path: 'orders', label: 'Orders' }],
  routes: { orders: { list: OrdersPage, detail: OrderDetailPage } },
  kinds: { order: 'orders' },
});
