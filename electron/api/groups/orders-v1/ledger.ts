import type { PayerInfo } from '../../../../shared/api/reporting/schemas.js';
import { toMinor } from '../../../../shared/money.js';
import { type LedgerPosting, type LedgerPostings, transitionMs } from '../../../ledger/ledger-posting.js';
import type { EntryDetails, NewLedgerEntry } from '../../../ledger/ledger-types.js';
import type { Store } from '../../../store/store.js';
import type { ResourceTransition } from '../../transition-bus.js';
import {
  ORDER_V1_KIND,
  ORDER_V1_PAYMENT_KIND,
  type OrderV1Body,
  type OrderV1Internal,
  type PurchaseUnitV1Body,
  type StoredOrderV1,
} from './types.js';

/** The codes a v1 sale writes: the payee's checkout payment and the partner's fee as a payment received. */
const SALE_CODES = ['T0006', 'T0000'] as const;

/**
 * What Orders v1 does to the ledger (the same ledger Orders v2 writes, so search and balances agree):
 *
 * - pay, SALE: per purchase unit, T0006 for the payee, amount +total, fee -(the fee schedule's fee +
 *   the partner fee), and T0000 for the partner-fee receiver, amount +partner fee; S with INSTANT
 *   disbursement, P and held (no availability date) with DELAYED;
 * - pay, AUTHORIZE: per unit a T1300 memo, P (the buyer's funds held, no money moves);
 * - disburse (or the automatic release after 28 days): the unit's entries become S.
 */
export function orderV1Postings(store: Store): LedgerPostings {
  return (transition: ResourceTransition): LedgerPosting[] => {
    const { resource, from, trigger, at } = transition;
    const atMs = transitionMs(transition);
    if (resource.kind === ORDER_V1_PAYMENT_KIND && from === null) {
      const order = store.resources.get<OrderV1Body, OrderV1Internal>(ORDER_V1_KIND, resource.id);
      return order ? payPostings(store, order, atMs) : [];
    }
    if (resource.kind === ORDER_V1_KIND && trigger === 'disburse') {
      const order = resource as StoredOrderV1;
      return (order.internal.payments ?? [])
        .filter((p) => p.disbursed_at === at)
        .map((p) => ({
          op: 'set-status',
          transactionId: p.transaction_id,
          codes: SALE_CODES,
          status: 'S',
          atMs,
        }));
    }
    return [];
  };
}

function payPostings(store: Store, order: StoredOrderV1, atMs: number): LedgerPosting[] {
  const postings: LedgerPosting[] = [];
  for (const payment of order.internal.payments ?? []) {
    const unit = order.body.purchase_units.find((u) => u.reference_id === payment.reference_id);
    if (!unit) continue;
    const base = {
      transactionId: payment.transaction_id,
      initiatedMs: atMs,
      currency: unit.amount.currency,
      orderId: order.id,
      instrumentType: order.internal.instrument ?? null,
      source: 'api',
      details: unitDetails(store, order, unit),
    };
    const gross = BigInt(payment.gross_minor);
    if (order.body.intent === 'AUTHORIZE') {
      postings.push(
        insert({
          ...base,
          accountId: payment.payee_id,
          eventCode: 'T1300',
          status: 'P',
          amountMinor: gross,
          feeMinor: 0n,
        }),
      );
      continue;
    }
    const hold = payment.held ? { status: 'P' as const, availableMs: null } : { status: 'S' as const };
    const partnerFee = BigInt(payment.partner_fee_minor);
    postings.push(
      insert({
        ...base,
        ...hold,
        accountId: payment.payee_id,
        eventCode: 'T0006',
        amountMinor: gross,
        feeMinor: -(BigInt(payment.fee_minor) + partnerFee),
      }),
    );
    if (payment.receiver_id && partnerFee > 0n) {
      postings.push(
        insert({
          ...base,
          ...hold,
          accountId: payment.receiver_id,
          eventCode: 'T0000',
          amountMinor: partnerFee,
          feeMinor: 0n,
          details: { ...base.details, subject: `Partner fee of order ${order.id}` },
        }),
      );
    }
  }
  return postings;
}

const insert = (entry: NewLedgerEntry): LedgerPosting => ({ op: 'insert', entry });

/** What a v1 entry shows in transaction search: subject, payer, shipping name, cart, invoice, custom. */
function unitDetails(store: Store, order: StoredOrderV1, unit: PurchaseUnitV1Body): EntryDetails {
  const payer = order.internal.payer;
  const known = payer?.payer_id ? store.accounts.byId(payer.payer_id) : undefined;
  const payerInfo: PayerInfo | undefined = payer
    ? {
        ...(payer.payer_id ? { account_id: payer.payer_id } : {}),
        ...(payer.email ? { email_address: payer.email } : {}),
        address_status: unit.shipping_address ? 'Y' : 'N',
        payer_status: known ? 'Y' : 'N',
        payer_name: {
          ...(payer.first_name ? { given_name: payer.first_name } : {}),
          ...(payer.last_name ? { surname: payer.last_name } : {}),
        },
        ...(payer.country_code ? { country_code: payer.country_code } : {}),
      }
    : undefined;
  const currency = unit.amount.currency;
  const cart = unit.items?.map((item) => ({
    ...(item.sku ? { code: item.sku } : {}),
    name: item.name,
    quantity: item.quantity,
    unitMinor: toMinor(item.price, currency),
    taxMinor: 0n,
  }));
  const shippingName = unit.shipping_address?.recipient_name;
  return {
    ...(unit.description ? { subject: unit.description } : {}),
    ...(payerInfo ? { payer: payerInfo } : {}),
    ...(shippingName ? { shipping_name: shippingName } : {}),
    ...(cart && cart.length > 0 ? { cart } : {}),
    ...(cart && cart.length > 0 && unit.invoice_number ? { cart_invoice: unit.invoice_number } : {}),
    ...(unit.invoice_number ? { invoice_id: unit.invoice_number } : {}),
    ...(unit.custom ? { custom_field: unit.custom } : {}),
  };
}
