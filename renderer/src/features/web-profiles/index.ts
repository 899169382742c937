import { defineFeature } from '../feature';
import { lazyPage } from '../lazy-page';

const WebProfilesPage = lazyPage(() => import('./web-profiles-page'), 'WebProfilesPage');

/** Web experience profiles: the merchant's buyer-page settings, with a live preview of the buyer page. */
export const webProfilesFeature = defineFeature({
  name: 'web-profiles',
  nav: [{ section: 'Merchants', path: 'web-profiles', label: 'Web profiles' }],
  routes: { 'web-profiles': { list: WebProfilesPage } },
});
