import { WEBHOOKS_ENDPOINTS as E } from '../../../../shared/api/webhooks/endpoints.js';
import type { Webhooks } from '../../../webhooks/webhooks.js';
import { notFound } from '../../pipeline/api-error.js';
import { defineRoute, type AnyRoute } from '../../route.js';
import type { WebhookEventsService } from './events-service.js';

/**
 * What the workbench's Events page (and CI scripts) need beyond the platform's API: every delivery with
 * its attempts and next retry, and the local listener (its inbox, its answer, its verification).
 */
export function webhooksTestHelperRoutes(events: WebhookEventsService, webhooks: Webhooks): AnyRoute[] {
  const listener = webhooks.listener;
  const listenerState = () => ({
    ...listener.state(),
    subscription_id: webhooks.listenerSubscriptionId() ?? null,
  });
  return [
    defineRoute(E.deliveries, {
      handle: ({ query, ctx }) => ({ status: 200, body: { deliveries: events.deliveries(query, ctx) } }),
    }),
    defineRoute(E.listener, {
      handle: () => ({ status: 200, body: listenerState() }),
    }),
    defineRoute(E.configureListener, {
      handle: ({ body }) => {
        listener.configure(body);
        return { status: 200, body: listenerState() };
      },
    }),
    defineRoute(E.listenerMessages, {
      handle: ({ query }) => ({ status: 200, body: { messages: listener.list(query.limit) } }),
    }),
    defineRoute(E.listenerMessage, {
      handle: ({ params }) => {
        const message = listener.get(params.message_id);
        if (!message) throw notFound('listener message', params.message_id, 'message_id');
        return { status: 200, body: message };
      },
    }),
    defineRoute(E.clearListener, {
      handle: () => {
        listener.clear();
        return { status: 204 };
      },
    }),
  ];
}
