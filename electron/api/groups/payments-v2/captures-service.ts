import type { RefundRequest } from '../../../../shared/api/payments-v2/schemas.js';
import { newCaptureId, newRefundId } from '../../../../shared/ids.js';
import { captureMachine, refundMachine } from '../../../../shared/api/payments-v2/machines.js';
import { minorOf, money } from '../../../../shared/money.js';
import { newTransactionId } from '../../../ledger/ledger-writer.js';
import { isoSeconds } from '../../../clock.js';
import type { ApiDeps } from '../../deps.js';
import { notFound, unprocessable, bodyDetail } from '../../pipeline/api-error.js';
import type { RequestContext } from '../../route.js';
import { createResource, refuseUnless, transition } from '../../transition.js';
import { captureFee, refundedFee } from '../../pipeline/capture-fees.js';
import { amountWithin } from './requested-amount.js';
import { SELLER_PROTECTION, type StoredCapture, type StoredRefund } from './types.js';
import type { UnitPayment } from './service.js';
import { resourceEnvelope } from '../../../store/stored-resource.js';

const optional = <K extends string, V>(key: K, value: V | undefined): Partial<Record<K, V>> =>
  value === undefined ? {} : ({ [key]: value } as Record<K, V>);

/**
 * Captures and their refunds (spec 2.5, 4.5): the capture's fee and net amount, refunds never above what
 * was captured minus earlier refunds, and the capture's move to PARTIALLY_REFUNDED or REFUNDED.
 */
export class CapturesService {
  constructor(private readonly deps: ApiDeps) {}

  getCapture(id: string, ctx: RequestContext): StoredCapture {
    const found = this.deps.store.resources.owned<StoredCapture>('capture', id, ctx.app.id);
    if (!found) throw notFound('capture', id);
    return found;
  }

  getRefund(id: string, ctx: RequestContext): StoredRefund {
    const found = this.deps.store.resources.owned<StoredRefund>('refund', id, ctx.app.id);
    if (!found) throw notFound('refund', id);
    return found;
  }

  refundCapture(id: string, request: RefundRequest, ctx: RequestContext): StoredRefund {
    const capture = this.getCapture(id, ctx);
    const currency = capture.body.amount.currency_code;
    refuseUnless(captureMachine, capture, 'refund');
    const gross = BigInt(capture.internal.gross_minor);
    const refundedBefore = BigInt(capture.internal.refunded_minor);
    const remaining = gross - refundedBefore;
    const amountMinor = amountWithin(request.amount, currency, remaining, {
      of: 'capture',
      exceeded: 'REFUND_AMOUNT_EXCEEDED',
      left: (left) => `At most ${left} can still be refunded.`,
    });
    return this.writeRefund(capture, amountMinor, request, ctx.app.id);
  }

  /**
   * A refund the platform makes on its own (a dispute decided for the buyer, an accepted offer): no
   * caller and no consent, at most what remains of the capture. Undefined when nothing remains.
   * `eventCode` is the ledger code of the money movement (T1106 when the platform reverses a payment).
   */
  refundForDispute(
    captureId: string,
    amountMinor: bigint,
    eventCode: string,
    note: string,
  ): StoredRefund | undefined {
    const capture = this.deps.store.resources.get<StoredCapture['body'], StoredCapture['internal']>(
      'capture',
      captureId,
    );
    if (!capture || capture.status === 'REFUNDED') return undefined;
    const remaining = BigInt(capture.internal.gross_minor) - BigInt(capture.internal.refunded_minor);
    const minor = amountMinor < remaining ? amountMinor : remaining;
    if (minor <= 0n) return undefined;
    return this.writeRefund(capture, minor, { note_to_payer: note }, capture.app_id ?? '', eventCode);
  }

  private writeRefund(
    capture: StoredCapture,
    amountMinor: bigint,
    request: RefundRequest,
    appId: string,
    eventCode?: string,
  ): StoredRefund {
    const currency = capture.body.amount.currency_code;
    const gross = BigInt(capture.internal.gross_minor);
    const refundedBefore = BigInt(capture.internal.refunded_minor);
    const now = this.deps.clock.now();
    const at = isoSeconds(now);
    const feeBack = refundedFee(
      BigInt(capture.internal.percent_fee_minor),
      gross,
      amountMinor,
      refundedBefore,
    );
    const totalRefunded = refundedBefore + amountMinor;
    const refundId = newRefundId();
    const refund: StoredRefund = {
      ...resourceEnvelope({
        kind: 'refund',
        id: refundId,
        app: appId,
        status: 'COMPLETED',
        parent: capture.id,
        root: capture.root_id,
        at,
      }),
      body: {
        id: refundId,
        status: 'COMPLETED',
        amount: money(amountMinor, currency),
        ...optional('invoice_id', request.invoice_id),
        ...optional('custom_id', request.custom_id),
        ...optional('note_to_payer', request.note_to_payer),
        seller_payable_breakdown: {
          gross_amount: money(amountMinor, currency),
          svc_fee: money(feeBack, currency),
          net_amount: money(amountMinor - feeBack, currency),
          total_refunded_amount: money(totalRefunded, currency),
        },
        payee: capture.body.payee,
        supplementary_data: { related_ids: { order_id: capture.root_id ?? '', capture_id: capture.id } },
        create_time: at,
        update_time: at,
      },
      internal: {
        amount_minor: String(amountMinor),
        fee_refunded_minor: String(feeBack),
        ...(eventCode ? { event_code: eventCode } : {}),
      },
    };
    createResource(this.deps, refundMachine, refund, 'create');

    capture.internal.refunded_minor = String(totalRefunded);
    transition(this.deps, captureMachine, capture, totalRefunded === gross ? 'refund-rest' : 'refund', {
      note: `refunded ${refund.body.amount.value} ${currency} as ${refundId}`,
      at,
    });
    return refund;
  }

  /** Writes a COMPLETED capture of `amountMinor` for a unit, with its fee (see pipeline/capture-fees.ts). */
  create(
    unit: UnitPayment,
    amountMinor: bigint,
    options: { final_capture: boolean; note_to_payer?: string },
    authorizationId: string | undefined,
  ): StoredCapture {
    const now = this.deps.clock.now();
    const at = isoSeconds(now);
    const currency = unit.amount.currency_code;
    const fee = captureFee(amountMinor, currency);
    const platformFees = (unit.platformFees ?? []).map((platformFee) => ({
      payee_id: platformFee.payee.merchant_id,
      amount_minor: String(minorOf(platformFee.amount)),
      transaction_id: newTransactionId(),
    }));
    const platformMinor = platformFees.reduce((sum, f) => sum + BigInt(f.amount_minor), 0n);
    if (platformMinor > amountMinor - fee.total) {
      throw unprocessable(
        bodyDetail(
          '/purchase_units/0/payment_instruction/platform_fees/0/amount/value',
          'INVALID_PLATFORM_FEES_AMOUNT',
          `The platform fee cannot exceed what the seller receives from this capture, ${money(amountMinor - fee.total, currency).value} ${currency}.`,
        ),
      );
    }
    const id = newCaptureId();
    const capture: StoredCapture = {
      ...resourceEnvelope({
        kind: 'capture',
        id,
        app: unit.appId,
        status: 'COMPLETED',
        parent: authorizationId ?? unit.orderId,
        root: unit.orderId,
        at,
      }),
      body: {
        id,
        status: 'COMPLETED',
        amount: money(amountMinor, currency),
        final_capture: options.final_capture,
        ...optional('invoice_id', unit.invoiceId),
        ...optional('custom_id', unit.customId),
        ...optional('note_to_payer', options.note_to_payer),
        ...optional('soft_descriptor', unit.softDescriptor),
        seller_protection: SELLER_PROTECTION,
        seller_receivable_breakdown: {
          gross_amount: money(amountMinor, currency),
          svc_fee: money(fee.total, currency),
          ...(platformFees.length > 0
            ? {
                platform_fees: platformFees.map((f) => ({
                  amount: money(BigInt(f.amount_minor), currency),
                  payee: { merchant_id: f.payee_id },
                })),
              }
            : {}),
          net_amount: money(amountMinor - fee.total - platformMinor, currency),
        },
        payee: unit.payee,
        supplementary_data: {
          related_ids: { order_id: unit.orderId, ...optional('authorization_id', authorizationId) },
        },
        create_time: at,
        update_time: at,
      },
      internal: {
        reference_id: unit.referenceId,
        gross_minor: String(amountMinor),
        fee_minor: String(fee.total),
        percent_fee_minor: String(fee.percentPart),
        refunded_minor: '0',
        ...(platformFees.length > 0 ? { platform_fees: platformFees } : {}),
        ...(unit.partnerAttributionId ? { partner_attribution_id: unit.partnerAttributionId } : {}),
      },
    };
    createResource(this.deps, captureMachine, capture, 'create');
    return capture;
  }
}
