import { payoutBatchMachine, payoutItemMachine } from '../../../../shared/api/payouts/machines.js';
import { scanPayoutBatch } from '../../../../shared/api/payouts/payout-rules.js';
import { NOTE_TEST_VALUES, type NoteTestValue } from '../../../../shared/api/payouts/sandbox-receivers.js';
import {
  BATCH_FIELDS,
  PAYOUT_LIMITS,
  type BatchField,
  type CreatePayoutRequest,
  type PayoutBatchQueryInput,
} from '../../../../shared/api/payouts/schemas.js';
import type { Issue } from '../../../../shared/api/registry.js';
import type { ErrorDetail } from '../../../../shared/errors.js';
import { DAY, isoSeconds } from '../../../clock.js';
import type { GroupDeps } from '../../group-deps.js';
import {
  detail,
  internalError,
  invalidRequest,
  notAuthorized,
  notFound,
  unprocessable,
} from '../../pipeline/api-error.js';
import { link, type Link } from '../../pipeline/links.js';
import { pageCount, pageLinks, readPage, type PageLinkRule } from '../../pipeline/paging.js';
import type { RequestContext } from '../../route.js';
import { createResource, refuseUnless } from '../../transition.js';
import { BatchItems } from './batch-items.js';
import type { RecentBatches } from './batch-cache.js';
import { newPayoutBatchId } from './ids.js';
import type { PayoutProcessor } from './jobs.js';
import type { PayoutItemSpec, StoredPayoutBatch, StoredPayoutItem, StoredTotals } from './types.js';
import {
  BATCHES_PATH,
  batchHeaderView,
  itemView,
  listedItemLinks,
  moneyV1,
  parsePayoutItemId,
  payoutItemId,
  unprocessedItem,
} from './views.js';
import { resourceEnvelope } from '../../../store/stored-resource.js';

/** A batch's item pages: self, next where there is one, and last on every page. */
const BATCH_PAGE_LINKS: readonly PageLinkRule[] = [
  { step: 'self' },
  { step: 'next' },
  { step: 'last', always: true },
];

/** Payouts keep `Svc-Request-Id` and `sender_batch_id` for 30 days (spec part 8). */
export const PAYOUT_KEY_RETENTION_MS = 30 * DAY;
/** Where a `sender_batch_id` is remembered: the idempotency records, under an operation of its own. */
const SENDER_BATCH_OPERATION = 'payouts.sender_batch_id';
/** An error answer lists at most this many problems of a batch's items. */
const MAX_DETAILS = 100;

/**
 * Payouts (spec 2.12, 4.10): the create call's initial scan, the duplicate `sender_batch_id` rule, the
 * batch's paged read and the items' read and cancel. Processing is the `PayoutProcessor`'s (jobs.ts).
 * Every method runs inside the caller's request transaction.
 */
export class PayoutsService {
  constructor(
    private readonly deps: GroupDeps,
    private readonly processor: PayoutProcessor,
    private readonly items: BatchItems,
    private readonly batches: RecentBatches,
  ) {}

  create(request: CreatePayoutRequest, ctx: RequestContext): StoredPayoutBatch {
    answerTestValue(request.items[0]?.note);
    const scan = scanPayoutBatch(request);
    if (scan.problems.length > 0) {
      throw invalidRequest(
        ...scan.problems.slice(0, MAX_DETAILS).map((p) =>
          detail(p.issue, {
            field: p.field,
            location: 'body',
            description: p.description,
            ...(p.value !== undefined ? { value: p.value } : {}),
          }),
        ),
      );
    }
    const now = this.deps.clock.now();
    const at = isoSeconds(now);
    const senderBatchId = request.sender_batch_header.sender_batch_id || undefined;
    if (senderBatchId !== undefined) this.refuseDuplicate(senderBatchId, ctx, now);

    const id = newPayoutBatchId();
    const totals: StoredTotals[] = [...scan.totals].map(([currency, t]) => ({
      currency,
      amount_minor: String(t.amount),
      fees_minor: String(t.fees),
      count: t.count,
    }));
    const single = scan.totals.size === 1 ? [...scan.totals][0] : undefined;
    const batch: StoredPayoutBatch = {
      ...resourceEnvelope({ kind: 'payout-batch', id, app: ctx.app.id, status: 'PENDING', at }),
      body: {
        payout_batch_id: id,
        time_created: at,
        sender_batch_header: request.sender_batch_header,
        funding_source: 'BALANCE',
        ...(single
          ? { amount: moneyV1(single[1].amount, single[0]), fees: moneyV1(single[1].fees, single[0]) }
          : {}),
      },
      internal: {
        sender_account_id: ctx.merchant.id,
        item_count: scan.items.length,
        items_json: BatchItems.encode(scan.items),
        totals,
      },
    };
    createResource(this.deps, payoutBatchMachine, batch, 'create');
    this.items.remember(id, scan.items);
    if (senderBatchId !== undefined) {
      this.deps.store.idempotency.save({
        app_id: ctx.app.id,
        operation: SENDER_BATCH_OPERATION,
        key: senderBatchId,
        status_code: 201,
        resource_kind: 'payout-batch',
        resource_id: id,
        created_at: now,
        expires_at: now + PAYOUT_KEY_RETENTION_MS,
      });
    }
    this.processor.enqueue(id, now);
    return batch;
  }

  getBatch(id: string, ctx: RequestContext): StoredPayoutBatch {
    const batch = this.batches.owned(id, ctx.app.id);
    if (!batch) throw notFound('payout batch', id);
    return batch;
  }

  /** `GET /v1/payments/payouts/{id}`: the header and a page of items, `fields` selecting the members. */
  showBatch(id: string, query: PayoutBatchQueryInput, ctx: RequestContext): Record<string, unknown> {
    const batch = this.getBatch(id, ctx);
    const request = readPage(query, { defaultPageSize: PAYOUT_LIMITS.defaultPageSize });
    const { page, pageSize, totalRequired } = request;
    const fields = new Set<BatchField>(
      query.fields ? query.fields.split(',').map((f) => f.trim() as BatchField) : BATCH_FIELDS,
    );
    const total = batch.internal.item_count;
    const totalPages = pageCount(total, pageSize);
    const links = pageLinks({
      baseUrl: ctx.baseUrl,
      path: `${BATCHES_PATH}/${batch.id}`,
      request,
      total,
      params: { page, page_size: pageSize, total_required: totalRequired, fields: query.fields },
      rules: BATCH_PAGE_LINKS,
    });

    return {
      ...(totalRequired ? { total_items: total, total_pages: totalPages } : {}),
      ...(fields.has('batch_header') ? { batch_header: batchHeaderView(batch, ctx.baseUrl) } : {}),
      ...(fields.has('items') ? { items: this.pageOfItems(batch, page, pageSize, ctx.baseUrl) } : {}),
      links,
    };
  }

  /** An item: stored once processed, else as its batch holds it (PENDING, or DENIED with its batch). */
  getItem(id: string, ctx: RequestContext): StoredPayoutItem {
    const item = this.deps.store.resources.owned<StoredPayoutItem>('payout-item', id, ctx.app.id);
    if (item) return item;
    const parsed = parsePayoutItemId(id);
    const batch = parsed ? this.batches.owned(parsed.batchId, ctx.app.id) : undefined;
    const held =
      batch && parsed ? unprocessedItem(batch, parsed.index, this.items.of(batch)[parsed.index]) : undefined;
    if (!held) throw notFound('payout item', id);
    return held;
  }

  /** `POST /v1/payments/payouts-item/{id}/cancel`: only an UNCLAIMED item; it returns to the sender. */
  cancelItem(id: string, ctx: RequestContext): StoredPayoutItem {
    const item = this.getItem(id, ctx);
    refuseUnless(payoutItemMachine, item, 'cancel');
    this.processor.returnItem(item, 'cancel', this.deps.clock.nowIso());
    return item;
  }

  private pageOfItems(batch: StoredPayoutBatch, page: number, pageSize: number, base: string): unknown[] {
    const start = (page - 1) * pageSize;
    const end = Math.min(start + pageSize, batch.internal.item_count);
    // Nothing is stored before processing starts, and nothing of a denied batch.
    const stored = batch.status === 'PROCESSING' || batch.status === 'SUCCESS';
    const items: unknown[] = [];
    // Parsed only if some item of the page is still held by the batch.
    let specs: PayoutItemSpec[] | undefined;
    for (let index = start; index < end; index++) {
      const id = payoutItemId(batch.id, index);
      const item =
        (stored
          ? this.deps.store.resources.get<StoredPayoutItem['body'], StoredPayoutItem['internal']>(
              'payout-item',
              id,
            )
          : undefined) ?? unprocessedItem(batch, index, (specs ??= this.items.of(batch))[index]);
      if (item) items.push({ ...itemView(item, base), links: listedItemLinks(id, base) });
    }
    return items;
  }

  /** Spec 4.10: a `sender_batch_id` used in the last 30 days is refused, naming and linking the original. */
  private refuseDuplicate(senderBatchId: string, ctx: RequestContext, now: number): void {
    const earlier = this.deps.store.idempotency.find(ctx.app.id, SENDER_BATCH_OPERATION, senderBatchId, now);
    if (!earlier) return;
    const original = earlier.resource_id;
    const entry: ErrorDetail & { link: Link[] } = {
      ...detail('DUPLICATE_SENDER_BATCH_ID', {
        field: '/sender_batch_header/sender_batch_id',
        value: senderBatchId,
        location: 'body',
        description: `Batch with given sender_batch_id already exists: ${senderBatchId} was used by payout ${original} in the last 30 days.`,
      }),
      link: [link(ctx.baseUrl, `${BATCHES_PATH}/${original}`, 'self')],
    };
    throw invalidRequest(entry);
  }
}

/** The platform's sandbox test values in `items[0].note` force their error; nothing is created. */
function answerTestValue(note: string | undefined): void {
  if (!note || !Object.hasOwn(NOTE_TEST_VALUES, note)) return;
  const value = NOTE_TEST_VALUES[note as NoteTestValue];
  const field = { field: '/items/0/note', value: note, location: 'body' as const };
  switch (value.status) {
    case 500:
      throw internalError();
    case 400:
      throw invalidRequest(detail(value.issue as Issue, field));
    case 403:
      throw notAuthorized(detail(value.issue as Issue, field));
    default:
      throw unprocessable(detail(value.issue as Issue, field));
  }
}
