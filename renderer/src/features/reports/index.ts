import { defineFeature } from '../feature';
import { ReportsPage } from './reports-page';

/** Reporting: transaction search, balances and charts, and the history generator. */
export const reportsFeature = defineFeature({
  name: 'reports',
  nav: [{ section: 'Reporting', path: 'reports', label: 'Reports' }],
  routes: { reports: { list: ReportsPage, reads: 'active-environment' } },
});
