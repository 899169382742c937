import { defineFeature } from '../feature';
import { PartnersPage } from './partners-page';

/** The partner demo: refer, onboard, watch the seller appear, pay as the seller with a partner fee. */
export const partnersFeature = defineFeature({
  name: 'partners',
  nav: [{ section: 'Merchants', path: 'partners', label: 'Partners' }],
  routes: { partners: { list: PartnersPage } },
});
