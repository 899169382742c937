import { TRACKERS_ENDPOINTS as E } from '../../../../shared/api/trackers/endpoints.js';
import { link } from '../../pipeline/links.js';
import { defineRoute, type AnyRoute } from '../../route.js';
import type { TrackersService } from './service.js';
import { trackerPath } from './views.js';

/** The HTTP binding of shipment tracking v1. */
export function trackerRoutes(
  trackers: TrackersService,
  present: (tracker: ReturnType<TrackersService['get']>, baseUrl: string) => Record<string, unknown>,
): AnyRoute[] {
  const add = (endpoint: typeof E.add) =>
    defineRoute(endpoint, {
      partnerFeatures: ['TRACKING_SHIPMENT_READWRITE'],
      handle: ({ body, ctx }) => {
        const added = trackers.addMany(body.trackers, ctx);
        return {
          status: 201,
          body: {
            tracker_identifiers: added.map((t) => ({
              transaction_id: t.body.transaction_id,
              tracking_number: t.body.tracking_number,
              links: [link(ctx.baseUrl, trackerPath(t.id), 'self')],
            })),
            links: [link(ctx.baseUrl, endpoint.path, 'self', 'POST')],
          },
        };
      },
    });
  return [
    add(E.batch),
    add(E.add),
    defineRoute(E.list, {
      partnerFeatures: ['TRACKING_SHIPMENT_READWRITE'],
      handle: ({ query, ctx }) => {
        const found = trackers.list(query, ctx);
        if ('one' in found) return { status: 200, resource: found.one };
        return {
          status: 200,
          body: {
            trackers: found.all.map((t) => present(t, ctx.baseUrl)),
            links: [
              link(
                ctx.baseUrl,
                `${E.list.path}?transaction_id=${encodeURIComponent(query.transaction_id)}`,
                'self',
              ),
            ],
          },
        };
      },
    }),
    defineRoute(E.show, {
      partnerFeatures: ['TRACKING_SHIPMENT_READWRITE'],
      handle: ({ params, ctx }) => ({ status: 200, resource: trackers.get(params.id, ctx) }),
    }),
    defineRoute(E.update, {
      partnerFeatures: ['TRACKING_SHIPMENT_READWRITE'],
      handle: ({ params, body, ctx }) => {
        trackers.update(params.id, body, ctx);
        return { status: 204 };
      },
    }),
  ];
}
