import type { z } from 'zod';
import {
  REFERENCED_PAYOUT_LIMITS,
  RESPOND_ASYNC,
  referencedPayoutBatchMachine,
  referencedPayoutItemMachine,
  type ReferencedPayoutBatchRequest,
  type ReferencedPayoutItemRequest,
  type ReferencedPayoutWriteHeaders,
} from '../../../../shared/api/referenced-payouts/index.js';
import { money, type Money } from '../../../../shared/money.js';
import { isoSeconds } from '../../../clock.js';
import type { GroupDeps } from '../../group-deps.js';
import { detail, internalError, notAuthorized, notFound } from '../../pipeline/api-error.js';
import type { RequestContext } from '../../route.js';
import { createResource, transitionIfLegal } from '../../transition.js';
import { newReferencedBatchId, newReferencedItemId } from './ids.js';
import {
  PROCESS_REFERENCED_PAYOUT_JOB,
  PROCESSING_DELAY_MS,
  processingKey,
  type ProcessPayload,
} from './jobs.js';
import { planPayouts, type PlannedPayout } from './payout-plan.js';
import { PayoutProcessor } from './processing.js';
import {
  BATCH_KIND,
  ITEM_KIND,
  type ReferencedPayoutBatchBody,
  type ReferencedPayoutBatchInternal,
  type ReferencedPayoutItemBody,
  type ReferencedPayoutItemInternal,
  type StoredReferencedPayoutBatch,
  type StoredReferencedPayoutItem,
} from './types.js';
import { itemsOfBatch } from './views.js';
import { resourceEnvelope } from '../../../store/stored-resource.js';

export type WriteHeaders = z.output<typeof ReferencedPayoutWriteHeaders>;

/** A created batch or item, and whether it was queued (202) rather than processed in the call (201). */
export interface Created<R> {
  resource: R;
  queued: boolean;
}

const optional = <K extends string, V>(key: K, value: V | undefined): Partial<Record<K, V>> =>
  value === undefined ? {} : ({ [key]: value } as Record<K, V>);

/** Whole seconds, as every time the API shows. */
const wholeSeconds = (ms: number): number => Math.floor(ms / 1000) * 1000;

/**
 * Referenced payouts (spec 2.13, 4.10): payouts tied to an earlier transaction, in batches of up to
 * 1000 items or one at a time. A call is processed within the request (synchronously: up to 10 items
 * without `Prefer: respond-async`), or queued and processed by the scheduler a few seconds of simulated
 * time later. Every method runs inside the caller's transaction (the request's, or the job's).
 */
export class ReferencedPayoutsService {
  private readonly processor: PayoutProcessor;

  constructor(private readonly deps: GroupDeps) {
    this.processor = new PayoutProcessor(deps, deps.ledger);
  }

  createBatch(
    request: ReferencedPayoutBatchRequest,
    headers: WriteHeaders,
    ctx: RequestContext,
  ): Created<StoredReferencedPayoutBatch> {
    requireAttribution(headers, ctx);
    const plans = planPayouts(
      this.deps.store,
      ctx,
      request.referenced_payouts.map((item, index) => ({
        request: item,
        at: `/referenced_payouts/${index}`,
      })),
      request.payout_directive,
    );
    // More than 10 items is processed asynchronously whatever Prefer says (spec part 8).
    const queued = plans.length > REFERENCED_PAYOUT_LIMITS.syncItems || wantsAsync(headers);
    const nowMs = wholeSeconds(this.deps.clock.now());
    const at = isoSeconds(nowMs);
    const id = newReferencedBatchId();
    const total = totalOf(plans);
    const batch: StoredReferencedPayoutBatch = {
      ...resourceEnvelope({ kind: BATCH_KIND, id, app: ctx.app.id, status: 'PROCESSING', at }),
      body: { ...optional('payout_directive', request.payout_directive) } as ReferencedPayoutBatchBody,
      internal: {
        item_count: plans.length,
        ...optional('total', total),
        sender_account_id: ctx.merchant.id,
        partner_attribution_id: headers['svc-partner-attribution-id'] ?? null,
        synchronous: !queued,
      } as ReferencedPayoutBatchInternal,
    };
    createResource(this.deps, referencedPayoutBatchMachine, batch, 'create');
    const items = plans.map((plan) => this.createItemResource(plan, headers, ctx, id, at, !queued));
    if (queued) this.schedule({ kind: 'batch', id }, nowMs);
    else this.completeBatch(batch, items, nowMs, at);
    return { resource: batch, queued };
  }

  createItem(
    request: ReferencedPayoutItemRequest,
    headers: WriteHeaders,
    ctx: RequestContext,
  ): Created<StoredReferencedPayoutItem> {
    requireAttribution(headers, ctx);
    const [plan] = planPayouts(this.deps.store, ctx, [{ request, at: '' }], undefined);
    if (!plan) throw internalError();
    const queued = wantsAsync(headers);
    const nowMs = wholeSeconds(this.deps.clock.now());
    const at = isoSeconds(nowMs);
    const item = this.createItemResource(plan, headers, ctx, null, at, !queued);
    if (queued) this.schedule({ kind: 'item', id: item.id }, nowMs);
    else this.processor.process(ctx.app.id, [item], nowMs, at);
    return { resource: item, queued };
  }

  getBatch(id: string, ctx: RequestContext): StoredReferencedPayoutBatch {
    const found = this.deps.store.resources.owned<StoredReferencedPayoutBatch>(BATCH_KIND, id, ctx.app.id);
    if (!found) throw notFound('referenced payout batch', id, 'payouts_batch_id');
    return found;
  }

  getItem(id: string, ctx: RequestContext): StoredReferencedPayoutItem {
    const found = this.deps.store.resources.owned<StoredReferencedPayoutItem>(ITEM_KIND, id, ctx.app.id);
    if (!found) throw notFound('referenced payout item', id, 'payouts_item_id');
    return found;
  }

  /** The scheduled processing of a queued batch or item (in the scheduler's transaction). */
  processDue(payload: ProcessPayload, dueAt: number): void {
    const atMs = wholeSeconds(dueAt);
    const at = isoSeconds(atMs);
    if (payload.kind === 'item') {
      const item = this.deps.store.resources.get<ReferencedPayoutItemBody, ReferencedPayoutItemInternal>(
        ITEM_KIND,
        payload.id,
      );
      if (item?.app_id) this.processor.process(item.app_id, [item], atMs, at);
      return;
    }
    const batch = this.deps.store.resources.get<ReferencedPayoutBatchBody, ReferencedPayoutBatchInternal>(
      BATCH_KIND,
      payload.id,
    );
    if (batch) this.completeBatch(batch, itemsOfBatch(this.deps.store, batch.id), atMs, at);
  }

  private completeBatch(
    batch: StoredReferencedPayoutBatch,
    items: readonly StoredReferencedPayoutItem[],
    atMs: number,
    at: string,
  ): void {
    if (batch.app_id) this.processor.process(batch.app_id, items, atMs, at);
    transitionIfLegal(this.deps, referencedPayoutBatchMachine, batch, 'complete', {
      note: `${items.length} item${items.length === 1 ? '' : 's'} processed`,
      at,
    });
  }

  private schedule(payload: ProcessPayload, nowMs: number): void {
    this.deps.scheduler.schedule(
      PROCESS_REFERENCED_PAYOUT_JOB,
      nowMs + PROCESSING_DELAY_MS,
      payload,
      processingKey(payload.id),
    );
  }

  private createItemResource(
    plan: PlannedPayout,
    headers: WriteHeaders,
    ctx: RequestContext,
    batchId: string | null,
    at: string,
    synchronous: boolean,
  ): StoredReferencedPayoutItem {
    const id = newReferencedItemId();
    const request = plan.request;
    const item: StoredReferencedPayoutItem = {
      kind: ITEM_KIND,
      id,
      app_id: ctx.app.id,
      status: 'PROCESSING',
      parent_id: batchId,
      // A batch's items descend from it; a standalone item is its own root.
      root_id: batchId ?? id,
      create_time: at,
      update_time: at,
      body: {
        item_id: id,
        reference_id: request.reference_id,
        reference_type: request.reference_type,
        payout_amount: money(plan.amountMinor, plan.currency),
        ...optional('payout_destination', plan.destination),
        ...optional('disbursement_transaction_id', plan.capture?.id),
        ...optional('external_merchant_id', request.external_merchant_id),
        ...optional('external_reference_id', request.external_reference_id),
        ...optional('invoice_id', request.invoice_id),
        ...optional('custom', request.custom),
        ...optional('payee_email', request.payee_email),
      },
      internal: {
        amount_minor: String(plan.amountMinor),
        sender_account_id: ctx.merchant.id,
        payee_account_id: plan.payeeAccountId,
        payee_email: plan.payeeEmail,
        partner_attribution_id: headers['svc-partner-attribution-id'] ?? null,
        synchronous,
      },
    };
    createResource(this.deps, referencedPayoutItemMachine, item, 'create');
    return item;
  }
}

/** `Prefer: respond-async` (any other preference leaves the call synchronous). */
const wantsAsync = (headers: WriteHeaders): boolean => RESPOND_ASYNC.test(headers.prefer ?? '');

/**
 * Referenced payouts need a build-notation code for partners (spec 4.10). The sandbox knows a partner
 * call by `Svc-Auth-Assertion` (the app acts for another merchant): such a call without
 * `Svc-Partner-Attribution-Id` is refused with 403. A merchant paying out its own captures needs none.
 * The code's form is checked by the schema whenever it is sent.
 */
function requireAttribution(headers: WriteHeaders, ctx: RequestContext): void {
  if (ctx.merchant.id === ctx.app.merchant_id || headers['svc-partner-attribution-id'] !== undefined) return;
  throw notAuthorized(
    detail('PARTNER_ATTRIBUTION_ID_REQUIRED', { field: 'Svc-Partner-Attribution-Id', location: 'header' }),
  );
}

/** The items' total when they share one currency. */
function totalOf(plans: readonly PlannedPayout[]): Money | undefined {
  const currency = plans[0]?.currency;
  if (!currency || plans.some((p) => p.currency !== currency)) return undefined;
  return money(
    plans.reduce((sum, p) => sum + p.amountMinor, 0n),
    currency,
  );
}
