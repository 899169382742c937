import { defineFeature } from '../feature';
import { lazyPage } from '../lazy-page';

const EnvironmentsPage = lazyPage(() => import('./environments-page'), 'EnvironmentsPage');

/** Where API calls go: the embedded sandbox or remote environments. */
export const environmentsFeature = defineFeature({
  name: 'environments',
  nav: [{ section: 'Tools', path: 'environments', label: 'Environments' }],
  routes: { environments: { list: EnvironmentsPage, reads: 'active-environment' } },
});
