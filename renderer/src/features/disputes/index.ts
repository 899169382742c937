import { defineFeature } from '../feature';
import { DISPUTE_KIND } from './dispute-model';
import { lazyPage } from '../lazy-page';

const DisputeDetailPage = lazyPage(() => import('./dispute-detail-page'), 'DisputeDetailPage');
const DisputesPage = lazyPage(() => import('./disputes-page'), 'DisputesPage');

// Loads with the page that shows it (a capture, a sale, the transaction view), not at start.
export const OpenDisputeButton = lazyPage(() => import('./open-dispute-dialog'), 'OpenDisputeButton');

/**
 * Customer disputes: the queue of open disputes by due date, each dispute's machine with its actions,
 * messages, offers and evidence (documents uploaded from the page), and the clock to its due date.
 */
export const disputesFeature = defineFeature({
  name: 'disputes',
  nav: [{ section: 'Payments', path: 'disputes', label: 'Disputes', apiPrefix: '/v1/customer/disputes' }],
  routes: { disputes: { list: DisputesPage, detail: DisputeDetailPage } },
  kinds: { [DISPUTE_KIND]: 'disputes' },
});
