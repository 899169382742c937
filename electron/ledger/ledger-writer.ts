import { eventCode, type TransactionStatus } from '../../shared/api/reporting.js';
import { randomString } from '../../shared/ids.js';
import type { ApiDeps } from '../api/deps.js';
import type {
  StoredAuthorization,
  StoredCapture,
  StoredRefund,
} from '../api/groups/payments-v2/payment-types.js';
import type { ResourceTransition } from '../api/transition-bus.js';
import type { LedgerRepository } from './ledger-repo.js';
import type { NewLedgerEntry } from './ledger-types.js';
import { orderContext } from './order-context.js';
import type { Settlement } from './settlement.js';

/** A transaction id of the report: 17 capital letters and digits, like every payment id. */
export const newTransactionId = (): string => randomString('ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789', 17);

/** Payment codes a capture writes; a full refund reverses these entries (V). */
const SALE_CODES = ['T0006', 'T0013'] as const;

/**
 * Writes the ledger. It listens to every resource transition, inside the transaction that made it, so a
 * capture and its ledger entry commit or roll back together:
 *
 * - capture created: T0006 (or T0013 for donations), amount +gross, fee -fee of the fee schedule, S;
 * - capture fully refunded: its payment entry becomes V (spec part 3);
 * - refund created: T1107, amount -refund, fee +the percentage fee returned, S;
 * - authorization created: T1300 memo, P; fully captured: S; voided or expired: V;
 * - reauthorized: T1302 memo; voided: T1303 memo (both share the authorization's transaction id).
 *
 * Payer, shipping and cart come from the order. Later groups (payments v1 sales, payouts, invoices,
 * subscriptions) call {@link record} and {@link updateStatus} from inside their own operations.
 */
export class LedgerWriter {
  constructor(
    private readonly deps: ApiDeps,
    private readonly repo: LedgerRepository,
    private readonly settlement: Settlement,
  ) {
    deps.transitions.subscribe((transition) => this.onTransition(transition));
  }

  /** Records money movements (call inside the operation's transaction). */
  record(entries: readonly NewLedgerEntry[]): void {
    for (const entry of entries) {
      if (!eventCode(entry.eventCode)) throw new Error(`Unknown ledger event code ${entry.eventCode}`);
    }
    this.repo.insert(entries);
    if (entries.some((e) => e.status === 'P' && e.availableMs != null)) this.settlement.scheduleNext();
  }

  /** Moves the entries of one transaction and code to `status` (e.g. a payout item that completed). */
  updateStatus(transactionId: string, code: string, status: TransactionStatus, atMs: number): number {
    const moved = this.repo.setStatus(this.repo.byTransaction(transactionId, code), status, atMs);
    this.settlement.scheduleNext();
    return moved;
  }

  private onTransition(transition: ResourceTransition): void {
    const atMs = Date.parse(transition.at);
    switch (transition.resource.kind) {
      case 'capture':
        return this.onCapture(transition.resource as StoredCapture, transition, atMs);
      case 'refund':
        if (transition.from === null) this.onRefund(transition.resource as StoredRefund, atMs);
        return;
      case 'authorization':
        return this.onAuthorization(transition.resource as StoredAuthorization, transition.trigger, atMs);
      default:
        return;
    }
  }

  private onCapture(capture: StoredCapture, transition: ResourceTransition, atMs: number): void {
    if (transition.from !== null) {
      if (capture.status === 'REFUNDED') {
        const sales = this.repo
          .byTransaction(capture.id)
          .filter((e) => (SALE_CODES as readonly string[]).includes(e.eventCode));
        this.repo.setStatus(sales, 'V', atMs);
      }
      return;
    }
    const context = orderContext(this.deps.store, capture.order_id, capture.internal.reference_id);
    this.repo.insert([
      {
        accountId: capture.body.payee.merchant_id,
        transactionId: capture.id,
        eventCode: context.donation ? 'T0013' : 'T0006',
        status: 'S',
        initiatedMs: atMs,
        currency: capture.body.amount.currency_code,
        amountMinor: BigInt(capture.internal.gross_minor),
        feeMinor: -BigInt(capture.internal.fee_minor),
        orderId: capture.order_id,
        referenceId: capture.body.supplementary_data.related_ids.authorization_id ?? null,
        instrumentType: context.instrumentType,
        source: 'api',
        details: {
          ...context.details,
          ...(capture.body.invoice_id ? { invoice_id: capture.body.invoice_id } : {}),
          ...(capture.body.custom_id ? { custom_field: capture.body.custom_id } : {}),
          protection_eligibility: capture.body.seller_protection.status === 'ELIGIBLE' ? '01' : '02',
        },
      },
    ]);
  }

  private onRefund(refund: StoredRefund, atMs: number): void {
    const captureId = refund.body.supplementary_data.related_ids.capture_id;
    const capture = this.deps.store.resources.get<StoredCapture['body'], StoredCapture['internal']>(
      'capture',
      captureId,
    );
    const context = orderContext(this.deps.store, refund.order_id, capture?.internal.reference_id);
    const invoice = refund.body.invoice_id ?? capture?.body.invoice_id;
    const custom = refund.body.custom_id ?? capture?.body.custom_id;
    this.repo.insert([
      {
        accountId: refund.body.payee.merchant_id,
        transactionId: refund.id,
        eventCode: 'T1107',
        status: 'S',
        initiatedMs: atMs,
        currency: refund.body.amount.currency_code,
        amountMinor: -BigInt(refund.internal.amount_minor),
        feeMinor: BigInt(refund.internal.fee_refunded_minor),
        orderId: refund.order_id,
        referenceId: captureId,
        instrumentType: context.instrumentType,
        source: 'api',
        details: {
          ...context.details,
          ...(invoice ? { invoice_id: invoice } : {}),
          ...(custom ? { custom_field: custom } : {}),
        },
      },
    ]);
  }

  private onAuthorization(authorization: StoredAuthorization, trigger: string, atMs: number): void {
    const memo = (code: string, amountMinor: bigint): NewLedgerEntry => {
      const context = orderContext(
        this.deps.store,
        authorization.order_id,
        authorization.internal.reference_id,
      );
      return {
        accountId: authorization.body.payee.merchant_id,
        transactionId: authorization.id,
        eventCode: code,
        status: code === 'T1300' ? 'P' : 'S',
        initiatedMs: atMs,
        currency: authorization.body.amount.currency_code,
        amountMinor,
        feeMinor: 0n,
        orderId: authorization.order_id,
        instrumentType: context.instrumentType,
        source: 'api',
        details: {
          ...context.details,
          ...(authorization.body.invoice_id ? { invoice_id: authorization.body.invoice_id } : {}),
          ...(authorization.body.custom_id ? { custom_field: authorization.body.custom_id } : {}),
        },
      };
    };
    const holds = () => this.repo.byTransaction(authorization.id, 'T1300');
    const remaining =
      BigInt(authorization.internal.amount_minor) - BigInt(authorization.internal.captured_minor);
    switch (trigger) {
      case 'create':
        this.repo.insert([memo('T1300', BigInt(authorization.internal.amount_minor))]);
        return;
      case 'final-capture':
        this.repo.setStatus(holds(), 'S', atMs);
        return;
      case 'reauthorize':
        this.repo.insert([memo('T1302', BigInt(authorization.internal.amount_minor))]);
        return;
      case 'void':
        this.repo.setStatus(holds(), 'V', atMs);
        this.repo.insert([memo('T1303', -(remaining > 0n ? remaining : 0n))]);
        return;
      case 'expire':
        this.repo.setStatus(holds(), 'V', atMs);
        return;
      default:
        return;
    }
  }
}
