import type { PayerInfo } from '../../shared/ledger/payer-info.js';
import type { TransactionStatus } from '../../shared/ledger/transaction-status.js';

/** One line of the cart, in exact minor units of the entry's currency. */
export interface CartLine {
  code?: string;
  name: string;
  description?: string;
  /** A whole number as a string, as orders carry it. */
  quantity: string;
  unitMinor: bigint;
  taxMinor: bigint;
}

/** What an entry carries besides its columns: the report groups of spec 2.15 that are not filters. */
export interface EntryDetails {
  subject?: string;
  invoice_id?: string;
  custom_field?: string;
  protection_eligibility?: '01' | '02';
  decline_code?: string;
  payer?: PayerInfo;
  shipping_name?: string;
  cart?: CartLine[];
  /** The invoice number of the cart's purchase unit. */
  cart_invoice?: string;
  /**
   * What the entry's `referenceId` names, when the report shows it as `svc_reference_id`: SUB a
   * subscription (or billing agreement).
   */
  reference_type?: 'SUB';
}

/** An entry to write. Amounts are signed minor units from the merchant's point of view. */
export interface NewLedgerEntry {
  accountId: string;
  /** 17 characters; shared by entries of one transaction (an authorization and its void). */
  transactionId: string;
  eventCode: string;
  status: TransactionStatus;
  initiatedMs: number;
  updatedMs?: number;
  currency: string;
  amountMinor: bigint;
  feeMinor: bigint;
  /** For a pending (P) entry: when its funds become available; null while they wait for a release. */
  availableMs?: number | null;
  orderId?: string | null;
  referenceId?: string | null;
  instrumentType?: string | null;
  storeId?: string | null;
  terminalId?: string | null;
  /** `api`, `generated`, or the group that called a ledger hook. */
  source: string;
  details: EntryDetails;
}

/** A stored entry. */
export interface LedgerEntry {
  seq: number;
  accountId: string;
  transactionId: string;
  eventCode: string;
  status: TransactionStatus;
  initiatedMs: number;
  updatedMs: number;
  currency: string;
  amountMinor: bigint;
  feeMinor: bigint;
  balanceAffecting: boolean;
  held: boolean;
  availableMs: number | null;
  orderId: string | null;
  referenceId: string | null;
  instrumentType: string | null;
  storeId: string | null;
  terminalId: string | null;
  source: string;
  details: EntryDetails;
}

/** A search of the ledger: the account, an inclusive time range, and the filters of spec 4.11. */
export interface LedgerFilter {
  accountId: string;
  fromMs: number;
  toMs: number;
  /** Matches transaction ids and order ids. */
  transactionId?: string;
  orderId?: string;
  eventCode?: string;
  status?: TransactionStatus;
  amountLow?: bigint;
  amountHigh?: bigint;
  currency?: string;
  instrumentType?: string;
  storeId?: string;
  terminalId?: string;
  balanceAffectingOnly: boolean;
}

/** One UTC day of one currency, for the charts. */
export interface DailyTotals {
  day: string;
  /** Payments received (credits), refunds and payouts sent (debits, positive), fees paid net of fees returned. */
  volume: bigint;
  refunds: bigint;
  fees: bigint;
  net: bigint;
  count: number;
  /** The balance at the end of the day. */
  balance: bigint;
}
