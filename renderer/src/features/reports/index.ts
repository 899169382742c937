import { defineFeature } from '../feature';
import { lazyPage } from '../lazy-page';

const ReportsPage = lazyPage(() => import('./reports-page'), 'ReportsPage');

/** Reporting: transaction search, balances and charts, and the history generator. */
export const reportsFeature = defineFeature({
  name: 'reports',
  nav: [{ section: 'Reporting', path: 'reports', label: 'Reports' }],
  routes: { reports: { list: ReportsPage, reads: 'active-environment' } },
});
