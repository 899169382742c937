import type {
  CartItem,
  FieldGroup,
  InstrumentType,
  ReportDateFormat,
  TransactionDetail,
  TransactionInfo,
} from '../../../../shared/api/reporting/schemas.js';
import { formatReportDateTime } from '../../../../shared/api/reporting/schemas.js';
import { money } from '../../../../shared/money.js';
import type { CartLine, LedgerEntry } from '../../../ledger/ledger-types.js';

/** A cart line as `cart_info.item_details[]` shows it (Money v2, totals computed exactly). */
function cartItem(line: CartLine, currency: string, invoice: string | undefined): CartItem {
  const quantity = BigInt(line.quantity);
  return {
    ...(line.code ? { item_code: line.code } : {}),
    item_name: line.name,
    ...(line.description ? { item_description: line.description } : {}),
    item_quantity: line.quantity,
    item_unit_price: money(line.unitMinor, currency),
    item_amount: money(line.unitMinor * quantity, currency),
    total_item_amount: money((line.unitMinor + line.taxMinor) * quantity, currency),
    ...(invoice ? { invoice_number: invoice } : {}),
  };
}

/** One entry of `transaction_details` with the groups `fields` selected (spec 2.15), in their order. */
export function transactionDetail(
  entry: LedgerEntry,
  groups: ReadonlySet<FieldGroup>,
  format: ReportDateFormat,
  endingBalance: bigint | undefined,
): TransactionDetail {
  const detail: TransactionDetail = {};
  const d = entry.details;
  if (groups.has('transaction_info')) {
    const info: TransactionInfo = {
      svc_account_id: entry.accountId,
      transaction_id: entry.transactionId,
      transaction_event_code: entry.eventCode,
      transaction_initiation_date: formatReportDateTime(entry.initiatedMs, format),
      transaction_updated_date: formatReportDateTime(entry.updatedMs, format),
      transaction_amount: money(entry.amountMinor, entry.currency),
      ...(entry.feeMinor !== 0n ? { fee_amount: money(entry.feeMinor, entry.currency) } : {}),
      transaction_status: entry.status,
      ...(d.subject ? { transaction_subject: d.subject } : {}),
      ...(endingBalance !== undefined ? { ending_balance: money(endingBalance, entry.currency) } : {}),
      ...(d.invoice_id ? { invoice_id: d.invoice_id } : {}),
      ...(d.custom_field ? { custom_field: d.custom_field } : {}),
      ...(d.protection_eligibility ? { protection_eligibility: d.protection_eligibility } : {}),
      ...(entry.instrumentType ? { instrument_type: entry.instrumentType as InstrumentType } : {}),
      ...(d.decline_code ? { decline_code: d.decline_code } : {}),
      ...(d.reference_type && entry.referenceId
        ? { svc_reference_id: entry.referenceId, svc_reference_id_type: d.reference_type }
        : {}),
    };
    detail.transaction_info = info;
  }
  if (groups.has('payer_info')) detail.payer_info = d.payer ?? {};
  if (groups.has('shipping_info'))
    detail.shipping_info = d.shipping_name !== undefined ? { name: d.shipping_name } : {};
  if (groups.has('cart_info'))
    detail.cart_info = {
      item_details: (d.cart ?? []).map((line) => cartItem(line, entry.currency, d.cart_invoice)),
    };
  if (groups.has('store_info')) {
    detail.store_info = {
      ...(entry.storeId ? { store_id: entry.storeId } : {}),
      ...(entry.terminalId ? { terminal_id: entry.terminalId } : {}),
    };
  }
  if (groups.has('auction_info')) detail.auction_info = {};
  if (groups.has('incentive_info')) detail.incentive_info = {};
  return detail;
}
