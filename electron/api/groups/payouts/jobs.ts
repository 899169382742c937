import { payoutBatchMachine, payoutItemMachine } from '../../../../shared/api/payouts/machines.js';
import { payoutFee } from '../../../../shared/api/payouts/fee-schedule.js';
import { fromMinor, toMinor } from '../../../../shared/money.js';
import { DAY, isoSeconds } from '../../../clock.js';
import type { LedgerPosting } from '../../../ledger/ledger-posting.js';
import type { JobHandler, JobRun } from '../../../scheduler.js';
import type { Account } from '../../../store/repositories/accounts-repo.js';
import type { GroupDeps } from '../../group-deps.js';
import { createResource, transition, transitionIfLegal } from '../../transition.js';
import type { BatchItems } from './batch-items.js';
import { ChunkPacer } from './chunk-pacer.js';
import { SenderFunds } from './sender-funds.js';
import { newTransactionId } from './ids.js';
import { processedItemPostings } from './ledger.js';
import { isPaying, outcomeOf } from './outcomes.js';
import type { SenderBatchHeader } from '../../../../shared/api/payouts/schemas.js';
import type { PayoutItemSpec, StoredPayoutBatch, StoredPayoutItem } from './types.js';
import { sendUnclaimedNotice } from './unclaimed-notice.js';
import { moneyV1, payoutItemId } from './views.js';
import { resourceEnvelope } from '../../../store/stored-resource.js';
import { announceWorkDrained } from '../../../host/idle-heap-release.js';

export const PROCESS_BATCH_JOB = 'payouts.process-batch';
export const RETURN_UNCLAIMED_JOB = 'payouts.return-unclaimed';

/** Unclaimed items return to the sender after 30 days of simulated time (spec part 8). */
export const UNCLAIMED_RETURN_MS = 30 * DAY;
/**
 * Items stored per chunk: one transaction each, the API served between two chunks (fewer while it is
 * busy). A transaction copies every page it changes in and out of SQLite's cache once, whatever number
 * of rows it puts there, so bigger chunks cost less an item (measured in-process, interleaved runs:
 * 96 us of CPU an item at 250, 71 at 500); a quiet API's caller waits behind one chunk at most (about
 * 25 ms on this machine).
 */
export const CHUNK_ITEMS = 500;
/** A new batch starts processing this long after its create answer (simulated time). */
export const PROCESSING_DELAY_MS = 50;
/**
 * How often a waiting batch looks again whether the batch before it is done (real time). Only a fallback:
 * the batch that is done starts the next one at once.
 */
const WAIT_MS = 1_000;

export const processKey = (batchId: string): string => `payouts.process:${batchId}`;
export const returnKey = (batchId: string): string => `payouts.return:${batchId}`;

/** What processing needs of its batch, kept in the job's payload (the batch row is large). */
interface BatchContext {
  app_id: string | null;
  sender: string;
  sender_batch_id?: string;
  count: number;
  /**
   * The header's e-mail subject and message, for the notices of unclaimed items: kept here so that a
   * chunk does not read the batch row (megabytes while it holds its items) to find them. Absent in
   * payloads written before it was kept; such a chunk reads the batch.
   */
  notice?: Pick<SenderBatchHeader, 'email_subject' | 'email_message'>;
}

interface ProcessPayload {
  id: string;
  /** Set once the batch is funded and PROCESSING. */
  batch?: BatchContext;
  /** The index of the next item to process: chunk and cursor commit together, so a restart resumes here. */
  next: number;
  /** UNCLAIMED items so far (their return is scheduled when the batch completes). */
  unclaimed?: number;
  /** How often it waited for an earlier batch within the current clock move. */
  waits?: number;
}

interface ReturnPayload {
  id: string;
}

/**
 * Payout processing on the scheduler, chunk by chunk.
 *
 * Each batch has one pending job (`payouts.process-batch`, unique per batch) whose payload is its cursor.
 * A run processes one chunk of `CHUNK_ITEMS` items in the scheduler's transaction: the items, their
 * ledger lines, their events and the rescheduled job (with the next cursor) commit together, so a restart
 * resumes at the first unprocessed item and no item is paid twice (an item's id is its batch's id and
 * index: a second insert of it would fail).
 *
 * When the next chunk runs is the ChunkPacer's: on the real-time path a pause later, one chunk per turn of
 * the event loop, so the API serves its callers in between; within a clock move every chunk at once, at
 * the batch's due time (the returns falling due 30 days later then run in the same move).
 *
 * Batches are processed one at a time, in creation order (a queue, like the platform's): a batch waits
 * while another is PROCESSING, so its funding check sees every earlier batch paid.
 */
export class PayoutProcessor {
  private readonly pacer: ChunkPacer;

  constructor(
    private readonly deps: GroupDeps,
    private readonly batchItems: BatchItems,
  ) {
    this.pacer = new ChunkPacer(deps);
  }

  /** The job handlers, by kind. */
  jobs(): Record<string, JobHandler> {
    return {
      [PROCESS_BATCH_JOB]: (payload, run) => this.processChunk(payload as ProcessPayload, run),
      [RETURN_UNCLAIMED_JOB]: (payload, run) => this.returnChunk(payload as ReturnPayload, run),
    };
  }

  /** Queues a new batch (inside its create's transaction); processing starts once it commits. */
  enqueue(batchId: string, createdMs: number): void {
    const payload: ProcessPayload = { id: batchId, next: 0 };
    this.deps.scheduler.schedule(
      PROCESS_BATCH_JOB,
      createdMs + PROCESSING_DELAY_MS,
      payload,
      processKey(batchId),
    );
    this.deps.store.db.afterCommit(() => this.pacer.wake(PROCESSING_DELAY_MS));
  }

  /**
   * Moves an UNCLAIMED item to RETURNED, amount and fee back to the sender: the sender cancelled it (the
   * caller checked the machine first), or 30 days passed (skipped when it was cancelled meanwhile).
   */
  returnItem(item: StoredPayoutItem, trigger: 'return' | 'cancel', at: string): boolean {
    if (item.status !== 'UNCLAIMED') return false;
    this.markReversal(item);
    const note = trigger === 'cancel' ? 'cancelled by the sender' : 'unclaimed for 30 days';
    return transitionIfLegal(this.deps, payoutItemMachine, item, trigger, { at, note });
  }

  close(): void {
    this.pacer.close();
  }

  // ---- processing ---------------------------------------------------------------------------------

  private processChunk(payload: ProcessPayload, run: JobRun): void {
    if (this.pacer.yieldFirst(PROCESS_BATCH_JOB, payload, processKey(payload.id))) return;
    const started = performance.now();
    const at = isoSeconds(run.dueAt);
    // The first run reads the batch and funds it; later runs need only their payload (a batch row holds
    // up to 15,000 items: reading it for every chunk would cost more than the chunk).
    let context = payload.batch;
    if (!context) {
      // Without a context the batch is still PENDING (the context is set with the move to PROCESSING).
      // It starts once no batch is PROCESSING and no older one is PENDING (the queue's head is read).
      const processing = this.anotherBatchProcessing();
      const head = processing ? undefined : this.oldestPending();
      const waiting = processing || (head !== undefined && head.id !== payload.id);
      if (head && waiting) this.startNextBatch(run, head.id);
      if (waiting) {
        const waits = this.pacer.moving() ? (payload.waits ?? 0) + 1 : 0;
        this.pacer.next(
          PROCESS_BATCH_JOB,
          { ...payload, waits },
          processKey(payload.id),
          run,
          WAIT_MS,
          waits,
        );
        return;
      }
      this.pacer.chunkRan();
      const batch = head ?? this.readBatch(payload.id);
      if (!batch || (batch.status !== 'PENDING' && batch.status !== 'PROCESSING')) return;
      if (batch.status === 'PENDING') {
        const shortfall = this.shortfall(batch, run.dueAt);
        if (shortfall) {
          batch.body.errors = { name: 'INSUFFICIENT_FUNDS' };
          batch.body.time_closed = at;
          transition(this.deps, payoutBatchMachine, batch, 'deny', { at, note: shortfall });
          this.startNextBatch(run);
          return;
        }
        transition(this.deps, payoutBatchMachine, batch, 'process', { at, note: 'funded by the balance' });
      }
      this.batchItems.of(batch);
      const { sender_batch_id, email_subject, email_message } = batch.body.sender_batch_header;
      context = {
        app_id: batch.app_id,
        sender: batch.internal.sender_account_id,
        count: batch.internal.item_count,
        ...(sender_batch_id !== undefined ? { sender_batch_id } : {}),
        notice: {
          ...(email_subject !== undefined ? { email_subject } : {}),
          ...(email_message !== undefined ? { email_message } : {}),
        },
      };
    }

    this.pacer.chunkRan();
    const items = this.batchItems.ofId(payload.id, () => this.readBatch(payload.id));
    const batchContext = context;
    const end = Math.min(payload.next + this.pacer.chunkItems(CHUNK_ITEMS), context.count);
    const accounts = new Map<string, Account | null>();
    const funds = new SenderFunds(this.deps, context.sender, run.dueAt);
    const postings: LedgerPosting[] = [];
    let unclaimed = payload.unclaimed ?? 0;
    // The batch's e-mail subject and message, and its sender, looked up once per chunk and only when a
    // notice needs them.
    let notice = context.notice ?? null;
    let sender: Account | undefined | null = null;
    // The chunk's items, their events and their notices are written 50 rows a statement, not one each.
    this.deps.store.db.deferInserts(() => {
      for (let index = payload.next; index < end; index++) {
        const item = this.processItem(
          payload.id,
          batchContext,
          items[index] as PayoutItemSpec,
          index,
          at,
          accounts,
          funds,
        );
        for (const posting of processedItemPostings(item, run.dueAt)) postings.push(posting);
        if (item.status === 'UNCLAIMED') {
          unclaimed++;
          if (notice === null) notice = this.readBatch(payload.id)?.body.sender_batch_header ?? {};
          if (sender === null) sender = this.deps.store.accounts.byId(batchContext.sender);
          sendUnclaimedNotice(this.deps.mailbox, sender, item, notice, UNCLAIMED_RETURN_MS);
        }
      }
      this.deps.ledger.writer.apply(postings);
    });
    if (end < context.count) {
      const next: ProcessPayload = { id: payload.id, next: end, unclaimed, batch: context };
      this.pacer.next(PROCESS_BATCH_JOB, next, processKey(payload.id), run, this.pacer.pauseAfter(started));
      return;
    }
    const batch = this.readBatch(payload.id);
    if (!batch) return;
    batch.body.time_completed = at;
    batch.body.time_closed = at;
    // Every item is a resource now: the batch row no longer carries the request's copy of them.
    batch.internal.items_json = '';
    this.batchItems.forget(batch.id);
    transition(this.deps, payoutBatchMachine, batch, 'complete', {
      at,
      note: `${context.count} items processed, ${unclaimed} unclaimed`,
    });
    if (!this.startNextBatch(run)) this.announceDrained();
    if (unclaimed > 0) {
      const returns: ReturnPayload = { id: batch.id };
      this.deps.scheduler.schedule(
        RETURN_UNCLAIMED_JOB,
        run.dueAt + UNCLAIMED_RETURN_MS,
        returns,
        returnKey(batch.id),
      );
    }
  }

  private readBatch(id: string): StoredPayoutBatch | undefined {
    return this.deps.store.resources.get<StoredPayoutBatch['body'], StoredPayoutBatch['internal']>(
      'payout-batch',
      id,
    );
  }

  /** Stores item `index` of `batch` in its outcome (one write) with its events; the caller posts its ledger lines. */
  private processItem(
    batchId: string,
    batch: BatchContext,
    spec: PayoutItemSpec,
    index: number,
    at: string,
    accounts: Map<string, Account | null>,
    funds: SenderFunds,
  ): StoredPayoutItem {
    const currency = spec.amount.currency;
    const amountMinor = toMinor(spec.amount.value, currency);
    let outcome = outcomeOf(spec, this.deps.store, accounts);
    // Funded item by item: what the balance can no longer cover (drained since the batch started) fails.
    if (isPaying(outcome) && !funds.take(currency, amountMinor + payoutFee(amountMinor, currency))) {
      outcome = { trigger: 'fail', error: 'INSUFFICIENT_FUNDS' };
    }
    const paid = isPaying(outcome);
    const fee = paid ? payoutFee(amountMinor, currency) : 0n;
    const payment = paid ? newTransactionId() : undefined;
    const id = payoutItemId(batchId, index);
    const senderBatchId = batch.sender_batch_id;
    const item: StoredPayoutItem = {
      ...resourceEnvelope({
        kind: 'payout-item',
        id,
        app: batch.app_id,
        status: 'PENDING',
        parent: batchId,
        root: batchId,
        at,
      }),
      body: {
        payout_item_id: id,
        ...(payment ? { transaction_id: payment, activity_id: newTransactionId() } : {}),
        payout_item_fee: moneyV1(fee, currency),
        payout_batch_id: batchId,
        ...(senderBatchId !== undefined ? { sender_batch_id: senderBatchId } : {}),
        payout_item: spec,
        time_processed: at,
        ...(outcome.error ? { errors: { name: outcome.error } } : {}),
      },
      internal: {
        index,
        sender_account_id: batch.sender,
        currency,
        amount_minor: String(amountMinor),
        fee_minor: String(fee),
        ...(outcome.account ? { receiver_account_id: outcome.account.id } : {}),
        ...(payment ? { payment_transaction_id: payment } : {}),
      },
    };
    createResource(this.deps, payoutItemMachine, item, outcome.trigger);
    if (outcome.refund) {
      this.markReversal(item);
      transition(this.deps, payoutItemMachine, item, 'refund', {
        at,
        note: `refunded by the receiver: ${fromMinor(amountMinor, currency)} ${currency} back, the fee kept`,
      });
    }
    return item;
  }

  /** Why the sender's available balance cannot fund the batch plus its fees, if it cannot. */
  private shortfall(batch: StoredPayoutBatch, atMs: number): string | undefined {
    const sender = batch.internal.sender_account_id;
    const reads = this.deps.ledger.reads;
    for (const total of batch.internal.totals) {
      const need = BigInt(total.amount_minor) + BigInt(total.fees_minor);
      const available =
        reads.balance(sender, total.currency, atMs) - reads.withheld(sender, total.currency, atMs);
      if (available < need) {
        const c = total.currency;
        return `insufficient funds: ${fromMinor(need, c)} ${c} needed (amount plus fees), ${fromMinor(available, c)} ${c} available`;
      }
    }
    return undefined;
  }

  private anotherBatchProcessing(): boolean {
    return this.deps.store.resources.list('payout-batch', { status: 'PROCESSING' }, 0, 0).total > 0;
  }

  /** The PENDING batch made first: the head of the queue. */
  private oldestPending(): StoredPayoutBatch | undefined {
    const pending = { status: 'PENDING' };
    const { total } = this.deps.store.resources.list('payout-batch', pending, 0, 0);
    if (total === 0) return undefined;
    // Listed newest first: the last one is the oldest.
    return this.deps.store.resources.list<StoredPayoutBatch['body'], StoredPayoutBatch['internal']>(
      'payout-batch',
      pending,
      1,
      total - 1,
    ).items[0];
  }

  /**
   * Makes the oldest PENDING batch due at once: a batch is done or denied (the next one starts now, not
   * at its next look), or a younger one looked first (only the oldest may start: each waiting batch
   * looks again on its own, and the first to look is not the first made; the oldest one's job may be
   * waiting for its next look, or gone).
   */
  private startNextBatch(run: JobRun, headId = this.oldestPending()?.id): boolean {
    if (!headId) return false;
    const payload: ProcessPayload = { id: headId, next: 0 };
    this.pacer.next(PROCESS_BATCH_JOB, payload, processKey(headId), run, 0);
    return true;
  }

  /**
   * The last batch of the queue is done: the host's heap release hears of it at once (it gives back
   * the young generation and the garbage that processing grew, unless the API is busy), instead of
   * three idle seconds later. On the real-time path only (a clock move runs inside a caller's request),
   * once the chunk has committed, and on the next turn of the event loop: callers that arrived during
   * the chunk are answered first, and whether the API is busy is judged then.
   */
  private announceDrained(): void {
    if (this.pacer.moving()) return;
    this.deps.store.db.afterCommit(() => {
      setImmediate(() => announceWorkDrained({ apiBusy: this.pacer.apiBusy() })).unref();
    });
  }

  // ---- returns ------------------------------------------------------------------------------------

  /** Returns the batch's UNCLAIMED items, each 30 days after it was processed, a chunk per run. */
  private returnChunk(payload: ReturnPayload, run: JobRun): void {
    if (this.pacer.yieldFirst(RETURN_UNCLAIMED_JOB, payload, returnKey(payload.id))) return;
    this.pacer.chunkRan();
    const started = performance.now();
    const { items } = this.deps.store.resources.list<StoredPayoutItem['body'], StoredPayoutItem['internal']>(
      'payout-item',
      { rootId: payload.id, status: 'UNCLAIMED' },
      CHUNK_ITEMS,
      0,
    );
    for (const item of items) {
      const processed = Date.parse(item.body.time_processed ?? item.create_time);
      this.returnItem(item, 'return', isoSeconds(Math.min(processed + UNCLAIMED_RETURN_MS, run.now)));
    }
    if (items.length === CHUNK_ITEMS)
      this.pacer.next(
        RETURN_UNCLAIMED_JOB,
        payload,
        returnKey(payload.id),
        run,
        this.pacer.pauseAfter(started),
      );
  }

  /** The item's return or refund gets its own transaction id, which the item then shows. */
  private markReversal(item: StoredPayoutItem): void {
    const reversal = newTransactionId();
    item.internal.reversal_transaction_id = reversal;
    item.body.transaction_id = reversal;
  }
}
