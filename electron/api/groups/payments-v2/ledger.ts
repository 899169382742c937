import { setStatus, type LedgerPosting, type LedgerPostings, transitionMs } from '../../../ledger/ledger-posting.js';
import type { NewLedgerEntry } from '../../../ledger/ledger-types.js';
import type { Store } from '../../../store/store.js';
import type { ResourceTransition } from '../../transition-bus.js';
import type { EntryDetails } from '../../../ledger/ledger-types.js';
import type { StoredAuthorization, StoredCapture, StoredRefund } from './types.js';

/** Payment codes a capture writes; a full refund reverses these entries (V). */
const SALE_CODES = ['T0006', 'T0013'] as const;
/** The authorization's hold (memo), pending until captured, voided or expired. */
const HOLD_CODES = ['T1300'] as const;

/**
 * What the payments' transitions do to the ledger (payer, shipping and cart come from the order):
 *
 * - capture created: T0006 (or T0013 for donations), amount +gross, fee -fee of the fee schedule, S;
 * - capture fully refunded: its payment entry becomes V (spec part 3);
 * - refund created: T1107 (or the code a dispute's refund names, T1106), amount -refund, fee +the
 *   percentage fee returned, S;
 * - authorization created: T1300 memo, P; fully captured: S; voided or expired: V;
 * - reauthorized: T1302 memo; voided: T1303 memo (both share the authorization's transaction id).
 */
/**
 * What a payment's ledger entry takes from the resource its lineage starts at (the order): payer,
 * shipping, cart, instrument, and whether the unit is a donation. The orders group provides it.
 */
export type PaymentContext = (
  store: Store,
  rootId: string | null,
  referenceId: string | undefined,
) => { details: EntryDetails; instrumentType: 'CREDITCARD' | 'DEBITCARD' | null; donation: boolean };

export function paymentPostings(store: Store, orderContext: PaymentContext): LedgerPostings {
  return (transition: ResourceTransition): LedgerPosting[] => {
    const atMs = transitionMs(transition);
    switch (transition.resource.kind) {
      case 'capture':
        return capturePostings(store, orderContext, transition.resource as StoredCapture, transition, atMs);
      case 'refund':
        return transition.from === null
          ? refundPostings(store, orderContext, transition.resource as StoredRefund, atMs)
          : [];
      case 'authorization':
        return authorizationPostings(
          store,
          orderContext,
          transition.resource as StoredAuthorization,
          transition.trigger,
          atMs,
        );
      default:
        return [];
    }
  };
}

function capturePostings(
  store: Store,
  orderContext: PaymentContext,
  capture: StoredCapture,
  transition: ResourceTransition,
  atMs: number,
): LedgerPosting[] {
  if (transition.from !== null) {
    return capture.status === 'REFUNDED'
      ? [{ op: 'set-status', transactionId: capture.id, codes: SALE_CODES, status: 'V', atMs }]
      : [];
  }
  const context = orderContext(store, capture.root_id, capture.internal.reference_id);
  // A platform fee moves money from the seller to the partner: one T0113 transaction, both sides.
  const partnerFees = (capture.internal.platform_fees ?? []).flatMap((fee): LedgerPosting[] => {
    const line = (accountId: string, amountMinor: bigint): LedgerPosting => ({
      op: 'insert',
      entry: {
        accountId,
        transactionId: fee.transaction_id,
        eventCode: 'T0113',
        status: 'S',
        initiatedMs: atMs,
        currency: capture.body.amount.currency_code,
        amountMinor,
        feeMinor: 0n,
        orderId: capture.root_id,
        referenceId: capture.id,
        source: 'api',
        details: { subject: `Partner fee on capture ${capture.id}` },
      },
    });
    const amount = BigInt(fee.amount_minor);
    return [line(capture.body.payee.merchant_id, -amount), line(fee.payee_id, amount)];
  });
  return [
    {
      op: 'insert',
      entry: {
        accountId: capture.body.payee.merchant_id,
        transactionId: capture.id,
        eventCode: context.donation ? 'T0013' : 'T0006',
        status: 'S',
        initiatedMs: atMs,
        currency: capture.body.amount.currency_code,
        amountMinor: BigInt(capture.internal.gross_minor),
        feeMinor: -BigInt(capture.internal.fee_minor),
        orderId: capture.root_id,
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
    },
    ...partnerFees,
  ];
}

function refundPostings(
  store: Store,
  orderContext: PaymentContext,
  refund: StoredRefund,
  atMs: number,
): LedgerPosting[] {
  const captureId = refund.body.supplementary_data.related_ids.capture_id;
  const capture = store.resources.get<StoredCapture['body'], StoredCapture['internal']>('capture', captureId);
  const context = orderContext(store, refund.root_id, capture?.internal.reference_id);
  const invoice = refund.body.invoice_id ?? capture?.body.invoice_id;
  const custom = refund.body.custom_id ?? capture?.body.custom_id;
  return [
    {
      op: 'insert',
      entry: {
        accountId: refund.body.payee.merchant_id,
        transactionId: refund.id,
        eventCode: refund.internal.event_code ?? 'T1107',
        status: 'S',
        initiatedMs: atMs,
        currency: refund.body.amount.currency_code,
        amountMinor: -BigInt(refund.internal.amount_minor),
        feeMinor: BigInt(refund.internal.fee_refunded_minor),
        orderId: refund.root_id,
        referenceId: captureId,
        instrumentType: context.instrumentType,
        source: 'api',
        details: {
          ...context.details,
          ...(invoice ? { invoice_id: invoice } : {}),
          ...(custom ? { custom_field: custom } : {}),
        },
      },
    },
  ];
}

function authorizationPostings(
  store: Store,
  orderContext: PaymentContext,
  authorization: StoredAuthorization,
  trigger: string,
  atMs: number,
): LedgerPosting[] {
  const memo = (code: string, amountMinor: bigint): LedgerPosting => {
    const context = orderContext(store, authorization.root_id, authorization.internal.reference_id);
    const entry: NewLedgerEntry = {
      accountId: authorization.body.payee.merchant_id,
      transactionId: authorization.id,
      eventCode: code,
      status: code === 'T1300' ? 'P' : 'S',
      initiatedMs: atMs,
      currency: authorization.body.amount.currency_code,
      amountMinor,
      feeMinor: 0n,
      orderId: authorization.root_id,
      instrumentType: context.instrumentType,
      source: 'api',
      details: {
        ...context.details,
        ...(authorization.body.invoice_id ? { invoice_id: authorization.body.invoice_id } : {}),
        ...(authorization.body.custom_id ? { custom_field: authorization.body.custom_id } : {}),
      },
    };
    return { op: 'insert', entry };
  };
  const holds = (status: 'S' | 'V') => setStatus(authorization.id, HOLD_CODES, status, atMs);
  const remaining =
    BigInt(authorization.internal.amount_minor) - BigInt(authorization.internal.captured_minor);
  switch (trigger) {
    case 'create':
      return [memo('T1300', BigInt(authorization.internal.amount_minor))];
    case 'final-capture':
      return [holds('S')];
    case 'reauthorize':
      return [memo('T1302', BigInt(authorization.internal.amount_minor))];
    case 'void':
      return [holds('V'), memo('T1303', -(remaining > 0n ? remaining : 0n))];
    case 'expire':
      return [holds('V')];
    default:
      return [];
  }
}
