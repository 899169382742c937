import { z } from 'zod';
import {
  DeliveryListQuery,
  ListenerMessageParams,
  ListenerMessagesQuery,
  ListenerSettingsSchema,
} from '../../../../shared/api/webhooks.js';
import { SCOPES } from '../../../../shared/scopes.js';
import type { Webhooks } from '../../../webhooks/webhooks.js';
import { notFound } from '../../pipeline/api-error.js';
import { defineRoute, type AnyRoute } from '../../route.js';
import type { WebhookEventsService } from './events-service.js';

const TAG = 'Sandbox control';

/**
 * What the workbench's Events page (and CI scripts) need beyond the platform's API: every delivery with
 * its attempts and next retry, and the local listener (its inbox, its answer, its verification).
 */
export function testHelperRoutes(events: WebhookEventsService, webhooks: Webhooks): AnyRoute[] {
  const listener = webhooks.listener;
  const listenerState = () => ({
    ...listener.state(),
    subscription_id: webhooks.listenerSubscriptionId() ?? null,
  });
  return [
    defineRoute({
      method: 'GET',
      path: '/v1/test-helpers/webhooks/deliveries',
      operationId: 'sandbox.webhooks.deliveries',
      summary: 'Deliveries of webhook events with every attempt and the next retry (simulated time)',
      tag: TAG,
      scope: SCOPES.testHelpers,
      query: DeliveryListQuery,
      responses: { 200: '{deliveries}' },
      handle: ({ query, ctx }) => ({ status: 200, body: { deliveries: events.deliveries(query, ctx) } }),
    }),
    defineRoute({
      method: 'GET',
      path: '/v1/test-helpers/webhooks/listener',
      operationId: 'sandbox.webhooks.listener.get',
      summary: 'The local listener: URL, the answer it gives, how many deliveries it received',
      tag: TAG,
      scope: SCOPES.testHelpers,
      responses: { 200: '{running, url, status, delay_ms, webhook_id, received, subscription_id}' },
      handle: () => ({ status: 200, body: listenerState() }),
    }),
    defineRoute({
      method: 'PUT',
      path: '/v1/test-helpers/webhooks/listener',
      operationId: 'sandbox.webhooks.listener.configure',
      summary:
        'Set the status and delay the local listener answers with, and the webhook id it verifies with',
      tag: TAG,
      scope: SCOPES.testHelpers,
      body: ListenerSettingsSchema,
      responses: { 200: 'The listener state' },
      handle: ({ body }) => {
        listener.configure(body);
        return { status: 200, body: listenerState() };
      },
    }),
    defineRoute({
      method: 'GET',
      path: '/v1/test-helpers/webhooks/listener/messages',
      operationId: 'sandbox.webhooks.listener.messages',
      summary: 'What the local listener received, newest first',
      tag: TAG,
      scope: SCOPES.testHelpers,
      query: ListenerMessagesQuery,
      responses: { 200: '{messages}' },
      handle: ({ query }) => ({ status: 200, body: { messages: listener.list(query.limit) } }),
    }),
    defineRoute({
      method: 'GET',
      path: '/v1/test-helpers/webhooks/listener/messages/:message_id',
      operationId: 'sandbox.webhooks.listener.message',
      summary: 'One received delivery: headers and raw body as received, and each verification step',
      tag: TAG,
      scope: SCOPES.testHelpers,
      params: ListenerMessageParams,
      responses: { 200: 'The message', 404: 'Not (or no longer) kept' },
      handle: ({ params }) => {
        const message = listener.get(params.message_id);
        if (!message) throw notFound('listener message', params.message_id, 'message_id');
        return { status: 200, body: message };
      },
    }),
    defineRoute({
      method: 'DELETE',
      path: '/v1/test-helpers/webhooks/listener/messages',
      operationId: 'sandbox.webhooks.listener.clear',
      summary: "Empty the local listener's inbox",
      tag: TAG,
      scope: SCOPES.testHelpers,
      body: z.object({}).optional(),
      bodyOptional: true,
      responses: { 204: 'Emptied' },
      handle: () => {
        listener.clear();
        return { status: 204 };
      },
    }),
  ];
}
