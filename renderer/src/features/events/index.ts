import { defineFeature } from '../feature';
import { EventsPage } from './events-page';

/** Webhooks and events: listener inbox, events and deliveries, subscriptions, the simulator (`#/events/<tab>/<id>`). */
export const eventsFeature = defineFeature({
  name: 'events',
  nav: [{ section: 'Tools', path: 'events', label: 'Events' }],
  routes: { events: { list: EventsPage, reads: 'active-environment' } },
});
