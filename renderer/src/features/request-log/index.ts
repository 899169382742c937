import { defineFeature } from '../feature';
import { RequestLogPage } from './request-log-page';

/** Every request the sandbox answered, live, with replay and HAR export. */
export const requestLogFeature = defineFeature({
  name: 'request-log',
  nav: [{ section: 'Tools', path: 'log', label: 'Request log' }],
  routes: { log: { list: RequestLogPage } },
});
