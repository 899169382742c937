import { createElement } from 'react';
import { defineFeature } from '../feature';
import {
  PAYOUT_BATCH_KIND,
  PAYOUT_ITEM_KIND,
  REFERENCED_BATCH_KIND,
  REFERENCED_ITEM_KIND,
} from './payout-model';
import { lazyPage } from '../lazy-page';

const BatchDetailPage = lazyPage(() => import('./batch-detail-page'), 'BatchDetailPage');
const ItemDetailPage = lazyPage(() => import('./item-detail-page'), 'ItemDetailPage');
const PayoutsPage = lazyPage(() => import('./payouts-page'), 'PayoutsPage');
const ReferencedBatchPage = lazyPage(() => import('./referenced-pages'), 'ReferencedBatchPage');
const ReferencedItemPage = lazyPage(() => import('./referenced-pages'), 'ReferencedItemPage');

/**
 * Payouts and referenced payouts: the batches with the create form (item grid, CSV import), each
 * batch's live progress and items, each item's machine and cancel; referenced payouts on a tab beside.
 */
export const payoutsFeature = defineFeature({
  name: 'payouts',
  nav: [{ section: 'Payments', path: 'payouts', label: 'Payouts' }],
  routes: {
    payouts: { list: () => createElement(PayoutsPage, { tab: 'payouts' }), detail: BatchDetailPage },
    'payout-items': { list: () => createElement(PayoutsPage, { tab: 'payouts' }), detail: ItemDetailPage },
    'referenced-payouts': {
      list: () => createElement(PayoutsPage, { tab: 'referenced-payouts' }),
      detail: ReferencedBatchPage,
    },
    'referenced-payout-items': {
      list: () => createElement(PayoutsPage, { tab: 'referenced-payouts' }),
      detail: ReferencedItemPage,
    },
  },
  kinds: {
    [PAYOUT_BATCH_KIND]: 'payouts',
    [PAYOUT_ITEM_KIND]: 'payout-items',
    [REFERENCED_BATCH_KIND]: 'referenced-payouts',
    [REFERENCED_ITEM_KIND]: 'referenced-payout-items',
  },
});
