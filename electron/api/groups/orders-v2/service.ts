import type { OrderCreateRequest, PaymentSourceInput } from '../../../../shared/api/orders-v2/schemas.js';
import { OrderCreateSchema } from '../../../../shared/api/orders-v2/schemas.js';
import type { PatchOperation } from '../../../../shared/json-patch.js';
import type { OrderTrackRequest } from '../../../../shared/api/trackers/schemas.js';
import { newOrderId } from '../../../../shared/ids.js';
import { orderMachine, type OrderTrigger } from '../../../../shared/api/orders-v2/machines.js';
import { isoSeconds } from '../../../clock.js';
import type { Account } from '../../../store/repositories/accounts-repo.js';
import type { ApiDeps } from '../../deps.js';
import { detail, invalidRequest, notFound, unprocessable } from '../../pipeline/api-error.js';
import { zodDetails } from '../../pipeline/validate.js';
import type { RequestContext } from '../../route.js';
import { createResource, refuseUnless, transition, transitionIfLegal } from '../../transition.js';
import type { ResourceTransition } from '../../transition-bus.js';
import type { UnitPayment } from '../payments-v2/index.js';
import { applyOrderPatch } from './order-patch.js';
import { normalizeUnits } from './order-rules.js';
import { resolvePaymentSource } from './payment-source.js';
import type { OrderTracking } from './tracking-port.js';
import type { OrderBody, StoredOrder } from './types.js';
import type { OrderVault } from './vault-port.js';
import { resourceEnvelope } from '../../../store/stored-resource.js';

const PatchedOrderSchema = OrderCreateSchema.pick({ intent: true, payer: true, purchase_units: true });

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
    private readonly vault: OrderVault,
    private readonly tracking: OrderTracking,
  ) {}

  create(
    request: OrderCreateRequest,
    ctx: RequestContext,
    requestId: string | undefined,
    attributionId?: string,
  ): StoredOrder {
    const now = this.deps.clock.now();
    const units = normalizeUnits(request.purchase_units, ctx.merchant, this.deps.store, ctx.app);
    const source = request.payment_source;
    const resolved = source ? resolvePaymentSource(source, ctx, this.vault, now) : undefined;
    // Spec 4.4: the header is mandatory for a single-step create, one whose payment source completes
    // the order without the payer (a card, a vaulted token). A wallet source that leaves the order
    // waiting for the payer (PAYER_ACTION_REQUIRED) is a two-step create like any other.
    if (resolved?.approved && !requestId) {
      throw invalidRequest(
        detail('MISSING_REQUIRED_PARAMETER', {
          field: 'Svc-Request-Id',
          location: 'header',
          description:
            'Svc-Request-Id is required for single-step create calls that include a payment source.',
        }),
      );
    }
    const trigger: OrderTrigger = !resolved
      ? 'create'
      : !resolved.approved
        ? 'create-with-wallet'
        : resolved.stored.card
          ? 'create-with-card'
          : 'create-with-vault';
    // The machine sets the status; the literal only gives the body its key order.
    const status = 'CREATED';
    const experience = source?.svc?.experience_context ?? request.application_context;
    const at = isoSeconds(now);
    const id = newOrderId();
    const paymentSource = resolved?.stored;
    const payer = request.payer ?? resolved?.payer;
    const order: StoredOrder = {
      ...resourceEnvelope({ kind: 'order', id, app: ctx.app.id, status, at }),
      body: {
        id,
        intent: request.intent,
        status,
        ...(paymentSource ? { payment_source: paymentSource } : {}),
        purchase_units: units,
        ...(payer ? { payer } : {}),
        ...(request.application_context ? { application_context: request.application_context } : {}),
        create_time: at,
        update_time: at,
      },
      internal: {
        ...(experience?.return_url ? { return_url: experience.return_url } : {}),
        ...(experience?.cancel_url ? { cancel_url: experience.cancel_url } : {}),
        ...(experience?.brand_name ? { brand_name: experience.brand_name } : {}),
        ...resolved?.vault,
        ...(attributionId ? { partner_attribution_id: attributionId } : {}),
      },
    };
    createResource(this.deps, orderMachine, order, trigger);
    return order;
  }

  get(id: string, ctx: RequestContext): StoredOrder {
    const order = this.deps.store.resources.owned<StoredOrder>('order', id, ctx.app.id);
    if (!order) throw notFound('order', id);
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
      throw unprocessable(
        ...zodDetails(parsed.error.issues, 'body').map((d) => ({
          ...d,
          issue: 'INVALID_PATCH_RESULT',
          description: `${d.field}: ${d.description ?? ''}`,
        })),
      );
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
      const resolved = resolvePaymentSource({ card: source.card }, ctx, this.vault, this.deps.clock.now());
      order.body.payment_source = resolved.stored;
      delete order.internal.store_in_vault;
      Object.assign(order.internal, resolved.vault);
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
    this.storeInVault(order, ctx);
    transition(this.deps, orderMachine, order, action);
    return order;
  }

  /**
   * `store_in_vault: ON_SUCCESS`: the order was paid, so its card or wallet becomes a payment token and
   * the order's payment source shows it (`attributes.vault`: id, status, customer).
   */
  private storeInVault(order: StoredOrder, ctx: RequestContext): void {
    const request = order.internal.store_in_vault;
    const source = order.body.payment_source;
    if (!request || !source) return;
    const card = source.card;
    const wallet = source.svc;
    const walletVault = (wallet?.attributes?.vault ?? {}) as Record<string, unknown>;
    const text = (key: string) =>
      typeof walletVault[key] === 'string' ? { [key]: walletVault[key] as string } : {};
    const token = this.vault.store({
      ctx,
      orderId: order.id,
      customerId: request.customer_id,
      source: card
        ? {
            card: {
              ...(card.name ? { name: card.name } : {}),
              last_digits: card.last_digits,
              brand: card.brand,
              expiry: card.expiry,
              ...(card.billing_address ? { billing_address: card.billing_address } : {}),
            },
          }
        : {
            svc: {
              ...(wallet?.email_address ? { email_address: wallet.email_address } : {}),
              ...(wallet?.account_id ? { account_id: wallet.account_id } : {}),
              ...(wallet?.name ? { name: wallet.name } : {}),
              ...text('description'),
              ...text('usage_pattern'),
              ...text('usage_type'),
              ...text('customer_type'),
            },
          },
    });
    const vault = { id: token.id, status: 'VAULTED' as const, customer: token.customer };
    if (card) card.attributes = { vault };
    else if (wallet) wallet.attributes = { vault };
    delete order.internal.store_in_vault;
  }

  /** `POST /v2/checkout/orders/{id}/track`: a tracker on one of the order's captures; answers the order. */
  track(id: string, request: OrderTrackRequest, ctx: RequestContext): StoredOrder {
    const order = this.get(id, ctx);
    this.tracking.track(order, request, ctx);
    return order;
  }

  /** `PATCH /v2/checkout/orders/{id}/trackers/{tracker_id}`: items, notify_payer, or cancel. */
  updateTracker(
    id: string,
    trackerId: string,
    operations: readonly PatchOperation[],
    ctx: RequestContext,
  ): void {
    this.tracking.patch(this.get(id, ctx), trackerId, operations, ctx);
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
