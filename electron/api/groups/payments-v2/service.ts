import type { CaptureRequest, ReauthorizeRequest } from '../../../../shared/api/payments-v2/schemas.js';
import { newAuthorizationId } from '../../../../shared/ids.js';
import { authorizationMachine } from '../../../../shared/api/payments-v2/machines.js';
import {
  AUTHORIZATION_LIFETIME_MS,
  HONOR_PERIOD_MS,
  reauthorizeCeiling,
} from '../../../../shared/api/payments-v2/authorization-rules.js';
import { money, minorOf, type Money } from '../../../../shared/money.js';
import { isoSeconds } from '../../../clock.js';
import type { ApiDeps } from '../../deps.js';
import { detail, notFound, unprocessable, bodyDetail } from '../../pipeline/api-error.js';
import type { RequestContext } from '../../route.js';
import { createResource, refuseUnless, transition, transitionIfLegal } from '../../transition.js';
import { CapturesService } from './captures-service.js';
import { authorizationExpiryKey, EXPIRE_AUTHORIZATION_JOB } from './jobs.js';
import { amountWithin, requestedAmount } from './requested-amount.js';
import { SELLER_PROTECTION, type Payee, type StoredAuthorization, type StoredCapture } from './types.js';

export {
  AUTHORIZATION_LIFETIME_MS,
  HONOR_PERIOD_MS,
  REAUTHORIZE_MAX_INCREASE_USD_MINOR,
  REAUTHORIZE_MAX_PERCENT,
} from '../../../../shared/api/payments-v2/authorization-rules.js';
import { resourceEnvelope } from '../../../store/stored-resource.js';

export { EXPIRE_AUTHORIZATION_JOB } from './jobs.js';

/** One purchase unit being paid: what an order hands to the payments domain. */
export interface UnitPayment {
  orderId: string;
  appId: string;
  referenceId: string;
  amount: Money;
  invoiceId?: string;
  customId?: string;
  softDescriptor?: string;
  payee: Payee;
  /** The unit's platform fee, paid to the partner out of the capture (spec 2.4 `platform_fees`). */
  platformFees?: { amount: Money; payee: Payee }[];
  /** `Svc-Partner-Attribution-Id` of the order, recorded on its payments. */
  partnerAttributionId?: string;
}

const optional = <K extends string, V>(key: K, value: V | undefined): Partial<Record<K, V>> =>
  value === undefined ? {} : ({ [key]: value } as Record<K, V>);

/**
 * Payments v2: authorizations, captures and refunds, with the money rules of spec 2.5 and 4.5 as
 * guards. Every method runs inside the caller's request transaction.
 */
export class PaymentsService {
  /** Captures and refunds: created here from authorizations and orders, refunded on their own. */
  readonly captures: CapturesService;

  constructor(private readonly deps: ApiDeps) {
    this.captures = new CapturesService(deps);
  }

  // ---- created by orders ------------------------------------------------------------------------

  authorizeUnit(unit: UnitPayment): StoredAuthorization {
    // The windows count from the create_time the API shows (whole seconds), so the advertised
    // expiration_time is the very moment the authorization expires and day 4 opens at create_time + 3 days.
    const now = Math.floor(this.deps.clock.now() / 1000) * 1000;
    const at = isoSeconds(now);
    const minor = minorOf(unit.amount);
    const id = newAuthorizationId();
    const authorization: StoredAuthorization = {
      ...resourceEnvelope({
        kind: 'authorization',
        id,
        app: unit.appId,
        status: 'CREATED',
        parent: unit.orderId,
        root: unit.orderId,
        at,
      }),
      body: {
        id,
        status: 'CREATED',
        amount: unit.amount,
        ...optional('invoice_id', unit.invoiceId),
        ...optional('custom_id', unit.customId),
        seller_protection: SELLER_PROTECTION,
        payee: unit.payee,
        expiration_time: isoSeconds(now + AUTHORIZATION_LIFETIME_MS),
        supplementary_data: { related_ids: { order_id: unit.orderId } },
        create_time: at,
        update_time: at,
      },
      internal: {
        reference_id: unit.referenceId,
        original_amount_minor: String(minor),
        amount_minor: String(minor),
        captured_minor: '0',
        created_ms: now,
        honor_period_end_ms: now + HONOR_PERIOD_MS,
        expiration_ms: now + AUTHORIZATION_LIFETIME_MS,
        ...(unit.platformFees ? { platform_fees: unit.platformFees } : {}),
        ...(unit.partnerAttributionId ? { partner_attribution_id: unit.partnerAttributionId } : {}),
      },
    };
    createResource(this.deps, authorizationMachine, authorization, 'create');
    this.deps.scheduler.schedule(
      EXPIRE_AUTHORIZATION_JOB,
      now + AUTHORIZATION_LIFETIME_MS,
      { id },
      authorizationExpiryKey(id),
    );
    return authorization;
  }

  captureUnit(unit: UnitPayment): StoredCapture {
    return this.captures.create(unit, minorOf(unit.amount), { final_capture: true }, undefined);
  }

  // ---- authorizations ---------------------------------------------------------------------------

  getAuthorization(id: string, ctx: RequestContext): StoredAuthorization {
    const found = this.deps.store.resources.owned<StoredAuthorization>('authorization', id, ctx.app.id);
    if (!found) throw notFound('authorization', id);
    return found;
  }

  captureAuthorization(id: string, request: CaptureRequest, ctx: RequestContext): StoredCapture {
    const authorization = this.getAuthorization(id, ctx);
    this.assertCapturable(authorization);
    const currency = authorization.body.amount.currency_code;
    const remaining =
      BigInt(authorization.internal.amount_minor) - BigInt(authorization.internal.captured_minor);
    const amountMinor = amountWithin(request.amount, currency, remaining, {
      of: 'authorization',
      exceeded: 'MAX_CAPTURE_AMOUNT_EXCEEDED',
      left: (left) => `At most ${left} remains on the authorization.`,
    });
    const captured = BigInt(authorization.internal.captured_minor) + amountMinor;
    const final = request.final_capture === true || captured === BigInt(authorization.internal.amount_minor);
    const capture = this.captures.create(
      {
        orderId: authorization.root_id ?? '',
        appId: ctx.app.id,
        referenceId: authorization.internal.reference_id,
        amount: money(amountMinor, currency),
        ...(request.invoice_id !== undefined
          ? { invoiceId: request.invoice_id }
          : authorization.body.invoice_id
            ? { invoiceId: authorization.body.invoice_id }
            : {}),
        ...(authorization.body.custom_id ? { customId: authorization.body.custom_id } : {}),
        ...(request.soft_descriptor !== undefined ? { softDescriptor: request.soft_descriptor } : {}),
        payee: authorization.body.payee,
        // The unit's platform fee is taken once, from the first capture of the authorization.
        ...(authorization.internal.platform_fees && authorization.internal.captured_minor === '0'
          ? { platformFees: authorization.internal.platform_fees }
          : {}),
        ...(authorization.internal.partner_attribution_id
          ? { partnerAttributionId: authorization.internal.partner_attribution_id }
          : {}),
      },
      amountMinor,
      { final_capture: final, ...optional('note_to_payer', request.note_to_payer) },
      authorization.id,
    );
    authorization.internal.captured_minor = String(captured);
    transition(this.deps, authorizationMachine, authorization, final ? 'final-capture' : 'capture', {
      note: `captured ${capture.body.amount.value} ${currency} as ${capture.id}`,
    });
    return capture;
  }

  voidAuthorization(id: string, ctx: RequestContext): StoredAuthorization {
    const authorization = this.getAuthorization(id, ctx);
    // The order voids itself once its last authorization is voided (it listens on the transition bus).
    refuseUnless(authorizationMachine, authorization, 'void');
    transition(this.deps, authorizationMachine, authorization, 'void');
    this.deps.scheduler.cancel(authorizationExpiryKey(id));
    return authorization;
  }

  reauthorize(id: string, request: ReauthorizeRequest, ctx: RequestContext): StoredAuthorization {
    const authorization = this.getAuthorization(id, ctx);
    // The machine refuses a voided (AUTHORIZATION_VOIDED), expired (REAUTHORIZE_TOO_LATE) or captured
    // one (REAUTHORIZE_NOT_ALLOWED).
    refuseUnless(authorizationMachine, authorization, 'reauthorize');
    const now = this.deps.clock.now();
    const elapsed = now - authorization.internal.created_ms;
    // An authorization expires exactly when its reauthorization window (day 4 to day 29) closes, and the
    // scheduled expiry runs as soon as the clock passes it: so one past its lifetime whose expiry has not
    // run yet is "too late" as well, the answer that tells the caller to create a new authorization
    // (spec part 3 and 8).
    if (elapsed >= AUTHORIZATION_LIFETIME_MS) {
      throw unprocessable(detail('REAUTHORIZE_TOO_LATE', { field: 'id', value: id, location: 'path' }));
    }
    if (elapsed < HONOR_PERIOD_MS) {
      throw unprocessable(
        detail('REAUTHORIZE_TOO_EARLY', {
          field: 'id',
          value: id,
          location: 'path',
          description: `Reauthorization opens on day 4, at ${isoSeconds(authorization.internal.created_ms + HONOR_PERIOD_MS)}.`,
        }),
      );
    }
    const currency = authorization.body.amount.currency_code;
    const original = BigInt(authorization.internal.original_amount_minor);
    let amountMinor = original;
    if (request.amount) {
      amountMinor = requestedAmount(request.amount, currency, 'authorization');
    }
    const ceiling = reauthorizeCeiling(original, currency);
    if (amountMinor > ceiling) {
      throw unprocessable(
        bodyDetail(
          '/amount/value',
          'REAUTHORIZE_AMOUNT_EXCEEDED',
          `At most ${money(ceiling, currency).value} ${currency} (115% of ${money(original, currency).value}${currency === 'USD' ? ', and at most 75.00 more' : ''}).`,
          request.amount?.value,
        ),
      );
    }
    authorization.internal.amount_minor = String(amountMinor);
    authorization.internal.honor_period_end_ms = now + HONOR_PERIOD_MS;
    authorization.body.amount = money(amountMinor, currency);
    transition(this.deps, authorizationMachine, authorization, 'reauthorize', {
      note: `reauthorized for ${authorization.body.amount.value} ${currency}; honor period until ${isoSeconds(now + HONOR_PERIOD_MS)}`,
    });
    return authorization;
  }

  /** The scheduled expiry after 29 days (the job runs it in the scheduler's transaction). */
  expire(id: string, dueAt: number): void {
    const authorization = this.deps.store.resources.get<
      StoredAuthorization['body'],
      StoredAuthorization['internal']
    >('authorization', id);
    transitionIfLegal(this.deps, authorizationMachine, authorization, 'expire', {
      note: 'not captured within 29 days',
      at: isoSeconds(dueAt),
    });
  }

  /** The machine refuses a captured, voided or expired one; past its expiration time it is expired too. */
  private assertCapturable(authorization: StoredAuthorization): void {
    refuseUnless(authorizationMachine, authorization, 'capture');
    if (this.deps.clock.now() >= authorization.internal.expiration_ms) {
      throw unprocessable(
        detail('AUTHORIZATION_EXPIRED', { field: 'id', value: authorization.id, location: 'path' }),
      );
    }
  }
}
