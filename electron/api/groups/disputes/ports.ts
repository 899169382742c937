import type { Store } from '../../../store/store.js';
import type { PaymentsService, StoredCapture } from '../payments-v2/index.js';

/** What a dispute needs to know of the transaction it disputes. */
export interface DisputedCapture {
  id: string;
  appId: string | null;
  merchantId: string;
  merchantEmail: string;
  rootId: string | null;
  status: string;
  currency: string;
  grossMinor: bigint;
  refundedMinor: bigint;
  createTime: string;
  invoiceId?: string;
  customId?: string;
}

/** The payments a dispute reads and refunds: the payments group's captures. */
export interface DisputePayments {
  capture(id: string): DisputedCapture | undefined;
  /** Refunds up to `minor` of the capture as the platform; the refund's id and amount, if any was left. */
  refund(
    captureId: string,
    minor: bigint,
    eventCode: string,
    note: string,
  ): { id: string; minor: bigint } | undefined;
}

/** The port over payments v2: captures read from the store, refunds through the captures service. */
export function capturePayments(store: Store, payments: PaymentsService): DisputePayments {
  return {
    capture(id) {
      const capture = store.resources.get<StoredCapture['body'], StoredCapture['internal']>('capture', id);
      if (!capture) return undefined;
      return {
        id: capture.id,
        appId: capture.app_id,
        merchantId: capture.body.payee.merchant_id,
        merchantEmail: capture.body.payee.email_address,
        rootId: capture.root_id,
        status: capture.status,
        currency: capture.body.amount.currency_code,
        grossMinor: BigInt(capture.internal.gross_minor),
        refundedMinor: BigInt(capture.internal.refunded_minor),
        createTime: capture.create_time,
        ...(capture.body.invoice_id ? { invoiceId: capture.body.invoice_id } : {}),
        ...(capture.body.custom_id ? { customId: capture.body.custom_id } : {}),
      };
    },
    refund(captureId, minor, eventCode, note) {
      const refund = payments.captures.refundForDispute(captureId, minor, eventCode, note);
      return refund ? { id: refund.id, minor: BigInt(refund.internal.amount_minor) } : undefined;
    },
  };
}
