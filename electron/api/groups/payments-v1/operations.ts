import {
  authorizationV1Machine,
  captureV1Machine,
  paymentOrderV1Machine,
  PAYMENT_V1_KINDS as KINDS,
  saleV1Machine,
  type CaptureV1Request,
  type OrderAuthorizeV1Request,
  type ReauthorizeV1Request,
  type RefundV1Request,
} from '../../../../shared/api/payments-v1/index.js';
import {
  AUTHORIZATION_LIFETIME_MS,
  HONOR_PERIOD_MS,
  reauthorizeCeiling,
} from '../../../../shared/api/payments-v2/authorization-rules.js';
import { fromMinor, toMinor } from '../../../../shared/money.js';
import { isoSeconds } from '../../../clock.js';
import type { ApiDeps } from '../../deps.js';
import { detail, unprocessable } from '../../pipeline/api-error.js';
import type { RequestContext } from '../../route.js';
import { refuseUnless, transition, transitionIfLegal } from '../../transition.js';
import { authorizationV1ExpiryKey } from './jobs.js';
import { ownResource } from './lookup.js';
import { requestedTotal, takenOfRemaining, totalV1 } from './money-v1.js';
import type { MoneyResources, Origin } from './money-resources.js';
import type {
  StoredAuthorizationV1,
  StoredCaptureV1,
  StoredOrderV1,
  StoredRefundV1,
  StoredSaleV1,
} from './types.js';

const originOf = (resource: {
  root_id: string | null;
  app_id: string | null;
  internal: { transaction_index: number; payee: Origin['payee'] };
}): Origin => ({
  paymentId: resource.root_id ?? '',
  appId: resource.app_id ?? '',
  transactionIndex: resource.internal.transaction_index,
  payee: resource.internal.payee,
});

/** What a refund of a sale or capture draws on: its gross, its fee's percentage part, what was refunded. */
const refundedFrom = (kind: 'sale' | 'capture', paid: StoredSaleV1 | StoredCaptureV1) => ({
  kind,
  id: paid.id,
  gross: BigInt(paid.internal.gross_minor),
  percentFee: BigInt(paid.internal.percent_fee_minor),
  refundedBefore: BigInt(paid.internal.refunded_minor),
});

const pathId = (id: string) => ({ field: 'id', value: id, location: 'path' as const });

/**
 * The operations v1 offered on what a payment made (spec 4.6 leaves them open; these follow the
 * platform's v1): show, refund a sale or capture; capture, void and reauthorize an authorization;
 * authorize, capture and void an order. Every check runs before anything is written.
 */
export class PaymentV1Operations {
  constructor(
    private readonly deps: ApiDeps,
    private readonly make: MoneyResources,
  ) {}

  sale(id: string, ctx: RequestContext): StoredSaleV1 {
    return ownResource(this.deps.store, KINDS.sale, 'sale', id, ctx);
  }

  authorization(id: string, ctx: RequestContext): StoredAuthorizationV1 {
    return ownResource(this.deps.store, KINDS.authorization, 'authorization', id, ctx);
  }

  capture(id: string, ctx: RequestContext): StoredCaptureV1 {
    return ownResource(this.deps.store, KINDS.capture, 'capture', id, ctx);
  }

  refund(id: string, ctx: RequestContext): StoredRefundV1 {
    return ownResource(this.deps.store, KINDS.refund, 'refund', id, ctx);
  }

  order(id: string, ctx: RequestContext): StoredOrderV1 {
    return ownResource(this.deps.store, KINDS.order, 'order', id, ctx);
  }

  // ---- refunds ------------------------------------------------------------------------------------

  refundSale(id: string, request: RefundV1Request, ctx: RequestContext): StoredRefundV1 {
    const sale = this.sale(id, ctx);
    return this.refundOf('sale', sale, sale.body.amount.currency, request, (total) =>
      transition(this.deps, saleV1Machine, sale, total ? 'refund-rest' : 'refund'),
    );
  }

  refundCapture(id: string, request: RefundV1Request, ctx: RequestContext): StoredRefundV1 {
    const capture = this.capture(id, ctx);
    return this.refundOf('capture', capture, capture.body.amount.currency, request, (total) =>
      transition(this.deps, captureV1Machine, capture, total ? 'refund-rest' : 'refund'),
    );
  }

  /**
   * A refund the platform makes of a sale or capture (a dispute decided for the buyer): up to `minor`,
   * capped at what is left of it, with the ledger code given; undefined when nothing is left.
   */
  refundForDispute(
    kind: 'sale' | 'capture',
    id: string,
    minor: bigint,
    eventCode: string,
    note: string,
  ): StoredRefundV1 | undefined {
    const paid = this.deps.store.resources.get<
      (StoredSaleV1 | StoredCaptureV1)['body'],
      (StoredSaleV1 | StoredCaptureV1)['internal']
    >(kind === 'sale' ? KINDS.sale : KINDS.capture, id) as StoredSaleV1 | StoredCaptureV1 | undefined;
    if (!paid || paid.status === 'refunded') return undefined;
    const gross = BigInt(paid.internal.gross_minor);
    const before = BigInt(paid.internal.refunded_minor);
    const amount = minor < gross - before ? minor : gross - before;
    if (amount <= 0n) return undefined;
    const currency = paid.body.amount.currency;
    const refund = this.make.refund(
      originOf(paid),
      refundedFrom(kind, paid),
      currency,
      amount,
      { description: note },
      eventCode,
    );
    paid.internal.refunded_minor = String(before + amount);
    const trigger = before + amount === gross ? 'refund-rest' : 'refund';
    if (kind === 'sale') transition(this.deps, saleV1Machine, paid as StoredSaleV1, trigger);
    else transition(this.deps, captureV1Machine, paid as StoredCaptureV1, trigger);
    return refund;
  }

  private refundOf(
    kind: 'sale' | 'capture',
    paid: StoredSaleV1 | StoredCaptureV1,
    currency: string,
    request: RefundV1Request,
    move: (total: boolean) => void,
  ): StoredRefundV1 {
    refuseUnless(kind === 'sale' ? saleV1Machine : captureV1Machine, paid, 'refund');
    const gross = BigInt(paid.internal.gross_minor);
    const before = BigInt(paid.internal.refunded_minor);
    const remaining = gross - before;
    const minor = takenOfRemaining(request.amount, remaining, currency, kind, {
      issue: 'REFUND_EXCEEDED_TRANSACTION_AMOUNT',
      remains: 'can still be refunded',
    });
    const refund = this.make.refund(originOf(paid), refundedFrom(kind, paid), currency, minor, {
      description: request.description,
      reason: request.reason,
      invoice_number: request.invoice_number,
    });
    paid.internal.refunded_minor = String(before + minor);
    move(before + minor === gross);
    return refund;
  }

  // ---- authorizations -----------------------------------------------------------------------------

  captureAuthorization(id: string, request: CaptureV1Request, ctx: RequestContext): StoredCaptureV1 {
    const authorization = this.authorization(id, ctx);
    refuseUnless(authorizationV1Machine, authorization, 'capture');
    if (this.deps.clock.now() >= authorization.internal.expiration_ms) {
      throw unprocessable(detail('AUTHORIZATION_EXPIRED', pathId(id)));
    }
    const currency = authorization.body.amount.currency;
    const amountMinor = BigInt(authorization.internal.amount_minor);
    const captured = BigInt(authorization.internal.captured_minor);
    const remaining = amountMinor - captured;
    const minor = takenOfRemaining(request.amount, remaining, currency, 'authorization', {
      issue: 'MAX_CAPTURE_AMOUNT_EXCEEDED',
      remains: 'remains on the authorization',
    });
    const final = request.is_final_capture === true || captured + minor === amountMinor;
    const capture = this.make.capture(
      originOf(authorization),
      currency,
      minor,
      {
        authorizationId: authorization.id,
        ...(authorization.internal.order_id ? { orderId: authorization.internal.order_id } : {}),
      },
      {
        is_final_capture: final,
        invoice_number: request.invoice_number,
        soft_descriptor: request.soft_descriptor,
      },
    );
    authorization.internal.captured_minor = String(captured + minor);
    transition(this.deps, authorizationV1Machine, authorization, final ? 'final-capture' : 'capture', {
      note: `captured ${capture.body.amount.total} ${currency} as ${capture.id}`,
    });
    if (final) this.deps.scheduler.cancel(authorizationV1ExpiryKey(id));
    return capture;
  }

  voidAuthorization(id: string, ctx: RequestContext): StoredAuthorizationV1 {
    const authorization = this.authorization(id, ctx);
    transition(this.deps, authorizationV1Machine, authorization, 'void');
    this.deps.scheduler.cancel(authorizationV1ExpiryKey(id));
    return authorization;
  }

  /** Once, from day 4 to day 29, for at most 115% of the original (and 75 USD more): v1's rule. */
  reauthorize(id: string, request: ReauthorizeV1Request, ctx: RequestContext): StoredAuthorizationV1 {
    const authorization = this.authorization(id, ctx);
    refuseUnless(authorizationV1Machine, authorization, 'reauthorize');
    if (authorization.internal.reauthorized)
      throw unprocessable(detail('REAUTHORIZATION_ALREADY_DONE', pathId(id)));
    const now = this.deps.clock.now();
    const elapsed = now - authorization.internal.created_ms;
    if (elapsed >= AUTHORIZATION_LIFETIME_MS) throw unprocessable(detail('REAUTHORIZE_TOO_LATE', pathId(id)));
    if (elapsed < HONOR_PERIOD_MS) {
      throw unprocessable(
        detail('REAUTHORIZE_TOO_EARLY', {
          ...pathId(id),
          description: `Reauthorization opens on day 4, at ${isoSeconds(authorization.internal.created_ms + HONOR_PERIOD_MS)}.`,
        }),
      );
    }
    const currency = authorization.body.amount.currency;
    const original = BigInt(authorization.internal.original_minor);
    const minor = request.amount ? requestedTotal(request.amount, currency, 'authorization') : original;
    const ceiling = reauthorizeCeiling(original, currency);
    if (minor > ceiling) {
      throw unprocessable(
        detail('REAUTHORIZE_AMOUNT_EXCEEDED', {
          field: '/amount/total',
          value: request.amount?.total,
          location: 'body',
          description: `At most ${fromMinor(ceiling, currency)} ${currency}.`,
        }),
      );
    }
    authorization.internal.amount_minor = String(minor);
    authorization.internal.reauthorized = true;
    authorization.body.amount = totalV1(minor, currency);
    transition(this.deps, authorizationV1Machine, authorization, 'reauthorize', {
      note: `reauthorized for ${authorization.body.amount.total} ${currency}`,
    });
    return authorization;
  }

  expireAuthorization(id: string, dueAt: number): void {
    const authorization = this.deps.store.resources.get<
      StoredAuthorizationV1['body'],
      StoredAuthorizationV1['internal']
    >(KINDS.authorization, id);
    transitionIfLegal(this.deps, authorizationV1Machine, authorization, 'expire', {
      note: 'not captured within 29 days',
      at: isoSeconds(dueAt),
    });
  }

  // ---- orders (intent order) ----------------------------------------------------------------------

  private orderAmount(order: StoredOrderV1, total: { total: string; currency: string } | undefined): bigint {
    const currency = order.body.amount.currency;
    const limit = BigInt(order.internal.amount_minor);
    const minor = total ? requestedTotal(total, currency, 'order') : limit;
    if (minor > limit) {
      throw unprocessable(
        detail('ORDER_AMOUNT_EXCEEDED', {
          field: '/amount/total',
          value: total?.total,
          location: 'body',
          description: `The order is for ${fromMinor(limit, currency)} ${currency}.`,
        }),
      );
    }
    return minor;
  }

  /** The order an authorize or capture acts on, once its state allows the step, and the amount taken. */
  private orderStep(
    id: string,
    step: 'authorize' | 'capture',
    total: { total: string; currency: string } | undefined,
    ctx: RequestContext,
  ): { order: StoredOrderV1; minor: bigint; currency: string } {
    const order = this.order(id, ctx);
    refuseUnless(paymentOrderV1Machine, order, step);
    return { order, minor: this.orderAmount(order, total), currency: order.body.amount.currency };
  }

  authorizeOrder(id: string, request: OrderAuthorizeV1Request, ctx: RequestContext): StoredAuthorizationV1 {
    const { order, minor, currency } = this.orderStep(id, 'authorize', request.amount, ctx);
    const authorization = this.make.authorization(originOf(order), totalV1(minor, currency), minor, order.id);
    transition(this.deps, paymentOrderV1Machine, order, 'authorize', {
      note: `authorized as ${authorization.id}`,
    });
    return authorization;
  }

  captureOrder(id: string, request: CaptureV1Request, ctx: RequestContext): StoredCaptureV1 {
    const { order, minor, currency } = this.orderStep(id, 'capture', request.amount, ctx);
    const capture = this.make.capture(
      originOf(order),
      currency,
      minor,
      { orderId: order.id },
      {
        is_final_capture: true,
        invoice_number: request.invoice_number,
        soft_descriptor: request.soft_descriptor,
      },
    );
    transition(this.deps, paymentOrderV1Machine, order, 'capture', { note: `captured as ${capture.id}` });
    return capture;
  }

  /** Voiding an order releases what its authorization still holds, as v1 did. */
  voidOrder(id: string, ctx: RequestContext): StoredOrderV1 {
    const order = this.order(id, ctx);
    transition(this.deps, paymentOrderV1Machine, order, 'void');
    const authorizations = this.deps.store.resources.byRoot<
      StoredAuthorizationV1['body'],
      StoredAuthorizationV1['internal']
    >(KINDS.authorization, order.root_id ?? '');
    for (const authorization of authorizations) {
      if (authorization.internal.order_id !== order.id) continue;
      if (
        transitionIfLegal(this.deps, authorizationV1Machine, authorization, 'void', {
          note: `order ${order.id} voided`,
        })
      )
        this.deps.scheduler.cancel(authorizationV1ExpiryKey(authorization.id));
    }
    return order;
  }
}

/** The minor units of a v1 amount that already passed the rules. */
export const minorOfV1 = (amount: { total: string; currency: string }): bigint =>
  toMinor(amount.total, amount.currency);
