import {
  checkOrderV1Amounts,
  orderV1Machine,
  orderV1PaymentMachine,
  type OrderV1CreateRequest,
  type OrderV1PayRequest,
} from '../../../../shared/api/orders-v1/index.js';
import type { Issue } from '../../../../shared/api/registry.js';
import type { ErrorDetail } from '../../../../shared/errors.js';
import { fromMinor, toMinor } from '../../../../shared/money.js';
import type { Account } from '../../../store/repositories/accounts-repo.js';
import type { ApiDeps } from '../../deps.js';
import {
  detail,
  invalidRequest,
  notFound,
  unprocessable,
  unprocessableWithMessage,
  bodyDetail,
} from '../../pipeline/api-error.js';
import type { RequestContext } from '../../route.js';
import { createResource, refuseUnless, transition, transitionIfLegal } from '../../transition.js';
import { captureFee } from '../../pipeline/capture-fees.js';
import { businessAccount, stillBusiness } from './accounts.js';
import { AUTO_DISBURSE_JOB, DELAYED_DISBURSEMENT_MAX_MS, autoDisburseKey } from './jobs.js';
import {
  ORDER_V1_KIND,
  ORDER_V1_PAYMENT_KIND,
  newOrderV1Id,
  newTransactionId,
  type OrderV1Body,
  type OrderV1Internal,
  type PayerInfoV1,
  type PurchaseUnitV1Body,
  type StoredOrderV1,
  type StoredOrderV1Payment,
  type UnitPaymentV1,
} from './types.js';
import { resourceEnvelope } from '../../../store/stored-resource.js';

/** The message spec part 7 gives a DELETE of a paid order. */
export const ORDER_IN_PROGRESS_MESSAGE = 'This order is in progress';

/** A wallet order needs somewhere to send the buyer back to; a card order does not (spec 2.3). */
const isCardOrder = (request: { payment_details?: { payment_method?: string } | undefined }): boolean =>
  request.payment_details?.payment_method === 'CREDIT_CARD';

/**
 * Orders v1 (spec 2.3, 3, 4.3): create, show, delete, buyer approval, pay and the disbursement of
 * funds a DELAYED pay holds. The machine of `shared/api/orders-v1/machines.ts` guards every move; the
 * group's ledger postings turn pay and disburse into the same ledger Orders v2 writes.
 */
export class OrdersV1Service {
  constructor(private readonly deps: ApiDeps) {}

  create(
    request: OrderV1CreateRequest,
    ctx: RequestContext,
    attributionId: string | undefined,
  ): StoredOrderV1 {
    if (!request.redirect_urls && !isCardOrder(request)) {
      throw invalidRequest(
        bodyDetail(
          '/redirect_urls',
          'MISSING_REQUIRED_PARAMETER',
          'redirect_urls (return_url and cancel_url) is required for the wallet payment method.',
        ),
      );
    }
    const units = request.purchase_units;
    const problems = referenceProblems(units.map((u) => u.reference_id));
    const amounts = checkOrderV1Amounts(request);
    problems.push(
      ...amounts.problems.map((p) =>
        detail(p.issue as Issue, { field: p.field, location: 'body', description: p.description }),
      ),
    );
    if (problems.length > 0) throw unprocessable(...problems);

    const payees = units.map((unit, index) => {
      const payee = unit.payee
        ? businessAccount(this.deps.store, unit.payee.email, `/purchase_units/${index}/payee/email`)
        : ctx.merchant;
      const receiver = unit.partner_fee_details
        ? businessAccount(
            this.deps.store,
            unit.partner_fee_details.receiver.email,
            `/purchase_units/${index}/partner_fee_details/receiver/email`,
          )
        : undefined;
      return { payee, receiver };
    });
    const at = this.deps.clock.nowIso();
    const id = newOrderV1Id();
    const gross = amounts.gross ?? { minor: 0n, currency: 'USD' };
    // The machine sets the status; the literal only gives the body its key order.
    const status = 'CREATED';
    const body: OrderV1Body = {
      id,
      intent: request.intent ?? 'SALE',
      purchase_units: units.map((unit, index) => ({
        ...unit,
        reference_id: unit.reference_id ?? 'default',
        payee: { email: payees[index]?.payee.email ?? ctx.merchant.email },
      })),
      ...(request.payment_details ? { payment_details: request.payment_details } : {}),
      ...(request.metadata ? { metadata: request.metadata } : {}),
      ...(request.application_context ? { application_context: request.application_context } : {}),
      ...(request.redirect_urls ? { redirect_urls: request.redirect_urls } : {}),
      gross_total_amount: { currency: gross.currency, value: fromMinor(gross.minor, gross.currency) },
      status,
      create_time: at,
      update_time: at,
    };
    const order: StoredOrderV1 = {
      ...resourceEnvelope({ kind: ORDER_V1_KIND, id, app: ctx.app.id, status, at }),
      body,
      internal: {
        merchant_id: ctx.merchant.id,
        payees: payees.map(({ payee, receiver }) => ({
          payee_id: payee.id,
          ...(receiver ? { receiver_id: receiver.id } : {}),
        })),
        ...(attributionId ? { partner_attribution_id: attributionId } : {}),
      },
    };
    createResource(this.deps, orderV1Machine, order, 'create');
    return order;
  }

  /** An order of the caller's app; a deleted one is gone (404). */
  get(id: string, ctx: RequestContext): StoredOrderV1 {
    const order = this.deps.store.resources.owned<StoredOrderV1>(ORDER_V1_KIND, id, ctx.app.id);
    if (!order || order.status === 'DELETED') throw notFound('order', id, 'order_id');
    return order;
  }

  /** The approval page and its helper find orders by id alone (the buyer has no app token). */
  find(id: string): StoredOrderV1 | undefined {
    return this.deps.store.resources.get<OrderV1Body, OrderV1Internal>(ORDER_V1_KIND, id);
  }

  /** The sandbox buyer approves a wallet order (approval page or test helper). */
  approve(order: StoredOrderV1, buyerEmail: string): Account {
    refuseUnless(orderV1Machine, order, 'approve', `The order is ${order.status}.`);
    const buyer = this.deps.store.accounts.byEmail(buyerEmail);
    if (!buyer || buyer.type !== 'PERSONAL') {
      throw unprocessable(
        detail('PAYER_ACCOUNT_INVALID', { field: '/buyer_email', value: buyerEmail, location: 'body' }),
      );
    }
    order.internal.payer = walletPayer(buyer, order.body.purchase_units[0]);
    transition(this.deps, orderV1Machine, order, 'approve', { note: `approved by ${buyer.email}` });
    return buyer;
  }

  /** DELETE (spec part 3): 204 in CREATED or APPROVED; a paid order is 422 "This order is in progress". */
  delete(id: string, ctx: RequestContext): void {
    const order = this.get(id, ctx);
    if (order.status === 'COMPLETED') {
      throw unprocessableWithMessage(
        ORDER_IN_PROGRESS_MESSAGE,
        detail('ORDER_IN_PROGRESS', { field: 'order_id', value: id, location: 'path' }),
      );
    }
    transition(this.deps, orderV1Machine, order, 'delete');
  }

  /**
   * Pay (spec 2.3, 4.3): every purchase unit is captured (SALE) or authorized (AUTHORIZE); INSTANT
   * disbursement pays the payee and the partner at once, DELAYED holds the funds until disbursed.
   * Answers the pay record (the pay response).
   */
  pay(
    id: string,
    request: OrderV1PayRequest,
    ctx: RequestContext,
    attributionId?: string,
  ): StoredOrderV1Payment {
    const order = this.get(id, ctx);
    // The partner that pays is recorded like the one that created (the first one named is kept).
    if (attributionId) order.internal.partner_attribution_id ??= attributionId;
    const card = request.payer?.funding_instruments?.[0]?.credit_card;
    const cardOrder = isCardOrder(order.body);
    let trigger: 'pay' | 'pay-with-card' = 'pay';
    if (cardOrder && order.status === 'CREATED') {
      if (!card) {
        throw unprocessable(detail('CARD_PAYER_REQUIRED', { field: '/payer', location: 'body' }));
      }
      const now = new Date(this.deps.clock.now());
      const expired =
        card.expire_year < now.getUTCFullYear() ||
        (card.expire_year === now.getUTCFullYear() && card.expire_month < now.getUTCMonth() + 1);
      if (expired) {
        throw unprocessable(
          bodyDetail(
            '/payer/funding_instruments/0/credit_card/expire_year',
            'CARD_EXPIRED',
            undefined,
            `${card.expire_month}/${card.expire_year}`,
          ),
        );
      }
      order.internal.payer = {
        ...(card.first_name ? { first_name: card.first_name } : {}),
        ...(card.last_name ? { last_name: card.last_name } : {}),
      };
      order.internal.instrument = 'CREDITCARD';
      trigger = 'pay-with-card';
    } else {
      refuseUnless(orderV1Machine, order, 'pay', `The order is ${order.status}.`);
      const named = request.payer?.payer_info;
      const payer = order.internal.payer;
      if (
        named &&
        ((named.email && named.email !== payer?.email) ||
          (named.payer_id && named.payer_id !== payer?.payer_id))
      ) {
        throw unprocessable(
          bodyDetail(
            '/payer/payer_info',
            'PAYER_ACCOUNT_INVALID',
            `The order was approved by ${payer?.email ?? 'another buyer'}; payer_info must name that buyer.`,
          ),
        );
      }
      order.internal.instrument = null;
    }

    const delayed = request.disbursement_mode === 'DELAYED' && order.body.intent === 'SALE';
    order.internal.disbursement_mode = request.disbursement_mode;
    // A unit whose seller or partner account cannot be fetched is not processed, nor is any unit of its
    // payment_linked_group (they are paid together or not at all); when no unit can be, the pay fails.
    const units = order.body.purchase_units;
    const outcomes = units.map((unit, index) => this.unitPayment(order, unit, index, delayed));
    const failedGroups = new Set(
      units.flatMap((unit, i) =>
        'problem' in outcomes[i]! && unit.payment_linked_group !== undefined
          ? [unit.payment_linked_group]
          : [],
      ),
    );
    const payments = outcomes.flatMap((outcome, i) =>
      'payment' in outcome && !failedGroups.has(units[i]?.payment_linked_group ?? -1)
        ? [outcome.payment]
        : [],
    );
    if (payments.length === 0) {
      throw unprocessable(...outcomes.flatMap((o) => ('problem' in o ? [o.problem] : [])));
    }
    order.internal.payments = payments;
    const skipped = units.length - payments.length;
    transition(this.deps, orderV1Machine, order, trigger, {
      note: `${order.body.intent === 'SALE' ? 'captured' : 'authorized'}, ${request.disbursement_mode} disbursement${skipped > 0 ? `; ${skipped} unit(s) NOT_PROCESSED (account cannot be fetched)` : ''}`,
    });

    const at = order.update_time;
    const payment: StoredOrderV1Payment = {
      ...resourceEnvelope({
        kind: ORDER_V1_PAYMENT_KIND,
        id: order.id,
        app: ctx.app.id,
        status: 'APPROVED',
        parent: order.id,
        at,
      }),
      body: {
        order_id: order.id,
        status: 'APPROVED',
        payer_info: order.internal.payer ?? {},
        create_time: order.create_time,
        update_time: at,
      },
      internal: { disbursement_mode: request.disbursement_mode },
    };
    createResource(this.deps, orderV1PaymentMachine, payment, 'pay');
    if (delayed) {
      const dueAt = this.deps.clock.now() + DELAYED_DISBURSEMENT_MAX_MS;
      this.deps.scheduler.schedule(AUTO_DISBURSE_JOB, dueAt, { id: order.id }, autoDisburseKey(order.id));
    }
    return payment;
  }

  /** Releases the funds a DELAYED pay holds: every held unit, or the unit `referenceId` names. */
  disburse(id: string, referenceId: string | undefined, ctx: RequestContext): StoredOrderV1 {
    const order = this.get(id, ctx);
    const held = (order.internal.payments ?? []).filter((p) => p.held && !p.disbursed_at);
    const chosen = referenceId === undefined ? held : held.filter((p) => p.reference_id === referenceId);
    if (referenceId !== undefined && !order.body.purchase_units.some((u) => u.reference_id === referenceId)) {
      throw unprocessable(
        bodyDetail(
          '/reference_id',
          'INVALID_PARAMETER_VALUE',
          `No purchase unit has reference_id ${referenceId}.`,
          referenceId,
        ),
      );
    }
    if (order.status !== 'COMPLETED' || chosen.length === 0) {
      throw unprocessable(detail('NO_FUNDS_HELD', { field: 'order_id', value: id, location: 'path' }));
    }
    this.release(order, chosen, this.deps.clock.nowIso(), 'disbursed by the partner');
    return order;
  }

  /** The automatic disbursement job: funds still held 28 days after pay are released. */
  autoDisburse(id: string, at: string): void {
    const order = this.find(id);
    const held = (order?.internal.payments ?? []).filter((p) => p.held && !p.disbursed_at);
    if (!order || held.length === 0 || order.status !== 'COMPLETED') return;
    this.release(order, held, at, 'disbursed automatically after 28 days');
  }

  private release(order: StoredOrderV1, units: UnitPaymentV1[], at: string, note: string): void {
    for (const unit of units) unit.disbursed_at = at;
    if (!(order.internal.payments ?? []).some((p) => p.held && !p.disbursed_at))
      this.deps.scheduler.cancel(autoDisburseKey(order.id));
    transitionIfLegal(this.deps, orderV1Machine, order, 'disburse', {
      note: `${note}: ${units.map((u) => u.reference_id).join(', ')}`,
      at,
    });
  }

  /** One unit paid: its payee (and partner) re-checked, its fee, and whether its funds are held. */
  private unitPayment(
    order: StoredOrderV1,
    unit: PurchaseUnitV1Body,
    index: number,
    held: boolean,
  ): { payment: UnitPaymentV1 } | { problem: ErrorDetail } {
    const accounts = order.internal.payees[index];
    const payee = stillBusiness(this.deps.store, accounts?.payee_id);
    const receiver = accounts?.receiver_id ? stillBusiness(this.deps.store, accounts.receiver_id) : null;
    if (!payee || receiver === undefined) {
      return {
        problem: bodyDetail(
          `/purchase_units/${index}/${payee ? 'partner_fee_details/receiver/email' : 'payee/email'}`,
          'ACCOUNT_CANNOT_BE_FETCHED',
          `The ${payee ? 'partner' : 'seller'} account of purchase unit ${unit.reference_id} can no longer be fetched.`,
        ),
      };
    }
    const currency = unit.amount.currency;
    const gross = toMinor(unit.amount.total, currency);
    const partnerFee = unit.partner_fee_details
      ? toMinor(unit.partner_fee_details.amount.value, currency)
      : 0n;
    const payment: UnitPaymentV1 = {
      reference_id: unit.reference_id,
      transaction_id: newTransactionId(),
      payee_id: payee.id,
      ...(receiver ? { receiver_id: receiver.id } : {}),
      gross_minor: String(gross),
      fee_minor: String(order.body.intent === 'SALE' ? captureFee(gross, currency).total : 0n),
      partner_fee_minor: String(partnerFee),
      held,
    };
    return { payment };
  }
}

/** REFERENCE_ID_REQUIRED and DUPLICATE_REFERENCE_ID, as for Orders v2. */
function referenceProblems(ids: (string | undefined)[]) {
  const problems = [];
  const seen = new Set<string>();
  for (const [index, id] of ids.entries()) {
    if (ids.length > 1 && id === undefined)
      problems.push(
        detail('REFERENCE_ID_REQUIRED', { field: `/purchase_units/${index}/reference_id`, location: 'body' }),
      );
    if (id !== undefined) {
      if (seen.has(id))
        problems.push(
          bodyDetail(`/purchase_units/${index}/reference_id`, 'DUPLICATE_REFERENCE_ID', undefined, id),
        );
      seen.add(id);
    }
  }
  return problems;
}

/** What the buyer's wallet account tells the merchant (spec 2.3 `payer_info`). */
function walletPayer(buyer: Account, unit: PurchaseUnitV1Body | undefined): PayerInfoV1 {
  const shipping = unit?.shipping_address ?? {
    line1: buyer.address.address_line_1,
    city: buyer.address.admin_area_2,
    state: buyer.address.admin_area_1,
    postal_code: buyer.address.postal_code,
    country_code: buyer.address.country_code,
    recipient_name: `${buyer.name.given_name} ${buyer.name.surname}`,
  };
  return {
    email: buyer.email,
    first_name: buyer.name.given_name,
    last_name: buyer.name.surname,
    payer_id: buyer.id,
    country_code: buyer.country_code,
    shipping_address: shipping,
  };
}
