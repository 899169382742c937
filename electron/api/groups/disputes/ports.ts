import { PAYMENT_V1_KINDS } from '../../../../shared/api/payments-v1/index.js';
import type { Store } from '../../../store/store.js';
import type { PaymentV1Operations, StoredCaptureV1, StoredSaleV1 } from '../payments-v1/index.js';
import type { PaymentsService, StoredCapture } from '../payments-v2/index.js';

/**
 * The kinds of transaction a buyer can dispute: a v2 capture, a v1 sale, a v1 capture (of an
 * authorization or an order). Their root is the v2 order or the v1 payment.
 */
export const DISPUTABLE_KINDS = ['capture', PAYMENT_V1_KINDS.sale, PAYMENT_V1_KINDS.capture] as const;
export type DisputableKind = (typeof DISPUTABLE_KINDS)[number];

/** The kinds a dispute's lineage can start at: the roots of the disputable kinds. */
export const DISPUTE_ROOT_KINDS = ['order', PAYMENT_V1_KINDS.payment] as const;

/** What a dispute needs to know of the transaction it disputes, whatever its kind. */
export interface DisputedTransaction {
  kind: DisputableKind;
  id: string;
  appId: string | null;
  merchantId: string;
  merchantEmail: string;
  rootId: string | null;
  /** As the platform's `transaction_status` says it (upper case for every kind). */
  status: string;
  /** Nothing of it is left to refund. */
  fullyRefunded: boolean;
  currency: string;
  grossMinor: bigint;
  refundedMinor: bigint;
  createTime: string;
  invoiceId?: string;
  customId?: string;
}

/** The payments a dispute reads and refunds, whichever group made them. */
export interface DisputePayments {
  transaction(id: string): DisputedTransaction | undefined;
  /**
   * Refunds up to `minor` of the transaction as the platform (its group writes the refund and its
   * ledger line with `eventCode`); the refund's id and amount, if anything was left.
   */
  refund(
    transaction: { kind: DisputableKind; id: string },
    minor: bigint,
    eventCode: string,
    note: string,
  ): { id: string; minor: bigint } | undefined;
}

function v2Capture(store: Store, id: string): DisputedTransaction | undefined {
  const capture = store.resources.get<StoredCapture['body'], StoredCapture['internal']>('capture', id);
  if (!capture) return undefined;
  return {
    kind: 'capture',
    id: capture.id,
    appId: capture.app_id,
    merchantId: capture.body.payee.merchant_id,
    merchantEmail: capture.body.payee.email_address,
    rootId: capture.root_id,
    status: capture.status,
    fullyRefunded: capture.status === 'REFUNDED',
    currency: capture.body.amount.currency_code,
    grossMinor: BigInt(capture.internal.gross_minor),
    refundedMinor: BigInt(capture.internal.refunded_minor),
    createTime: capture.create_time,
    ...(capture.body.invoice_id ? { invoiceId: capture.body.invoice_id } : {}),
    ...(capture.body.custom_id ? { customId: capture.body.custom_id } : {}),
  };
}

/** A v1 sale or capture: the payee is the transaction's, its amount v1's `total`. */
function v1Paid(store: Store, kind: DisputableKind, id: string): DisputedTransaction | undefined {
  const paid = store.resources.get<
    (StoredSaleV1 | StoredCaptureV1)['body'],
    (StoredSaleV1 | StoredCaptureV1)['internal']
  >(kind, id);
  if (!paid) return undefined;
  const custom = 'custom' in paid.body ? paid.body.custom : undefined;
  return {
    kind,
    id: paid.id,
    appId: paid.app_id,
    merchantId: paid.internal.payee.merchant_id,
    merchantEmail: paid.internal.payee.email,
    rootId: paid.root_id,
    status: paid.status.toUpperCase(),
    fullyRefunded: paid.status === 'refunded',
    currency: paid.body.amount.currency,
    grossMinor: BigInt(paid.internal.gross_minor),
    refundedMinor: BigInt(paid.internal.refunded_minor),
    createTime: paid.create_time,
    ...(paid.body.invoice_number ? { invoiceId: paid.body.invoice_number } : {}),
    ...(custom ? { customId: custom } : {}),
  };
}

/**
 * The port over both payments groups: v2 captures through the captures service, v1 sales and captures
 * through v1's operations. An id names at most one of them (each kind's ids are the platform's own).
 */
export function disputablePayments(
  store: Store,
  payments: PaymentsService,
  v1: PaymentV1Operations,
): DisputePayments {
  return {
    transaction(id) {
      return (
        v2Capture(store, id) ??
        v1Paid(store, PAYMENT_V1_KINDS.sale, id) ??
        v1Paid(store, PAYMENT_V1_KINDS.capture, id)
      );
    },
    refund(transaction, minor, eventCode, note) {
      if (transaction.kind === 'capture') {
        const refund = payments.captures.refundForDispute(transaction.id, minor, eventCode, note);
        return refund ? { id: refund.id, minor: BigInt(refund.internal.amount_minor) } : undefined;
      }
      const refund = v1.refundForDispute(
        transaction.kind === PAYMENT_V1_KINDS.sale ? 'sale' : 'capture',
        transaction.id,
        minor,
        eventCode,
        note,
      );
      return refund ? { id: refund.id, minor: BigInt(refund.internal.amount_minor) } : undefined;
    },
  };
}
