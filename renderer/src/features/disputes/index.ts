import { defineFeature } from '../feature';
import { DisputeDetailPage } from './dispute-detail-page';
import { DISPUTE_KIND } from './dispute-model';
import { DisputesPage } from './disputes-page';

export { OpenDisputeButton } from './open-dispute-dialog';

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
