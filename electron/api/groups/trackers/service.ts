import { ADD_TRIGGER, MOVE_TRIGGER, trackerMachine } from '../../../../shared/api/trackers/machines.js';
import {
  TRACKER_LIMITS,
  carrierProblems,
  type TrackerCreateRequest,
  type TrackerItem,
  type TrackerUpdateRequest,
} from '../../../../shared/api/trackers/schemas.js';
import type { ErrorDetail } from '../../../../shared/errors.js';
import { OLDEST_FIRST } from '../../../store/repositories/resource-query.js';
import type { GroupDeps } from '../../group-deps.js';
import { sendShipmentNotice } from './shipment-notice.js';
import type { ApiError } from '../../pipeline/api-error.js';
import {
  detail,
  internalError,
  invalidRequest,
  notAuthorized,
  notFoundDetails,
  unprocessable,
  bodyDetail,
  queryDetail,
} from '../../pipeline/api-error.js';
import type { RequestContext } from '../../route.js';
import { createResource, refuseUnless, transition } from '../../transition.js';
import type { StoredCapture } from '../payments-v2/index.js';
import { TRACKER_KIND, trackerId, type StoredTracker, type TrackerBody } from './types.js';
import { resourceEnvelope } from '../../../store/stored-resource.js';

// The trackers of one transaction, oldest first, through the index on parent_id (a tracker's parent
// is the capture it tracks).

type TrackerNotFound = 'RESOURCE_NOT_FOUND' | 'TRACKER_ID_NOT_FOUND';

/** 404 for a tracker id (orders v2 names the issue TRACKER_ID_NOT_FOUND). */
export const trackerNotFound = (id: string, issue: TrackerNotFound, field = 'id'): ApiError =>
  notFoundDetails(
    detail(issue, { field, value: id, location: 'path', description: `No tracker with id ${id}.` }),
  );

/** A new tracker's fields, from the v1 call or the order's track call. */
export type NewTracker = Omit<TrackerCreateRequest, 'account_id'> & { items?: TrackerItem[] };

/**
 * Shipment trackers (spec 2.16, 4.12, part 8): added only to real captured transactions of the
 * caller, updated at most 5 times, cancelled for good. One resource serves the v1 calls and the
 * trackers of orders v2 (the same capture, the same id).
 */
export class TrackersService {
  constructor(private readonly deps: GroupDeps) {}

  /** The capture a transaction id names, when it is the caller's. */
  capture(transactionId: string, ctx: RequestContext): StoredCapture | undefined {
    const capture = this.deps.store.resources.get<StoredCapture['body'], StoredCapture['internal']>(
      'capture',
      transactionId,
    );
    return capture && capture.app_id === ctx.app.id ? capture : undefined;
  }

  find(id: string): StoredTracker | undefined {
    return this.deps.store.resources.get<StoredTracker['body'], StoredTracker['internal']>(
      TRACKER_KIND,
      id,
    ) as StoredTracker | undefined;
  }

  get(id: string, ctx: RequestContext, issue: TrackerNotFound = 'RESOURCE_NOT_FOUND'): StoredTracker {
    const tracker = this.deps.store.resources.owned<StoredTracker>(TRACKER_KIND, id, ctx.app.id);
    if (!tracker) throw trackerNotFound(id, issue);
    return tracker;
  }

  /** 403 when `account_id` names another merchant than the one the call acts for. */
  checkAccount(
    accountId: string | undefined,
    ctx: RequestContext,
    field: string,
    location: 'body' | 'query',
  ): void {
    if (accountId === undefined || accountId === ctx.merchant.id) return;
    throw notAuthorized(
      detail('PERMISSION_DENIED', {
        field,
        value: accountId,
        location,
        description: `account_id ${accountId} is not the merchant this call acts for.`,
      }),
    );
  }

  /**
   * The v1 add calls: every tracker is checked before any is written (one bad tracker fails the call,
   * with a detail per problem), then all are added.
   */
  addMany(trackers: readonly TrackerCreateRequest[], ctx: RequestContext): StoredTracker[] {
    const problems: ErrorDetail[] = [];
    const seen = new Set<string>();
    const captures: StoredCapture[] = [];
    trackers.forEach((request, index) => {
      const at = `/trackers/${index}`;
      this.checkAccount(request.account_id, ctx, `${at}/account_id`, 'body');
      const capture = this.capture(request.transaction_id, ctx);
      if (!capture)
        problems.push(
          bodyDetail(`${at}/transaction_id`, 'INVALID_TRANSACTION_ID', undefined, request.transaction_id),
        );
      else captures[index] = capture;
      problems.push(...this.newTrackerProblems(request, at, seen));
    });
    if (problems.length > 0) throw unprocessable(...problems);
    return trackers.map((request, index) => {
      const capture = captures[index];
      if (!capture) throw internalError();
      const { account_id: _account, ...fields } = request;
      return this.insert(fields, capture, ctx);
    });
  }

  /** Problems of one tracker to add: status, id length, and an id already taken (or taken earlier in the call). */
  newTrackerProblems(
    request: { transaction_id: string; tracking_number: string; status: string },
    at: string,
    seen: Set<string>,
  ): ErrorDetail[] {
    const problems: ErrorDetail[] = [];
    const id = trackerId(request.transaction_id, request.tracking_number);
    if (request.status === 'CANCELLED')
      throw invalidRequest(
        bodyDetail(
          `${at}/status`,
          'INVALID_PARAMETER_VALUE',
          'A new tracker cannot be CANCELLED; cancel an existing one with PUT.',
          'CANCELLED',
        ),
      );
    if (id.length > TRACKER_LIMITS.maxIdLength)
      throw invalidRequest(
        bodyDetail(
          `${at}/tracking_number`,
          'INVALID_STRING_LENGTH',
          `The tracker id ${'<transaction_id>-<tracking_number>'} would be ${id.length} characters; at most ${TRACKER_LIMITS.maxIdLength}.`,
          request.tracking_number,
        ),
      );
    if (seen.has(id) || this.find(id))
      problems.push(
        detail('TRACKER_ALREADY_EXISTS', { field: `${at}/tracking_number`, value: id, location: 'body' }),
      );
    seen.add(id);
    return problems;
  }

  /** Writes one tracker on a capture, in the status it was given. */
  insert(fields: NewTracker, capture: StoredCapture, ctx: RequestContext): StoredTracker {
    const at = this.deps.clock.nowIso();
    const id = trackerId(fields.transaction_id, fields.tracking_number);
    const status = fields.status;
    // The add calls refuse a CANCELLED tracker first (newTrackerProblems); this only narrows the type.
    if (status === 'CANCELLED') throw internalError();
    const tracker: StoredTracker = {
      ...resourceEnvelope({
        kind: TRACKER_KIND,
        id,
        app: ctx.app.id,
        status,
        parent: capture.id,
        root: capture.root_id,
        at,
      }),
      body: {
        ...(fields as Omit<TrackerBody, 'notify_buyer' | 'last_updated_time' | 'shipment_uploader'>),
        status,
        notify_buyer: fields.notify_buyer ?? false,
        last_updated_time: at,
        shipment_uploader: ctx.merchant.id === ctx.app.merchant_id ? 'MERCHANT' : 'PARTNER',
      },
      internal: {
        order_id: capture.root_id ?? capture.body.supplementary_data.related_ids.order_id,
        reference_id: capture.internal.reference_id,
        account_id: ctx.merchant.id,
        update_count: 0,
      },
    };
    createResource(this.deps, trackerMachine, tracker, ADD_TRIGGER[status]);
    sendShipmentNotice(this.deps, tracker);
    return tracker;
  }

  /** `GET ?transaction_id=`: one tracker (with `tracking_number`) or every tracker of the transaction. */
  list(
    query: { transaction_id: string; tracking_number?: string | undefined; account_id?: string | undefined },
    ctx: RequestContext,
  ): { one: StoredTracker } | { all: StoredTracker[] } {
    this.checkAccount(query.account_id, ctx, 'account_id', 'query');
    if (query.tracking_number !== undefined) {
      const tracker = this.deps.store.resources.owned<StoredTracker>(
        TRACKER_KIND,
        trackerId(query.transaction_id, query.tracking_number),
        ctx.app.id,
      );
      if (!tracker)
        throw notFoundDetails(
          queryDetail(
            'tracking_number',
            'RESOURCE_NOT_FOUND',
            `No tracker for transaction ${query.transaction_id} with this tracking number.`,
            query.tracking_number,
          ),
        );
      return { one: tracker };
    }
    if (!this.capture(query.transaction_id, ctx))
      throw notFoundDetails(
        queryDetail(
          'transaction_id',
          'RESOURCE_NOT_FOUND',
          `No captured transaction ${query.transaction_id}.`,
          query.transaction_id,
        ),
      );
    const all = this.deps.store.resources.find<StoredTracker>({
      kind: TRACKER_KIND,
      app: ctx.app.id,
      parent: query.transaction_id,
      sort: OLDEST_FIRST,
    });
    return { all };
  }

  /** `PUT /v1/shipping/trackers/{id}`: the fields given replace theirs; CANCELLED cancels. */
  update(id: string, request: TrackerUpdateRequest, ctx: RequestContext): StoredTracker {
    const tracker = this.get(id, ctx);
    this.checkAccount(request.account_id, ctx, '/account_id', 'body');
    const mismatch = (field: 'transaction_id' | 'tracking_number', value: string) =>
      invalidRequest(
        detail('INVALID_PARAMETER_VALUE', {
          field: `/${field}`,
          value,
          location: 'body',
          description: `The ${field} of tracker ${tracker.id} is ${tracker.body[field]}; a tracker's id does not change.`,
        }),
      );
    if (request.transaction_id !== tracker.body.transaction_id)
      throw mismatch('transaction_id', request.transaction_id);
    if (request.tracking_number !== undefined && request.tracking_number !== tracker.body.tracking_number)
      throw mismatch('tracking_number', request.tracking_number);
    const { account_id: _account, transaction_id: _t, tracking_number: _n, status, ...fields } = request;
    // A new carrier other than OTHER drops the name OTHER carried; the result must follow the rules.
    const next = { ...tracker.body, ...fields };
    if (fields.carrier !== undefined && fields.carrier !== 'OTHER' && fields.carrier_name_other === undefined)
      delete next.carrier_name_other;
    const problems = carrierProblems(next);
    if (problems.length > 0)
      throw invalidRequest(
        ...problems.map((p) =>
          detail(p.missing ? 'MISSING_REQUIRED_PARAMETER' : 'INVALID_PARAMETER_VALUE', {
            field: `/${p.field}`,
            location: 'body',
            description: p.message,
          }),
        ),
      );
    return this.move(tracker, status, (body) => {
      if (next.carrier_name_other === undefined) delete body.carrier_name_other;
      Object.assign(body, fields);
    });
  }

  /**
   * One update of a tracker: refused once it is cancelled (TRACKER_CANCELLED) or after 5 updates
   * (TRACKER_UPDATE_LIMIT_REACHED); `edit` changes its fields, `status` moves it through its machine.
   */
  move(
    tracker: StoredTracker,
    status: StoredTracker['status'],
    edit: (body: TrackerBody) => void,
  ): StoredTracker {
    const trigger = status === tracker.status ? 'update' : MOVE_TRIGGER[status];
    refuseUnless(trackerMachine, tracker, trigger, `The tracker is ${tracker.status}; it cannot be updated.`);
    if (tracker.internal.update_count >= TRACKER_LIMITS.maxUpdates) {
      throw unprocessable(
        detail('TRACKER_UPDATE_LIMIT_REACHED', {
          field: 'id',
          value: tracker.id,
          location: 'path',
          description: `Tracker ${tracker.id} was already updated ${TRACKER_LIMITS.maxUpdates} times, the most a tracker allows.`,
        }),
      );
    }
    edit(tracker.body);
    tracker.internal.update_count += 1;
    tracker.body.last_updated_time = this.deps.clock.nowIso();
    transition(this.deps, trackerMachine, tracker, trigger, {
      note: `update ${tracker.internal.update_count} of ${TRACKER_LIMITS.maxUpdates}`,
    });
    return tracker;
  }

  /** The trackers on an order's captures. */
  ofOrder(orderId: string): StoredTracker[] {
    return this.deps.store.resources.byRoot<StoredTracker['body'], StoredTracker['internal']>(
      TRACKER_KIND,
      orderId,
    ) as StoredTracker[];
  }
}
