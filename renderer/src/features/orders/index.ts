import { defineFeature } from '../feature';
import { OrdersPage } from './orders-page';
import { lazyPage } from '../lazy-page';
import { prefetchResourceList } from '../../components/use-resource-list';

const OrderDetailPage = lazyPage(() => import('./order-detail-page'), 'OrderDetailPage');

// What other features use of Orders v2: the vault opens the create dialog with a token as the source;
// a capture's page lists its shipment trackers. Each loads with the page that shows it, not at start.
export const CaptureTrackers = lazyPage(() => import('./capture-trackers'), 'CaptureTrackers');
export const CreateOrderDialog = lazyPage(() => import('./create-order-dialog'), 'CreateOrderDialog');
export { draftForToken, type OrderDraft } from './order-form-model';

/** Orders v2: the list with its create dialog, and each order's page. */
export const ordersFeature = defineFeature({
  name: 'orders',
  nav: [{ section: 'Payments', path: 'orders', label: 'Orders' }],
  routes: {
    orders: {
      list: OrdersPage,
      detail: OrderDetailPage,
      prefetch: (queryClient) => prefetchResourceList(queryClient, 'order'),
    },
  },
  kinds: { order: 'orders' },
});
