import { z } from 'zod';
import { WEBHOOKS_ENDPOINTS as E } from '../../../../shared/api/webhooks/endpoints.js';
import { CERTS_PATH, type Webhooks } from '../../../webhooks/webhooks.js';
import type { RegisterPages } from '../../group-module.js';
import { JSON_MEDIA_TYPES } from '../../pipeline/accept.js';
import { notFound } from '../../pipeline/api-error.js';
import { defineRoute, type AnyRoute } from '../../route.js';
import { PARTNER_ONLY } from '../../pipeline/partner-consent.js';
import type { WebhookEventsService } from './events-service.js';
import type { WebhookSubscriptionsService } from './service.js';
import type { WebhookVerifyService } from './verify-service.js';
import { eventTypeView, eventView, webhookView } from './views.js';

const CertParams = z.object({ cert_id: z.string().regex(/^CERT-[a-f0-9-]{1,64}$/) });

export interface WebhooksServices {
  subscriptions: WebhookSubscriptionsService;
  events: WebhookEventsService;
  verifier: WebhookVerifyService;
}

/** Webhooks management, events, verification and the simulator (spec 4.12, part 6). */
export function webhooksRoutes(
  { subscriptions, events, verifier }: WebhooksServices,
  webhooks: Webhooks,
): AnyRoute[] {
  const catalog = webhooks.catalog;
  return [
    defineRoute(E.create, {
      partnerFeatures: PARTNER_ONLY,
      handle: ({ body, ctx }) => ({
        status: 201,
        body: webhookView(subscriptions.create(body, ctx), ctx.baseUrl, catalog),
      }),
    }),
    defineRoute(E.list, {
      partnerFeatures: PARTNER_ONLY,
      handle: ({ query, ctx }) => ({
        status: 200,
        body: {
          webhooks: subscriptions
            .list(query.anchor_type, ctx)
            .map((w) => webhookView(w, ctx.baseUrl, catalog)),
        },
      }),
    }),
    defineRoute(E.show, {
      partnerFeatures: PARTNER_ONLY,
      handle: ({ params, ctx }) => ({
        status: 200,
        body: webhookView(subscriptions.get(params.webhook_id, ctx), ctx.baseUrl, catalog),
      }),
    }),
    defineRoute(E.update, {
      partnerFeatures: PARTNER_ONLY,
      contentTypes: JSON_MEDIA_TYPES,
      handle: ({ params, body, ctx }) => ({
        status: 200,
        body: webhookView(subscriptions.update(params.webhook_id, body, ctx), ctx.baseUrl, catalog),
      }),
    }),
    defineRoute(E.delete, {
      partnerFeatures: PARTNER_ONLY,
      handle: ({ params, ctx }) => {
        subscriptions.delete(params.webhook_id, ctx);
        return { status: 204 };
      },
    }),
    defineRoute(E.eventTypes, {
      partnerFeatures: PARTNER_ONLY,
      handle: ({ params, ctx }) => ({
        status: 200,
        body: {
          event_types: subscriptions
            .get(params.webhook_id, ctx)
            .event_types.map((name) => eventTypeView(name, catalog)),
        },
      }),
    }),
    defineRoute(E.catalog, {
      partnerFeatures: PARTNER_ONLY,
      handle: () => ({ status: 200, body: { event_types: catalog.describe() } }),
    }),
    defineRoute(E.events, {
      partnerFeatures: PARTNER_ONLY,
      handle: ({ query, ctx }) => ({ status: 200, body: events.list(query, ctx) }),
    }),
    defineRoute(E.event, {
      partnerFeatures: PARTNER_ONLY,
      handle: ({ params, ctx }) => ({
        status: 200,
        body: eventView(events.get(params.event_id, ctx), ctx.baseUrl),
      }),
    }),
    defineRoute(E.resend, {
      partnerFeatures: PARTNER_ONLY,
      handle: ({ params, body, ctx }) => {
        const { event } = events.resend(params.event_id, body?.webhook_ids, ctx);
        return { status: 202, body: eventView(event, ctx.baseUrl) };
      },
    }),
    defineRoute(E.verifySignature, {
      partnerFeatures: PARTNER_ONLY,
      rawBody: true,
      handle: ({ body, rawBody, ctx }) => ({
        status: 200,
        body: { verification_status: verifier.verify(body, rawBody, ctx) },
      }),
    }),
    defineRoute(E.simulate, {
      partnerFeatures: PARTNER_ONLY,
      handle: ({ body, ctx }) => ({
        status: 202,
        body: eventView(events.simulate(body, ctx), ctx.baseUrl),
      }),
    }),
  ];
}

/**
 * What the webhooks serve outside the JSON API: the load gauge fed by every answered request, and the
 * signing certificate (spec 6.6).
 */
export function webhooksPages(webhooks: Webhooks): RegisterPages {
  return (app, table) => {
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
  };
}
