import { defineFeature } from '../feature';
import { ConsolePage } from './console-page';

/** The API console: every registered endpoint, completed and validated from its schema. */
export const consoleFeature = defineFeature({
  name: 'console',
  nav: [{ section: 'Tools', path: 'console', label: 'Console' }],
  routes: { console: { list: ConsolePage, reads: 'active-environment' } },
});
