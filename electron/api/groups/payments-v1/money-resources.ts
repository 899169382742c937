import {
  authorizationV1Machine,
  captureV1Machine,
  newTransactionV1Id,
  paymentOrderV1Machine,
  PAYMENT_V1_KINDS as KINDS,
  refundV1Machine,
  saleV1Machine,
  type AmountV1,
} from '../../../../shared/api/payments-v1/index.js';
import { AUTHORIZATION_LIFETIME_MS } from '../../../../shared/api/payments-v2/authorization-rules.js';
import { isoSeconds } from '../../../clock.js';
import type { ApiDeps } from '../../deps.js';
import { createResource } from '../../transition.js';
import { captureFee, refundedFee } from '../../pipeline/capture-fees.js';
import { EXPIRE_AUTHORIZATION_V1_JOB, authorizationV1ExpiryKey } from './jobs.js';
import { feeV1, totalV1 } from './money-v1.js';
import {
  PROTECTION_TYPE,
  type PayeeV1,
  type StoredAuthorizationV1,
  type StoredCaptureV1,
  type StoredOrderV1,
  type StoredRefundV1,
  type StoredSaleV1,
} from './types.js';

/** Where a new resource comes from: its payment, which of its transactions, its payee and app. */
export interface Origin {
  paymentId: string;
  appId: string;
  transactionIndex: number;
  payee: PayeeV1;
}

const optional = <K extends string, V>(key: K, value: V | undefined): Partial<Record<K, V>> =>
  value === undefined ? {} : ({ [key]: value } as Record<K, V>);

/**
 * The fee of money received (a sale, a capture), by the sandbox's fee schedule: as the resource shows
 * it, and the minor units its internal half keeps so that refunds can give the fee back in proportion.
 */
function receivedFee(grossMinor: bigint, currency: string) {
  const fee = captureFee(grossMinor, currency);
  return {
    shown: feeV1(fee.total, currency),
    kept: {
      gross_minor: String(grossMinor),
      fee_minor: String(fee.total),
      percent_fee_minor: String(fee.percentPart),
      refunded_minor: '0',
    },
  };
}

/**
 * Writes the resources v1 payments make, each through its machine's create trigger (so the ledger and
 * the events hear of it): sales, authorizations, orders, captures and refunds. Fees follow the sandbox's
 * one fee schedule (payments v2's), so v1 and v2 money agree in the ledger.
 */
export class MoneyResources {
  constructor(private readonly deps: ApiDeps) {}

  private now(): { ms: number; at: string } {
    // Whole seconds: the windows count from the create_time the API shows.
    const ms = Math.floor(this.deps.clock.now() / 1000) * 1000;
    return { ms, at: isoSeconds(ms) };
  }

  private base(kind: string, id: string, origin: Origin, parentId: string, at: string) {
    return {
      kind,
      id,
      app_id: origin.appId,
      parent_id: parentId,
      root_id: origin.paymentId,
      create_time: at,
      update_time: at,
    };
  }

  /** How a transaction's body ends: the payment it belongs to, and its times. */
  private bodyEnd(origin: Origin, at: string) {
    return { parent_payment: origin.paymentId, create_time: at, update_time: at };
  }

  /** What every transaction keeps of its place in the payment: which transaction, and who is paid. */
  private payeeOf(origin: Origin) {
    return { transaction_index: origin.transactionIndex, payee: origin.payee };
  }

  sale(
    origin: Origin,
    amount: AmountV1,
    grossMinor: bigint,
    extra: {
      invoice_number?: string | undefined;
      custom?: string | undefined;
      soft_descriptor?: string | undefined;
    },
  ): StoredSaleV1 {
    const { at } = this.now();
    const id = newTransactionV1Id();
    const fee = receivedFee(grossMinor, amount.currency);
    const sale: StoredSaleV1 = {
      ...this.base(KINDS.sale, id, origin, origin.paymentId, at),
      status: 'completed',
      body: {
        id,
        amount,
        payment_mode: 'INSTANT_TRANSFER',
        protection_eligibility: 'ELIGIBLE',
        protection_eligibility_type: PROTECTION_TYPE,
        transaction_fee: fee.shown,
        ...optional('invoice_number', extra.invoice_number),
        ...optional('custom', extra.custom),
        ...optional('soft_descriptor', extra.soft_descriptor),
        ...this.bodyEnd(origin, at),
      },
      internal: {
        ...this.payeeOf(origin),
        ...fee.kept,
      },
    };
    createResource(this.deps, saleV1Machine, sale, 'create');
    return sale;
  }

  authorization(origin: Origin, amount: AmountV1, minor: bigint, orderId?: string): StoredAuthorizationV1 {
    const { ms, at } = this.now();
    const id = newTransactionV1Id();
    const authorization: StoredAuthorizationV1 = {
      ...this.base(KINDS.authorization, id, origin, orderId ?? origin.paymentId, at),
      status: 'authorized',
      body: {
        id,
        amount,
        payment_mode: 'INSTANT_TRANSFER',
        reason_code: 'AUTHORIZATION',
        protection_eligibility: 'ELIGIBLE',
        protection_eligibility_type: PROTECTION_TYPE,
        parent_payment: origin.paymentId,
        valid_until: isoSeconds(ms + AUTHORIZATION_LIFETIME_MS),
        create_time: at,
        update_time: at,
      },
      internal: {
        ...this.payeeOf(origin),
        ...optional('order_id', orderId),
        original_minor: String(minor),
        amount_minor: String(minor),
        captured_minor: '0',
        created_ms: ms,
        expiration_ms: ms + AUTHORIZATION_LIFETIME_MS,
        reauthorized: false,
      },
    };
    createResource(this.deps, authorizationV1Machine, authorization, 'create');
    this.deps.scheduler.schedule(
      EXPIRE_AUTHORIZATION_V1_JOB,
      ms + AUTHORIZATION_LIFETIME_MS,
      { id },
      authorizationV1ExpiryKey(id),
    );
    return authorization;
  }

  order(origin: Origin, amount: AmountV1, minor: bigint): StoredOrderV1 {
    const { at } = this.now();
    const id = 'O-' + newTransactionV1Id();
    const order: StoredOrderV1 = {
      ...this.base(KINDS.order, id, origin, origin.paymentId, at),
      status: 'pending',
      body: {
        id,
        amount,
        payment_mode: 'INSTANT_TRANSFER',
        reason_code: 'ORDER',
        protection_eligibility: 'ELIGIBLE',
        ...this.bodyEnd(origin, at),
      },
      internal: {
        ...this.payeeOf(origin),
        amount_minor: String(minor),
      },
    };
    createResource(this.deps, paymentOrderV1Machine, order, 'create');
    return order;
  }

  capture(
    origin: Origin,
    currency: string,
    minor: bigint,
    from: { authorizationId?: string; orderId?: string },
    options: {
      is_final_capture: boolean;
      invoice_number?: string | undefined;
      soft_descriptor?: string | undefined;
    },
  ): StoredCaptureV1 {
    const { at } = this.now();
    const id = newTransactionV1Id();
    const fee = receivedFee(minor, currency);
    const capture: StoredCaptureV1 = {
      ...this.base(KINDS.capture, id, origin, from.authorizationId ?? from.orderId ?? origin.paymentId, at),
      status: 'completed',
      body: {
        id,
        amount: totalV1(minor, currency),
        is_final_capture: options.is_final_capture,
        transaction_fee: fee.shown,
        ...optional('invoice_number', options.invoice_number),
        ...optional('soft_descriptor', options.soft_descriptor),
        ...this.bodyEnd(origin, at),
      },
      internal: {
        ...this.payeeOf(origin),
        ...optional('authorization_id', from.authorizationId),
        ...optional('order_id', from.orderId),
        ...fee.kept,
      },
    };
    createResource(this.deps, captureV1Machine, capture, 'create');
    return capture;
  }

  /** A refund of `minor` of a sale or capture that had `refundedBefore` refunded already. */
  refund(
    origin: Origin,
    of: { kind: 'sale' | 'capture'; id: string; gross: bigint; percentFee: bigint; refundedBefore: bigint },
    currency: string,
    minor: bigint,
    extra: {
      description?: string | undefined;
      reason?: string | undefined;
      invoice_number?: string | undefined;
    },
    eventCode?: string,
  ): StoredRefundV1 {
    const { at } = this.now();
    const id = newTransactionV1Id();
    const feeBack = refundedFee(of.percentFee, of.gross, minor, of.refundedBefore);
    const refund: StoredRefundV1 = {
      ...this.base(KINDS.refund, id, origin, of.id, at),
      status: 'completed',
      body: {
        id,
        amount: totalV1(minor, currency),
        ...(of.kind === 'sale' ? { sale_id: of.id } : { capture_id: of.id }),
        parent_payment: origin.paymentId,
        ...optional('description', extra.description),
        ...optional('reason', extra.reason),
        ...optional('invoice_number', extra.invoice_number),
        refund_from_transaction_fee: feeV1(feeBack, currency),
        refund_from_received_amount: feeV1(minor - feeBack, currency),
        total_refunded_amount: feeV1(of.refundedBefore + minor, currency),
        create_time: at,
        update_time: at,
      },
      internal: {
        ...this.payeeOf(origin),
        amount_minor: String(minor),
        fee_refunded_minor: String(feeBack),
        ...optional('event_code', eventCode),
      },
    };
    createResource(this.deps, refundV1Machine, refund, 'create');
    return refund;
  }
}
