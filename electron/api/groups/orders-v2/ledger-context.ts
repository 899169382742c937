import type { PayerInfo } from '../../../../shared/api/reporting/schemas.js';
import { toMinor } from '../../../../shared/money.js';
import type { OrderBody, PurchaseUnitBody } from './types.js';
import type { Store } from '../../../store/store.js';
import type { CartLine, EntryDetails } from '../../../ledger/ledger-types.js';

/** What a ledger entry takes from its order: the payer, the shipping name, the cart and the subject. */
export interface OrderContext {
  details: EntryDetails;
  instrumentType: 'CREDITCARD' | 'DEBITCARD' | null;
  /** Every item of the unit is a DONATION (the capture is a donation payment). */
  donation: boolean;
}

function payerOf(order: OrderBody, store: Store, unit: PurchaseUnitBody | undefined): PayerInfo | undefined {
  const payer = order.payer;
  const wallet = order.payment_source?.svc;
  const card = order.payment_source?.card;
  const accountId = payer?.payer_id ?? wallet?.account_id;
  const email = payer?.email_address ?? wallet?.email_address;
  const name = payer?.name ?? wallet?.name;
  if (!accountId && !email && !name && !card?.name) return undefined;
  const known = accountId ? store.accounts.byId(accountId) : undefined;
  const country = payer?.address?.country_code ?? known?.country_code ?? card?.billing_address?.country_code;
  return {
    ...(accountId ? { account_id: accountId } : {}),
    ...(email ? { email_address: email } : {}),
    address_status: unit?.shipping?.address ? 'Y' : 'N',
    payer_status: known ? 'Y' : 'N',
    ...(name || card?.name
      ? {
          payer_name: {
            ...(name?.given_name ? { given_name: name.given_name } : {}),
            ...(name?.surname ? { surname: name.surname } : {}),
            ...(!name && card?.name ? { alternate_full_name: card.name } : {}),
          },
        }
      : {}),
    ...(country ? { country_code: country } : {}),
  };
}

function cartOf(unit: PurchaseUnitBody): CartLine[] | undefined {
  if (!unit.items || unit.items.length === 0) return undefined;
  return unit.items.map((item) => ({
    ...(item.sku ? { code: item.sku } : {}),
    name: item.name,
    ...(item.description ? { description: item.description } : {}),
    quantity: item.quantity,
    unitMinor: toMinor(item.unit_amount.value, item.unit_amount.currency_code),
    taxMinor: item.tax ? toMinor(item.tax.value, item.tax.currency_code) : 0n,
  }));
}

/** The context of the purchase unit `referenceId` of order `orderId` (empty when the order is gone). */
export function orderContext(
  store: Store,
  orderId: string | null,
  referenceId: string | undefined,
): OrderContext {
  const order = orderId ? store.resources.get<OrderBody, unknown>('order', orderId) : undefined;
  if (!order) return { details: {}, instrumentType: null, donation: false };
  const units = order.body.purchase_units;
  const unit = units.find((u) => u.reference_id === referenceId) ?? units[0];
  const payer = payerOf(order.body, store, unit);
  const cart = unit ? cartOf(unit) : undefined;
  const shippingName = unit?.shipping?.name?.full_name;
  const card = order.body.payment_source?.card;
  return {
    details: {
      ...(unit?.description ? { subject: unit.description } : {}),
      ...(payer ? { payer } : {}),
      ...(shippingName ? { shipping_name: shippingName } : {}),
      ...(cart ? { cart } : {}),
      ...(cart && unit?.invoice_id ? { cart_invoice: unit.invoice_id } : {}),
    },
    instrumentType: card ? (card.type === 'DEBIT' ? 'DEBITCARD' : 'CREDITCARD') : null,
    donation:
      !!unit?.items && unit.items.length > 0 && unit.items.every((item) => item.category === 'DONATION'),
  };
}
