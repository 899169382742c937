import { z } from 'zod';
import {
  EventIdParams,
  EventListQuery,
  ResendSchema,
  SimulateEventSchema,
  VerifySignatureSchema,
  WebhookCreateSchema,
  WebhookIdParams,
  WebhookListQuery,
  WebhookPatchSchema,
} from '../../../../shared/api/webhooks.js';
import { SCOPES } from '../../../../shared/scopes.js';
import { CERTS_PATH, type Webhooks } from '../../../webhooks/webhooks.js';
import type { ApiDeps } from '../../deps.js';
import { JSON_MEDIA_TYPES } from '../../pipeline/accept.js';
import { notFound } from '../../pipeline/api-error.js';
import { defineRoute } from '../../route.js';
import type { ApiGroup } from '../../server.js';
import { WebhookEventsService } from './events-service.js';
import { WebhookSubscriptionsService } from './service.js';
import { testHelperRoutes } from './test-helper-routes.js';
import { WebhookVerifyService } from './verify-service.js';
import { eventTypeView, eventView, webhookView } from './views.js';

const TAG = 'Webhooks';
const CertParams = z.object({ cert_id: z.string().regex(/^CERT-[a-f0-9-]{1,64}$/) });

/** Webhooks management, events, verification and the simulator (spec 4.12, part 6). */
export function webhooksGroup(deps: ApiDeps, webhooks: Webhooks): ApiGroup {
  const subscriptions = new WebhookSubscriptionsService(deps, webhooks);
  const events = new WebhookEventsService(deps, webhooks);
  const verifier = new WebhookVerifyService(webhooks);
  const catalog = webhooks.catalog;

  return {
    routes: [
      defineRoute({
        method: 'POST',
        path: '/v1/notifications/webhooks',
        operationId: 'webhooks.create',
        summary: 'Create webhook (subscribe a URL to event types; * for all, including future ones)',
        tag: TAG,
        scope: SCOPES.webhooks,
        body: WebhookCreateSchema,
        responses: {
          201: 'The webhook',
          400: 'Invalid URL or event types, or the URL is already subscribed',
        },
        handle: ({ body, ctx }) => ({
          status: 201,
          body: webhookView(subscriptions.create(body, ctx), ctx.baseUrl, catalog),
        }),
      }),
      defineRoute({
        method: 'GET',
        path: '/v1/notifications/webhooks',
        operationId: 'webhooks.list',
        summary: 'List webhooks of the application (or of every application of the account)',
        tag: TAG,
        scope: SCOPES.webhooks,
        query: WebhookListQuery,
        responses: { 200: '{webhooks}' },
        handle: ({ query, ctx }) => ({
          status: 200,
          body: {
            webhooks: subscriptions
              .list(query.anchor_type, ctx)
              .map((w) => webhookView(w, ctx.baseUrl, catalog)),
          },
        }),
      }),
      defineRoute({
        method: 'GET',
        path: '/v1/notifications/webhooks/:webhook_id',
        operationId: 'webhooks.get',
        summary: 'Show webhook details',
        tag: TAG,
        scope: SCOPES.webhooks,
        params: WebhookIdParams,
        responses: { 200: 'The webhook', 404: 'No such webhook' },
        handle: ({ params, ctx }) => ({
          status: 200,
          body: webhookView(subscriptions.get(params.webhook_id, ctx), ctx.baseUrl, catalog),
        }),
      }),
      defineRoute({
        method: 'PATCH',
        path: '/v1/notifications/webhooks/:webhook_id',
        operationId: 'webhooks.update',
        summary: 'Update webhook (replace /url or /event_types)',
        tag: TAG,
        scope: SCOPES.webhooks,
        contentTypes: JSON_MEDIA_TYPES,
        params: WebhookIdParams,
        body: WebhookPatchSchema,
        responses: {
          200: 'The updated webhook',
          400: 'An op other than replace, another path, or an invalid value',
          404: 'No such webhook',
        },
        handle: ({ params, body, ctx }) => ({
          status: 200,
          body: webhookView(subscriptions.update(params.webhook_id, body, ctx), ctx.baseUrl, catalog),
        }),
      }),
      defineRoute({
        method: 'DELETE',
        path: '/v1/notifications/webhooks/:webhook_id',
        operationId: 'webhooks.delete',
        summary: 'Delete webhook (its pending deliveries are cancelled)',
        tag: TAG,
        scope: SCOPES.webhooks,
        params: WebhookIdParams,
        responses: { 204: 'Deleted', 404: 'No such webhook' },
        handle: ({ params, ctx }) => {
          subscriptions.delete(params.webhook_id, ctx);
          return { status: 204 };
        },
      }),
      defineRoute({
        method: 'GET',
        path: '/v1/notifications/webhooks/:webhook_id/event-types',
        operationId: 'webhooks.eventTypes',
        summary: 'List event subscriptions for webhook',
        tag: TAG,
        scope: SCOPES.webhooks,
        params: WebhookIdParams,
        responses: { 200: '{event_types}', 404: 'No such webhook' },
        handle: ({ params, ctx }) => ({
          status: 200,
          body: {
            event_types: subscriptions
              .get(params.webhook_id, ctx)
              .event_types.map((name) => eventTypeView(name, catalog)),
          },
        }),
      }),
      defineRoute({
        method: 'GET',
        path: '/v1/notifications/webhooks-event-types',
        operationId: 'webhooks.catalog',
        summary: 'List available events (every type the sandbox emits)',
        tag: TAG,
        scope: SCOPES.webhooks,
        responses: { 200: '{event_types}' },
        handle: () => ({ status: 200, body: { event_types: catalog.describe() } }),
      }),
      defineRoute({
        method: 'GET',
        path: '/v1/notifications/webhooks-events',
        operationId: 'webhooks.events.list',
        summary: 'List event notifications (newest first; filter by type, time and resource)',
        tag: TAG,
        scope: SCOPES.webhooks,
        query: EventListQuery,
        responses: { 200: '{events, count, total_items, total_pages, links}' },
        handle: ({ query, ctx }) => ({ status: 200, body: events.list(query, ctx) }),
      }),
      defineRoute({
        method: 'GET',
        path: '/v1/notifications/webhooks-events/:event_id',
        operationId: 'webhooks.events.get',
        summary: 'Show event notification details',
        tag: TAG,
        scope: SCOPES.webhooks,
        params: EventIdParams,
        responses: { 200: 'The event', 404: 'No such event' },
        handle: ({ params, ctx }) => ({
          status: 200,
          body: eventView(events.get(params.event_id, ctx), ctx.baseUrl),
        }),
      }),
      defineRoute({
        method: 'POST',
        path: '/v1/notifications/webhooks-events/:event_id/resend',
        operationId: 'webhooks.events.resend',
        summary: 'Resend event notification (to every matching subscription, or to webhook_ids)',
        tag: TAG,
        scope: SCOPES.webhooks,
        params: EventIdParams,
        body: ResendSchema,
        bodyOptional: true,
        responses: {
          202: 'The event; deliveries are queued',
          400: 'Unknown webhook ids',
          404: 'No such event',
        },
        handle: ({ params, body, ctx }) => {
          const { event } = events.resend(params.event_id, body?.webhook_ids, ctx);
          return { status: 202, body: eventView(event, ctx.baseUrl) };
        },
      }),
      defineRoute({
        method: 'POST',
        path: '/v1/notifications/verify-webhook-signature',
        operationId: 'webhooks.verifySignature',
        summary: 'Verify webhook signature (against the bytes of webhook_event as sent; not for mock events)',
        tag: TAG,
        scope: SCOPES.webhooks,
        body: VerifySignatureSchema,
        rawBody: true,
        responses: {
          200: '{verification_status: SUCCESS | FAILURE}',
          400: 'Invalid request or unknown webhook id',
          422: 'A mock event',
        },
        handle: ({ body, rawBody, ctx }) => ({
          status: 200,
          body: { verification_status: verifier.verify(body, rawBody, ctx) },
        }),
      }),
      defineRoute({
        method: 'POST',
        path: '/v1/notifications/simulate-event',
        operationId: 'webhooks.simulate',
        summary: 'Simulate webhook event (a mock event signed with webhook id WEBHOOK_ID)',
        tag: TAG,
        scope: SCOPES.webhooks,
        body: SimulateEventSchema,
        responses: {
          202: 'The mock event; its delivery is queued',
          400: 'Unknown event type or version, or no target',
        },
        handle: ({ body, ctx }) => ({
          status: 202,
          body: eventView(events.simulate(body, ctx), ctx.baseUrl),
        }),
      }),
      ...testHelperRoutes(events, webhooks),
    ],
    pages(app, table) {
      // Deliveries yield to the API under load: every answered request feeds the load gauge.
      app.addHook('onResponse', (_request, _reply, done) => {
        webhooks.load.requestDone();
        done();
      });

      // The signing certificate (spec 6.6): public, as receivers fetch it without credentials.
      const path = `${CERTS_PATH}/:cert_id`;
      table.add('GET', path);
      // Served as PEM; clients that ask for a certificate type (or anything) get it, not a 406.
      const produces = [
        'application/x-pem-file',
        'application/x-x509-ca-cert',
        'application/pkix-cert',
        'text/plain',
        'application/json',
      ];
      app.get(path, { config: { public: true, produces } }, async (request, reply) => {
        const parsed = CertParams.safeParse(request.params);
        const identity = webhooks.certificates.identity();
        const id = parsed.success
          ? parsed.data.cert_id
          : String((request.params as { cert_id?: unknown }).cert_id ?? '');
        if (id !== identity.certId) throw notFound('certificate', id, 'cert_id');
        return reply
          .type('application/x-pem-file')
          .header('cache-control', 'public, max-age=86400')
          .send(identity.certPem);
      });
    },
  };
}
