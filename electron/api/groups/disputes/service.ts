import {
  DISPUTE_PAGE_SIZE,
  CommunicationDetailsSchema,
  statesOf,
  type DisputeListQueryInput,
  type DisputeStateFilter,
} from '../../../../shared/api/disputes/index.js';
import type { PatchOperation } from '../../../../shared/json-patch.js';
import { DAY, isoSeconds } from '../../../clock.js';
import type { SeekCursor } from '../../../store/repositories/resources-repo.js';
import type { ApiDeps } from '../../deps.js';
import { detail, invalidRequest, notFound, unprocessable } from '../../pipeline/api-error.js';
import type { Link } from '../../pipeline/links.js';
import { tokenPageLinks } from '../../pipeline/paging.js';
import { refuseMalformedPatch } from '../../pipeline/patch-errors.js';
import type { RequestContext } from '../../route.js';
import type { DisputeDocumentStore, DocumentBytes } from './documents.js';
import type { DisputeFlow } from './flow.js';
import type { DisputePayments } from './ports.js';
import type { StoredDispute } from './types.js';
import { disputeSummary, DISPUTES_PATH } from './views.js';

/** How far back the list's time filters may reach (the platform's 180 days). */
const LIST_HISTORY_MS = 180 * DAY;

const encodeToken = (cursor: SeekCursor): string =>
  Buffer.from(JSON.stringify([cursor.createTime, cursor.rowid])).toString('base64');

function decodeToken(token: string): SeekCursor {
  try {
    const [createTime, rowid] = JSON.parse(Buffer.from(token, 'base64').toString('utf8')) as unknown[];
    if (typeof createTime === 'string' && Number.isSafeInteger(rowid))
      return { createTime, rowid: rowid as number };
  } catch {
    // answered below
  }
  throw invalidRequest(
    detail('INVALID_PARAMETER_VALUE', {
      field: 'next_page_token',
      value: token,
      location: 'query',
      description: 'The page token does not come from a next link of this list.',
    }),
  );
}

/**
 * Customer disputes: reading, listing and updating them. The parties' actions are in `actions.ts`;
 * every write runs inside the request's transaction.
 */
export class DisputesService {
  constructor(
    readonly deps: ApiDeps,
    readonly payments: DisputePayments,
    readonly flow: DisputeFlow,
    readonly documents: DisputeDocumentStore,
  ) {}

  /** A document given with one of the caller's disputes: its bytes, or 404 as for a dispute. */
  document(id: string, documentId: string, ctx: RequestContext): DocumentBytes & { name: string } {
    const dispute = this.get(id, ctx);
    const meta = dispute.internal.documents.find((d) => d.id === documentId);
    const bytes = meta ? this.documents.get(dispute.id, documentId) : undefined;
    if (!meta || !bytes) throw notFound('document', documentId, 'document_id');
    return { ...bytes, name: meta.name };
  }

  /**
   * A dispute of the caller's app; acting for a seller, only that seller's (the pipeline checked the
   * features the route declares).
   */
  get(id: string, ctx: RequestContext): StoredDispute {
    const found = this.deps.store.resources.owned<StoredDispute>('dispute', id, ctx.app.id);
    if (!found) throw notFound('dispute', id);
    if (ctx.consent && found.internal.merchant_id !== ctx.merchant.id) throw notFound('dispute', id);
    return found;
  }

  list(
    query: DisputeListQueryInput,
    ctx: RequestContext,
  ): { items: Record<string, unknown>[]; links: Link[] } {
    const pageSize = query.page_size ? Number(query.page_size) : DISPUTE_PAGE_SIZE.default;
    const statuses = query.dispute_state
      ? [...new Set(query.dispute_state.split(',').flatMap((s) => statesOf(s as DisputeStateFilter)))]
      : undefined;
    const after = query.next_page_token ? decodeToken(query.next_page_token) : undefined;
    const createdFrom = this.recentTime(query.start_time, 'start_time');
    const updatedBefore = this.recentTime(query.update_time_before, 'update_time_before');
    const updatedAfter = this.recentTime(query.update_time_after, 'update_time_after');
    let rootId: string | undefined;
    if (query.disputed_transaction_id) {
      const transaction = this.payments.transaction(query.disputed_transaction_id);
      if (!transaction?.rootId || transaction.appId !== ctx.app.id)
        return { items: [], links: this.listLinks(query, ctx) };
      rootId = transaction.rootId;
    }
    const page = this.deps.store.resources.seek<StoredDispute>(
      {
        kind: 'dispute',
        app: ctx.app.id,
        ...(rootId ? { descendantsOf: rootId, parent: query.disputed_transaction_id } : {}),
        ...(statuses && statuses.length > 0 ? { status: statuses } : {}),
        between: [
          { column: 'create_time', from: createdFrom },
          { column: 'update_time', after: updatedAfter, to: updatedBefore },
        ],
      },
      pageSize,
      after,
    );
    return {
      items: page.items.map((d) => disputeSummary(d, ctx.baseUrl)),
      links: this.listLinks(query, ctx, page.next),
    };
  }

  /** A time filter as the rows store it (UTC, whole seconds); refused beyond the last 180 days. */
  private recentTime(value: string | undefined, field: string): string | undefined {
    if (value === undefined) return undefined;
    const ms = Date.parse(value);
    if (Number.isNaN(ms) || ms < this.deps.clock.now() - LIST_HISTORY_MS)
      throw invalidRequest(
        detail('INVALID_PARAMETER_VALUE', {
          field,
          value,
          location: 'query',
          description: 'The time must be a valid date-time within the last 180 days.',
        }),
      );
    return isoSeconds(ms);
  }

  private listLinks(query: DisputeListQueryInput, ctx: RequestContext, next?: SeekCursor): Link[] {
    return tokenPageLinks({
      baseUrl: ctx.baseUrl,
      path: DISPUTES_PATH,
      params: { ...query },
      tokenParam: 'next_page_token',
      nextToken: next ? encodeToken(next) : undefined,
    });
  }

  /**
   * PATCH: the seller's `communication_details` (add or replace the object, or its `email` and `note`).
   * Any other path or op is refused as the platform refuses it.
   */
  update(id: string, operations: readonly PatchOperation[], ctx: RequestContext): void {
    refuseMalformedPatch(operations);
    const dispute = this.get(id, ctx);
    const at = this.deps.clock.nowIso();
    let details: Record<string, unknown> = { ...(dispute.body.communication_details ?? {}) };
    delete details.time_posted;
    operations.forEach((operation, index) => {
      if (operation.op !== 'add' && operation.op !== 'replace')
        throw unprocessable(
          detail('PATCH_OPERATION_NOT_SUPPORTED', {
            field: `/${index}/op`,
            value: operation.op,
            location: 'body',
          }),
        );
      if (operation.path === '/communication_details') {
        details = (operation.value ?? {}) as Record<string, unknown>;
      } else if (
        operation.path === '/communication_details/email' ||
        operation.path === '/communication_details/note'
      ) {
        details[operation.path.slice('/communication_details/'.length)] = operation.value;
      } else {
        throw unprocessable(
          detail('PATCH_PATH_NOT_SUPPORTED', {
            field: `/${index}/path`,
            value: operation.path,
            location: 'body',
            description: 'Only /communication_details (email, note) can be updated.',
          }),
        );
      }
    });
    const parsed = CommunicationDetailsSchema.safeParse(details);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw invalidRequest(
        detail('INVALID_PARAMETER_VALUE', {
          field: `/communication_details/${issue?.path.join('/') ?? ''}`,
          location: 'body',
          description: issue?.message ?? 'Invalid communication details.',
        }),
      );
    }
    dispute.body.communication_details = { ...parsed.data, time_posted: at };
    this.flow.move(dispute, 'update', { note: 'communication details updated' });
  }
}
