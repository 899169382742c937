import { defineFeature } from '../feature';
import { lazyPage } from '../lazy-page';

const EventsPage = lazyPage(() => import('./events-page'), 'EventsPage');

/** Webhooks and events: listener inbox, events and deliveries, subscriptions, the simulator (`#/events/<tab>/<id>`). */
export const eventsFeature = defineFeature({
  name: 'events',
  nav: [{ section: 'Tools', path: 'events', label: 'Events' }],
  routes: { events: { list: EventsPage, reads: 'active-environment' } },
});
