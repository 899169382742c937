import {
  newPaymentToken,
  newPaymentV1Id,
  paymentV1Machine,
  PAYMENT_V1_KINDS as KINDS,
  checkAmountV1,
  type PaymentV1CreateRequest,
  type PaymentV1ExecuteRequest,
} from '../../../../shared/api/payments-v1/index.js';
import type { PatchOperation } from '../../../../shared/json-patch.js';
import { HOUR, isoSeconds } from '../../../clock.js';
import type { Account } from '../../../store/repositories/accounts-repo.js';
import type { ApiDeps } from '../../deps.js';
import { detail, invalidRequest, unprocessable } from '../../pipeline/api-error.js';
import type { RequestContext } from '../../route.js';
import { createResource, refuseUnless, transition, transitionIfLegal } from '../../transition.js';
import { EXPIRE_PAYMENT_V1_JOB, paymentV1ExpiryKey } from './jobs.js';
import { ownResource } from './lookup.js';
import type { MoneyResources, Origin } from './money-resources.js';
import { minorOfV1 } from './operations.js';
import { patchPayment } from './payment-patch.js';
import { checkPaymentMethod, checkTransactions, storedCard, withPayees } from './payment-rules.js';
import type { StoredPaymentV1, TransactionBody } from './types.js';
import { resourceEnvelope } from '../../../store/stored-resource.js';

/** How long a created payment waits for the buyer and the execute call (v1's token lifetime). */
export const PAYMENT_APPROVAL_WINDOW_MS = 3 * HOUR;

/** Whether a merchant has a usable web experience profile `id` (the web profiles group answers). */
export type ProfileExists = (merchantId: string, id: string) => boolean;

const optional = <K extends string, V>(key: K, value: V | undefined): Partial<Record<K, V>> =>
  value === undefined ? {} : ({ [key]: value } as Record<K, V>);

/**
 * Payments v1 (spec 2.6, 4.6): create, show, update, the buyer's approval and execute. A wallet (`svc`)
 * payment waits for the buyer page and the execute call; a card payment is executed at once. Executing
 * makes a sale, an authorization or an order of each transaction (money-resources.ts).
 */
export class PaymentsV1Service {
  constructor(
    private readonly deps: ApiDeps,
    private readonly make: MoneyResources,
    private readonly profileExists: ProfileExists,
  ) {}

  create(
    request: PaymentV1CreateRequest,
    ctx: RequestContext,
    partnerAttributionId: string | undefined,
  ): StoredPaymentV1 {
    const now = this.deps.clock.now();
    checkPaymentMethod(request, now);
    checkTransactions(request.transactions);
    const transactions = withPayees(request.transactions, ctx.merchant, this.deps.store);
    if (
      request.experience_profile_id !== undefined &&
      !this.profileExists(ctx.merchant.id, request.experience_profile_id)
    ) {
      throw invalidRequest(
        detail('INVALID_EXPERIENCE_PROFILE_ID', {
          field: '/experience_profile_id',
          value: request.experience_profile_id,
          location: 'body',
        }),
      );
    }
    const ms = Math.floor(now / 1000) * 1000;
    const at = isoSeconds(ms);
    const id = newPaymentV1Id();
    const token = newPaymentToken();
    const card = request.payer.funding_instruments?.[0]?.credit_card;
    const payment: StoredPaymentV1 = {
      ...resourceEnvelope({ kind: KINDS.payment, id, app: ctx.app.id, status: 'created', at }),
      body: {
        id,
        intent: request.intent,
        cart: token,
        payer: {
          payment_method: request.payer.payment_method,
          ...optional('status', request.payer.status),
          ...optional('payer_info', request.payer.payer_info),
          ...(card ? { funding_instruments: [{ credit_card: storedCard(card) }] } : {}),
        },
        transactions,
        ...optional('note_to_payer', request.note_to_payer),
        ...optional('experience_profile_id', request.experience_profile_id),
        ...optional('redirect_urls', request.redirect_urls),
        ...optional('application_context', request.application_context),
        create_time: at,
        update_time: at,
      },
      internal: {
        token,
        created_ms: ms,
        merchant_id: ctx.merchant.id,
        ...optional('partner_attribution_id', partnerAttributionId),
      },
    };
    if (card) {
      // The card is the buyer's approval: the payment is executed in the same call, as v1 did.
      createResource(this.deps, paymentV1Machine, payment, 'create-with-card');
      this.settle(payment);
    } else {
      createResource(this.deps, paymentV1Machine, payment, 'create');
      this.deps.scheduler.schedule(
        EXPIRE_PAYMENT_V1_JOB,
        ms + PAYMENT_APPROVAL_WINDOW_MS,
        { id },
        paymentV1ExpiryKey(id),
      );
    }
    return payment;
  }

  get(id: string, ctx: RequestContext): StoredPaymentV1 {
    return ownResource(this.deps.store, KINDS.payment, 'payment', id, ctx);
  }

  /** The buyer page finds a payment by the token of its approval_url (the buyer has no app token). */
  findByToken(token: string): StoredPaymentV1 | undefined {
    return this.deps.store.resources.findOne<StoredPaymentV1>({
      kind: KINDS.payment,
      members: { 'internal.token': token },
    });
  }

  update(id: string, operations: readonly PatchOperation[], ctx: RequestContext): StoredPaymentV1 {
    const payment = this.get(id, ctx);
    refuseUnless(
      paymentV1Machine,
      payment,
      'update',
      `The payment is ${payment.status}; only a created payment can be updated.`,
    );
    const patched = patchPayment(payment.body, operations);
    checkTransactions(patched.transactions);
    payment.body.transactions = patched.transactions.map((transaction, index) => ({
      ...transaction,
      payee: (payment.body.transactions[index] as TransactionBody).payee,
    }));
    if (patched.note_to_payer !== undefined) payment.body.note_to_payer = patched.note_to_payer;
    else delete payment.body.note_to_payer;
    transition(this.deps, paymentV1Machine, payment, 'update', {
      note: `updated: ${operations.map((op) => `${op.op} ${op.path}`).join(', ')}`,
    });
    return payment;
  }

  /** The sandbox buyer approves on the buyer page: the payer is known, the merchant may execute. */
  approve(payment: StoredPaymentV1, buyer: Account): void {
    refuseUnless(paymentV1Machine, payment, 'buyer-approve', `The payment is ${payment.status}.`);
    const shipping = payment.body.transactions[0]?.item_list?.shipping_address;
    payment.internal.approved_payer_id = buyer.id;
    payment.body.payer = {
      ...payment.body.payer,
      status: 'VERIFIED',
      payer_info: {
        email: buyer.email,
        first_name: buyer.name.given_name,
        last_name: buyer.name.surname,
        payer_id: buyer.id,
        country_code: buyer.country_code,
        shipping_address: shipping ?? {
          recipient_name: `${buyer.name.given_name} ${buyer.name.surname}`,
          line1: buyer.address.address_line_1,
          city: buyer.address.admin_area_2,
          state: buyer.address.admin_area_1,
          postal_code: buyer.address.postal_code,
          country_code: buyer.address.country_code,
        },
      },
    };
    transition(this.deps, paymentV1Machine, payment, 'buyer-approve', { note: `approved by ${buyer.email}` });
  }

  execute(id: string, request: PaymentV1ExecuteRequest, ctx: RequestContext): StoredPaymentV1 {
    const payment = this.get(id, ctx);
    refuseUnless(paymentV1Machine, payment, 'execute');
    const approvedBy = payment.internal.approved_payer_id;
    if (!approvedBy)
      throw unprocessable(
        detail('PAYMENT_NOT_APPROVED_FOR_EXECUTION', { field: 'id', value: id, location: 'path' }),
      );
    if (request.payer_id !== approvedBy) {
      throw invalidRequest(
        detail('INVALID_PAYER_ID', { field: '/payer_id', value: request.payer_id, location: 'body' }),
      );
    }
    const changes = request.transactions ?? [];
    const problems = changes.flatMap((change, index) => {
      const transaction = payment.body.transactions[index];
      const at = `/transactions/${index}`;
      if (!transaction)
        return [
          detail('TRANSACTION_AMOUNT_CHANGE_INVALID', {
            field: at,
            location: 'body',
            description: `The payment has ${payment.body.transactions.length} transaction(s).`,
          }),
        ];
      if (change.amount.currency !== transaction.amount.currency) {
        return [
          detail('TRANSACTION_AMOUNT_CHANGE_INVALID', {
            field: `${at}/amount/currency`,
            value: change.amount.currency,
            location: 'body',
            description: `The transaction is in ${transaction.amount.currency}.`,
          }),
        ];
      }
      return checkAmountV1(change.amount, transaction.item_list?.items, at).problems.map((p) =>
        detail(p.issue, { field: p.field, location: 'body', description: p.description }),
      );
    });
    if (problems.length > 0) throw unprocessable(...problems);
    changes.forEach((change, index) => {
      const transaction = payment.body.transactions[index];
      if (transaction) transaction.amount = change.amount;
    });
    transition(this.deps, paymentV1Machine, payment, 'execute', {
      note: `executed for payer ${request.payer_id}`,
    });
    this.deps.scheduler.cancel(paymentV1ExpiryKey(id));
    this.settle(payment);
    return payment;
  }

  /** Makes the sale, authorization or order of each transaction of an executed payment. */
  private settle(payment: StoredPaymentV1): void {
    payment.body.transactions.forEach((transaction, index) => {
      const origin: Origin = {
        paymentId: payment.id,
        appId: payment.app_id ?? '',
        transactionIndex: index,
        payee: transaction.payee,
      };
      const minor = minorOfV1(transaction.amount);
      if (payment.body.intent === 'sale') {
        this.make.sale(origin, transaction.amount, minor, {
          invoice_number: transaction.invoice_number,
          custom: transaction.custom,
          soft_descriptor: transaction.soft_descriptor,
        });
      } else if (payment.body.intent === 'authorize')
        this.make.authorization(origin, transaction.amount, minor);
      else this.make.order(origin, transaction.amount, minor);
    });
  }

  /** The scheduled failure of a payment nobody executed within 3 hours. */
  expirePayment(id: string, dueAt: number): void {
    const payment = this.deps.store.resources.get(KINDS.payment, id) as StoredPaymentV1 | undefined;
    if (payment && payment.status === 'created') payment.body.failure_reason = 'PAYMENT_EXPIRED';
    transitionIfLegal(this.deps, paymentV1Machine, payment, 'expire', {
      note: 'not executed within 3 hours',
      at: isoSeconds(dueAt),
    });
  }
}
