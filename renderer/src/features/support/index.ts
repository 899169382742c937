import { defineFeature } from '../feature';
import { lazyPage } from '../lazy-page';

const SupportPage = lazyPage(() => import('./support-page'), 'SupportPage');

/** The transaction view: any id (resource, ledger transaction) and everything related to it. */
export const supportFeature = defineFeature({
  name: 'support',
  nav: [{ section: 'Reporting', path: 'support', label: 'Transaction view' }],
  // `#/support/<id>` stays the same page (the lookup form keeps its place), so there is no detail page.
  routes: { support: { list: SupportPage, lookup: true } },
});
