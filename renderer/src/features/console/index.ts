import { defineFeature } from '../feature';
import { lazyPage } from '../lazy-page';

const ConsolePage = lazyPage(() => import('./console-page'), 'ConsolePage');

/** The API console: every registered endpoint, completed and validated from its schema. */
export const consoleFeature = defineFeature({
  name: 'console',
  nav: [{ section: 'Tools', path: 'console', label: 'Console' }],
  routes: { console: { list: ConsolePage, reads: 'active-environment' } },
});
