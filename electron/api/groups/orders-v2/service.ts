import type { OrderCreateRequest, PaymentSourceInput } from '../../../../shared/api/orders-v2/schemas.js';
import { OrderCreateSchema } from '../../../../shared/api/orders-v2/schemas.js';
import type { PatchOperation } from '../../../../shared/json-patch.js';
import { newOrderId } from '../../../../shared/ids.js';
import { orderMachine, type OrderTrigger } from '../../../../shared/api/orders-v2/machines.js';
import { isoSeconds } from '../../../clock.js';
import type { Account } from '../../../store/repositories/accounts-repo.js';
import type { ApiDeps } from '../../deps.js';
import { ApiError, detail, notFound, unprocessable } from '../../pipeline/api-error.js';
import { requirePartnerFeature } from '../../pipeline/authenticate.js';
import { zodDetails } from '../../pipeline/validate.js';
import type { RequestContext } from '../../route.js';
import { createResource, refuseUnless, transition, transitionIfLegal } from '../../transition.js';
import type { ResourceTransition } from '../../transition-bus.js';
import type { UnitPayment } from '../payments-v2/index.js';
import { applyOrderPatch } from './order-patch.js';
import { cardBrand, checkCardExpiry, normalizeUnits } from './order-rules.js';
import type { OrderBody, StoredOrder, StoredPaymentSource } from './types.js';

const PatchedOrderSchema = OrderCreateSchema.pick({ intent: true, payer: true, purchase_units: true });

/** What stays of a card: brand, last digits, expiry, name; the number itself is never stored. */
function storedCard(card: NonNullable<PaymentSourceInput['card']>): NonNullable<StoredPaymentSource['card']> {
  return {
    ...(card.name ? { name: card.name } : {}),
    last_digits: card.number.slice(-4),
    brand: cardBrand(card.number),
    type: 'CREDIT',
    expiry: card.expiry,
    ...(card.billing_address ? { billing_address: card.billing_address } : {}),
    ...(card.stored_credential ? { stored_credential: card.stored_credential } : {}),
  };
}

/** The port through which an order pays its purchase units (the payments group implements it). */
export interface OrderPayments {
  captureUnit(unit: UnitPayment): unknown;
  authorizeUnit(unit: UnitPayment): unknown;
}

/**
 * Orders v2 (spec 2.4, 3, 4.4): create, show, update, buyer approval, authorize and capture. The state
 * machine of `shared/api/orders-v2/machines.ts` guards every move.
 */
export class OrdersService {
  constructor(
    private readonly deps: ApiDeps,
    private readonly payments: OrderPayments,
  ) {}

  create(
    request: OrderCreateRequest,
    ctx: RequestContext,
    requestId: string | undefined,
    attributionId?: string,
  ): StoredOrder {
    requirePartnerFeature(ctx.consent, 'PAYMENT', { field: 'Svc-Auth-Assertion', location: 'header' });
    if (request.payment_source && !requestId) {
      throw new ApiError('INVALID_REQUEST', [
        detail('MISSING_REQUIRED_PARAMETER', {
          field: 'Svc-Request-Id',
          location: 'header',
          description:
            'Svc-Request-Id is required for single-step create calls that include a payment source.',
        }),
      ]);
    }
    const now = this.deps.clock.now();
    checkCardExpiry(request.payment_source, now);
    const units = normalizeUnits(request.purchase_units, ctx.merchant, this.deps.store, ctx.app);
    const source = request.payment_source;
    const trigger: OrderTrigger = source?.card
      ? 'create-with-card'
      : source?.svc
        ? 'create-with-wallet'
        : 'create';
    // The machine sets the status; the literal only gives the body its key order.
    const status = 'CREATED';
    const experience = source?.svc?.experience_context ?? request.application_context;
    const at = isoSeconds(now);
    const id = newOrderId();
    const paymentSource: StoredPaymentSource | undefined = source?.card
      ? { card: storedCard(source.card) }
      : source?.svc
        ? { svc: { ...source.svc } }
        : undefined;
    const order: StoredOrder = {
      kind: 'order',
      id,
      app_id: ctx.app.id,
      status,
      parent_id: null,
      root_id: id,
      create_time: at,
      update_time: at,
      body: {
        id,
        intent: request.intent,
        status,
        ...(paymentSource ? { payment_source: paymentSource } : {}),
        purchase_units: units,
        ...(request.payer ? { payer: request.payer } : {}),
        ...(request.application_context ? { application_context: request.application_context } : {}),
        create_time: at,
        update_time: at,
      },
      internal: {
        ...(experience?.return_url ? { return_url: experience.return_url } : {}),
        ...(experience?.cancel_url ? { cancel_url: experience.cancel_url } : {}),
        ...(experience?.brand_name ? { brand_name: experience.brand_name } : {}),
        ...(attributionId ? { partner_attribution_id: attributionId } : {}),
      },
    };
    createResource(this.deps, orderMachine, order, trigger);
    return order;
  }

  get(id: string, ctx: RequestContext): StoredOrder {
    const order = this.find(id);
    if (!order || order.app_id !== ctx.app.id) throw notFound('order', id);
    return order;
  }

  /** The buyer page and the test helper find orders by id alone (the buyer has no app token). */
  find(id: string): StoredOrder | undefined {
    return this.deps.store.resources.get<OrderBody, StoredOrder['internal']>('order', id);
  }

  /** The sandbox buyer approves the order (approval page or test helper). */
  approve(order: StoredOrder, buyerEmail: string): { order: StoredOrder; buyer: Account } {
    refuseUnless(orderMachine, order, 'approve', `The order is ${order.status}.`);
    const buyer = this.deps.store.accounts.byEmail(buyerEmail);
    if (!buyer || buyer.type !== 'PERSONAL') {
      throw unprocessable(
        detail('PAYER_ACCOUNT_INVALID', { field: '/buyer_email', value: buyerEmail, location: 'body' }),
      );
    }
    order.body.payer = {
      name: { given_name: buyer.name.given_name, surname: buyer.name.surname },
      email_address: buyer.email,
      payer_id: buyer.id,
      address: { country_code: buyer.country_code },
    };
    if (!order.body.payment_source?.card) {
      order.body.payment_source = {
        svc: {
          ...order.body.payment_source?.svc,
          email_address: buyer.email,
          account_id: buyer.id,
          name: { given_name: buyer.name.given_name, surname: buyer.name.surname },
        },
      };
    }
    transition(this.deps, orderMachine, order, 'approve', { note: `approved by ${buyer.email}` });
    return { order, buyer };
  }

  /** PATCH (spec 4.4): every op applied atomically, the result validated like a create, 204. */
  update(id: string, operations: readonly PatchOperation[], ctx: RequestContext): StoredOrder {
    const order = this.get(id, ctx);
    refuseUnless(
      orderMachine,
      order,
      'update',
      `The order is ${order.status}; only CREATED or APPROVED orders can be updated.`,
    );
    const patched = applyOrderPatch(order.body, operations);
    const parsed = PatchedOrderSchema.safeParse(patched, { reportInput: true });
    if (!parsed.success) {
      throw new ApiError('UNPROCESSABLE_ENTITY', [
        ...zodDetails(parsed.error.issues, 'body').map((d) => ({
          ...d,
          issue: 'INVALID_PATCH_RESULT',
          description: `${d.field}: ${d.description ?? ''}`,
        })),
      ]);
    }
    order.body.intent = parsed.data.intent;
    if (parsed.data.payer) order.body.payer = parsed.data.payer;
    else delete order.body.payer;
    order.body.purchase_units = normalizeUnits(
      parsed.data.purchase_units,
      ctx.merchant,
      this.deps.store,
      ctx.app,
    );
    transition(this.deps, orderMachine, order, 'update', {
      note: operations.map((op) => `${op.op} ${op.path}`).join(', '),
    });
    return order;
  }

  /** `POST /v2/checkout/orders/{id}/capture` or `/authorize`: pays every purchase unit, order COMPLETED. */
  settle(
    id: string,
    action: 'capture' | 'authorize',
    source: PaymentSourceInput | undefined,
    ctx: RequestContext,
  ): StoredOrder {
    requirePartnerFeature(ctx.consent, 'PAYMENT', { field: 'Svc-Auth-Assertion', location: 'header' });
    const order = this.get(id, ctx);
    const field = { field: 'id', value: id, location: 'path' as const };
    if ((action === 'capture') !== (order.body.intent === 'CAPTURE')) {
      throw unprocessable(
        detail('ACTION_DOES_NOT_MATCH_INTENT', {
          ...field,
          description: `The order's intent is ${order.body.intent}; use /${order.body.intent === 'CAPTURE' ? 'capture' : 'authorize'}.`,
        }),
      );
    }
    if (source?.card && (order.status === 'CREATED' || order.status === 'PAYER_ACTION_REQUIRED')) {
      // A card given at capture time is the approval (the merchant collected it from the buyer).
      checkCardExpiry(source, this.deps.clock.now());
      order.body.payment_source = { card: storedCard(source.card) };
      transition(this.deps, orderMachine, order, 'approve', { note: 'card given with the request' });
    }
    // Not yet approved or voided: the issue says it all; completed: say what the order is now.
    refuseUnless(
      orderMachine,
      order,
      action,
      order.status === 'COMPLETED' ? `The order is ${order.status}.` : undefined,
    );
    for (const unit of order.body.purchase_units) {
      const payment = {
        orderId: order.id,
        appId: ctx.app.id,
        referenceId: unit.reference_id,
        amount: { currency_code: unit.amount.currency_code, value: unit.amount.value },
        ...(unit.invoice_id ? { invoiceId: unit.invoice_id } : {}),
        ...(unit.custom_id ? { customId: unit.custom_id } : {}),
        ...(unit.soft_descriptor ? { softDescriptor: unit.soft_descriptor } : {}),
        payee: unit.payee,
        ...(unit.payment_instruction?.platform_fees
          ? { platformFees: unit.payment_instruction.platform_fees }
          : {}),
        ...(order.internal.partner_attribution_id
          ? { partnerAttributionId: order.internal.partner_attribution_id }
          : {}),
      };
      if (action === 'capture') this.payments.captureUnit(payment);
      else this.payments.authorizeUnit(payment);
    }
    transition(this.deps, orderMachine, order, action);
    return order;
  }

  /**
   * The orders' side of a voided authorization (a transition bus subscriber): once every authorization
   * of an order that was never captured is voided, the order is VOIDED too.
   */
  onPaymentTransition({ resource, trigger, at }: ResourceTransition): void {
    if (resource.kind !== 'authorization' || trigger !== 'void' || !resource.root_id) return;
    const orderId = resource.root_id;
    const store = this.deps.store.resources;
    if (store.byRoot('capture', orderId).length > 0) return;
    if (!store.byRoot('authorization', orderId).every((a) => a.status === 'VOIDED')) return;
    transitionIfLegal(this.deps, orderMachine, this.find(orderId), 'void', {
      note: 'every authorization was voided',
      at,
    });
  }

  /** The approval-reversal job: approved, then not paid within 3 days. */
  reverseApproval(orderId: string, at: string): void {
    transitionIfLegal(this.deps, orderMachine, this.find(orderId), 'reverse-approval', {
      note: 'approved but not captured or authorized within 3 days',
      at,
    });
  }
}
