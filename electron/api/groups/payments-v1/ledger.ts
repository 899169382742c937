import { PAYMENT_V1_KINDS as KINDS } from '../../../../shared/api/payments-v1/index.js';
import type { PayerInfo } from '../../../../shared/api/reporting/schemas.js';
import { toMinor } from '../../../../shared/money.js';
import { setStatus, type LedgerPosting, type LedgerPostings, transitionMs } from '../../../ledger/ledger-posting.js';
import type { EntryDetails, NewLedgerEntry } from '../../../ledger/ledger-types.js';
import type { Store } from '../../../store/store.js';
import type { ResourceTransition } from '../../transition-bus.js';
import type {
  StoredAuthorizationV1,
  StoredCaptureV1,
  StoredPaymentV1,
  StoredRefundV1,
  StoredSaleV1,
} from './types.js';

/** The codes a sale or capture writes; a full refund reverses them (V), as v2's captures do. */
const PAYMENT_CODES = ['T0006'] as const;
const HOLD_CODES = ['T1300'] as const;

interface Context {
  details: EntryDetails;
  instrumentType: 'CREDITCARD' | null;
}

/** What an entry takes from its payment: payer, shipping name, cart, subject, invoice and custom field. */
function paymentContext(store: Store, paymentId: string | null, index: number): Context {
  const payment = paymentId
    ? (store.resources.get(KINDS.payment, paymentId) as StoredPaymentV1 | undefined)
    : undefined;
  if (!payment) return { details: {}, instrumentType: null };
  const transaction = payment.body.transactions[index];
  const info = payment.body.payer.payer_info;
  const card = payment.body.payer.funding_instruments?.[0]?.credit_card;
  const first = info?.first_name ?? card?.first_name;
  const last = info?.last_name ?? card?.last_name;
  const payer: PayerInfo | undefined =
    info || card
      ? {
          ...(info?.payer_id ? { account_id: info.payer_id } : {}),
          ...(info?.email ? { email_address: info.email } : {}),
          address_status: info?.shipping_address ? 'Y' : 'N',
          payer_status: info?.payer_id ? 'Y' : 'N',
          ...(first || last
            ? { payer_name: { ...(first ? { given_name: first } : {}), ...(last ? { surname: last } : {}) } }
            : {}),
          ...(info?.country_code ? { country_code: info.country_code } : {}),
        }
      : undefined;
  const items = transaction?.item_list?.items ?? [];
  const shipping = transaction?.item_list?.shipping_address?.recipient_name;
  return {
    details: {
      ...(transaction?.description ? { subject: transaction.description } : {}),
      ...(transaction?.invoice_number ? { invoice_id: transaction.invoice_number } : {}),
      ...(transaction?.custom ? { custom_field: transaction.custom } : {}),
      ...(payer ? { payer } : {}),
      ...(shipping ? { shipping_name: shipping } : {}),
      ...(items.length > 0
        ? {
            cart: items.map((item) => ({
              ...(item.sku ? { code: item.sku } : {}),
              name: item.name,
              ...(item.description ? { description: item.description } : {}),
              quantity: item.quantity,
              unitMinor: toMinor(item.price, item.currency),
              taxMinor: item.tax ? toMinor(item.tax, item.currency) : 0n,
            })),
          }
        : {}),
      ...(items.length > 0 && transaction?.invoice_number
        ? { cart_invoice: transaction.invoice_number }
        : {}),
    },
    instrumentType: card ? 'CREDITCARD' : null,
  };
}

/**
 * What v1's transitions do to the ledger, with the codes v2 uses so transaction search and balances
 * show v1 and v2 money alike:
 *
 * - sale or capture created: T0006, +gross, -fee, S; fully refunded: its T0006 becomes V;
 * - refund created: T1107 (T1106 when a dispute made it), -refund, +the fee returned, S;
 * - authorization created: T1300 memo, P; fully captured: S; voided or expired: V (void: T1303 memo);
 *   reauthorized: T1302 memo. Orders move no money until authorized or captured.
 */
export function paymentV1Postings(store: Store): LedgerPostings {
  return (transition: ResourceTransition): LedgerPosting[] => {
    const atMs = transitionMs(transition);
    const { resource } = transition;
    const entry = (
      r: {
        id: string;
        root_id: string | null;
        internal: { transaction_index: number; payee: { merchant_id: string } };
      },
      code: string,
      status: 'S' | 'P',
      currency: string,
      amountMinor: bigint,
      feeMinor: bigint,
      referenceId: string | null,
    ): LedgerPosting => {
      const context = paymentContext(store, r.root_id, r.internal.transaction_index);
      const created: NewLedgerEntry = {
        accountId: r.internal.payee.merchant_id,
        transactionId: r.id,
        eventCode: code,
        status,
        initiatedMs: atMs,
        currency,
        amountMinor,
        feeMinor,
        orderId: r.root_id,
        referenceId,
        instrumentType: context.instrumentType,
        source: 'api',
        details: {
          ...context.details,
          ...(code === 'T0006' ? { protection_eligibility: '01' as const } : {}),
        },
      };
      return { op: 'insert', entry: created };
    };
    const reverse = (id: string): LedgerPosting[] =>
      resource.status === 'refunded'
        ? [{ op: 'set-status', transactionId: id, codes: PAYMENT_CODES, status: 'V', atMs }]
        : [];

    switch (resource.kind) {
      case KINDS.sale: {
        const sale = resource as StoredSaleV1;
        if (transition.from !== null) return reverse(sale.id);
        return [
          entry(
            sale,
            'T0006',
            'S',
            sale.body.amount.currency,
            BigInt(sale.internal.gross_minor),
            -BigInt(sale.internal.fee_minor),
            null,
          ),
        ];
      }
      case KINDS.capture: {
        const capture = resource as StoredCaptureV1;
        if (transition.from !== null) return reverse(capture.id);
        return [
          entry(
            capture,
            'T0006',
            'S',
            capture.body.amount.currency,
            BigInt(capture.internal.gross_minor),
            -BigInt(capture.internal.fee_minor),
            capture.internal.authorization_id ?? capture.internal.order_id ?? null,
          ),
        ];
      }
      case KINDS.refund: {
        if (transition.from !== null) return [];
        const refund = resource as StoredRefundV1;
        return [
          entry(
            refund,
            refund.internal.event_code ?? 'T1107',
            'S',
            refund.body.amount.currency,
            -BigInt(refund.internal.amount_minor),
            BigInt(refund.internal.fee_refunded_minor),
            refund.body.sale_id ?? refund.body.capture_id ?? null,
          ),
        ];
      }
      case KINDS.authorization: {
        const authorization = resource as StoredAuthorizationV1;
        const currency = authorization.body.amount.currency;
        const amount = BigInt(authorization.internal.amount_minor);
        const holds = (status: 'S' | 'V') => setStatus(authorization.id, HOLD_CODES, status, atMs);
        const remaining = amount - BigInt(authorization.internal.captured_minor);
        switch (transition.trigger) {
          case 'create':
            return [entry(authorization, 'T1300', 'P', currency, amount, 0n, null)];
          case 'final-capture':
            return [holds('S')];
          case 'reauthorize':
            return [entry(authorization, 'T1302', 'S', currency, amount, 0n, null)];
          case 'void':
            return [
              holds('V'),
              entry(authorization, 'T1303', 'S', currency, -(remaining > 0n ? remaining : 0n), 0n, null),
            ];
          case 'expire':
            return [holds('V')];
          default:
            return [];
        }
      }
      default:
        return [];
    }
  };
}
