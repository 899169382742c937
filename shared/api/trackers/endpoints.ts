import { SCOPES } from '../../scopes.js';
import { defineEndpoint } from '../endpoint.js';
import { TrackerIdParams, TrackerListQuery, TrackersBatchSchema, TrackerUpdateSchema } from './schemas.js';

const TAG = 'Shipment tracking';

const example = {
  trackers: [
    {
      transaction_id: 'CAPTURE_ID',
      tracking_number: '443844607820',
      status: 'SHIPPED',
      carrier: 'FEDEX',
      shipment_date: '2026-01-15',
    },
  ],
};

const add = (path: string, deprecated: boolean) =>
  defineEndpoint({
    method: 'POST',
    path,
    operationId: deprecated ? 'trackers-batch.add' : 'trackers.add',
    summary: deprecated
      ? 'Add trackers in a batch (deprecated)'
      : 'Add tracking information for transactions',
    tag: TAG,
    scope: SCOPES.trackers,
    body: TrackersBatchSchema,
    responses: {
      201: '{tracker_identifiers: [{transaction_id, tracking_number, links}], links}',
      400: 'Invalid tracker fields (every tracker is checked; none is added)',
      422: 'Not a captured transaction, or the tracker already exists',
    },
    example,
    ...(deprecated ? { deprecated: { replacement: 'shipment tracking through Orders v2' } } : {}),
  });

/** Shipment tracking v1 (spec 2.16, 4.12). */
export const TRACKERS_ENDPOINTS = {
  batch: add('/v1/shipping/trackers-batch', true),
  add: add('/v1/shipping/trackers', false),
  list: defineEndpoint({
    method: 'GET',
    path: '/v1/shipping/trackers',
    operationId: 'trackers.list',
    summary: 'Show tracking information of a transaction',
    tag: TAG,
    scope: SCOPES.trackers,
    query: TrackerListQuery,
    responses: {
      200: 'With tracking_number: the tracker; without: {trackers, links}',
      403: 'account_id names another merchant',
      404: 'No such tracker',
    },
  }),
  show: defineEndpoint({
    method: 'GET',
    path: '/v1/shipping/trackers/:id',
    operationId: 'trackers.get',
    summary: 'Show a tracker',
    tag: TAG,
    scope: SCOPES.trackers,
    params: TrackerIdParams,
    responses: { 200: 'The tracker', 404: 'No such tracker' },
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/v1/shipping/trackers/:id',
    operationId: 'trackers.update',
    summary: 'Update or cancel a tracker (status CANCELLED cancels)',
    tag: TAG,
    scope: SCOPES.trackers,
    params: TrackerIdParams,
    body: TrackerUpdateSchema,
    responses: {
      204: 'Updated',
      400: 'Invalid fields',
      404: 'No such tracker',
      422: 'Cancelled, or already updated 5 times',
    },
    example: { transaction_id: 'CAPTURE_ID', status: 'DELIVERED' },
  }),
};
