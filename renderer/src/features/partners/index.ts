import { defineFeature } from '../feature';
import { lazyPage } from '../lazy-page';

const PartnersPage = lazyPage(() => import('./partners-page'), 'PartnersPage');

/** The partner demo: refer, onboard, watch the seller appear, pay as the seller with a partner fee. */
export const partnersFeature = defineFeature({
  name: 'partners',
  nav: [{ section: 'Merchants', path: 'partners', label: 'Partners' }],
  routes: { partners: { list: PartnersPage } },
});
