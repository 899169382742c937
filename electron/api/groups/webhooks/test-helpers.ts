import { WEBHOOKS_ENDPOINTS as E } from '../../../../shared/api/webhooks/endpoints.js';
import type { Webhooks } from '../../../webhooks/webhooks.js';
import { notFound } from '../../pipeline/api-error.js';
import { defineRoute, type AnyRoute } from '../../route.js';
import { PARTNER_ONLY } from '../../pipeline/partner-consent.js';
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
      partnerFeatures: PARTNER_ONLY,
      handle: ({ query, ctx }) => ({ status: 200, body: { deliveries: events.deliveries(query, ctx) } }),
    }),
    defineRoute(E.listener, {
      partnerFeatures: PARTNER_ONLY,
      handle: () => ({ status: 200, body: listenerState() }),
    }),
    defineRoute(E.configureListener, {
      partnerFeatures: PARTNER_ONLY,
      handle: ({ body }) => {
        listener.configure(body);
        return { status: 200, body: listenerState() };
      },
    }),
    defineRoute(E.listenerMessages, {
      partnerFeatures: PARTNER_ONLY,
      handle: ({ query }) => ({ status: 200, body: { messages: listener.list(query.limit) } }),
    }),
    defineRoute(E.listenerMessage, {
      partnerFeatures: PARTNER_ONLY,
      handle: ({ params }) => {
        const message = listener.get(params.message_id);
        if (!message) throw notFound('listener message', params.message_id, 'message_id');
        return { status: 200, body: message };
      },
    }),
    defineRoute(E.clearListener, {
      partnerFeatures: PARTNER_ONLY,
      handle: () => {
        listener.clear();
        return { status: 204 };
      },
    }),
  ];
}
