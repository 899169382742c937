import { defineFeature } from '../feature';
import { lazyPage } from '../lazy-page';

const RequestLogPage = lazyPage(() => import('./request-log-page'), 'RequestLogPage');

/** Every request the sandbox answered, live, with replay and HAR export. */
export const requestLogFeature = defineFeature({
  name: 'request-log',
  nav: [{ section: 'Tools', path: 'log', label: 'Request log' }],
  routes: { log: { list: RequestLogPage } },
});
