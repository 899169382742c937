import type { Store } from '../../../store/store.js';
import { INVOICE_LIMITS } from '../../../../shared/api/invoicing/schemas.js';
import { INVOICE_KIND, type StoredInvoice } from './types.js';

/** The number of a merchant's first invoice when it names none. */
export const FIRST_INVOICE_NUMBER = '0001';

/** The number after `number`: its trailing digits plus one, keeping their width (`INV-0099` -> `INV-0100`). */
export function incrementNumber(number: string): string {
  const match = /^(.*?)(\d+)$/.exec(number);
  if (!match) return `${number}1`.slice(-INVOICE_LIMITS.number);
  const [, prefix = '', digits = ''] = match;
  const next = (BigInt(digits) + 1n).toString().padStart(digits.length, '0');
  return `${prefix}${next}`.slice(-INVOICE_LIMITS.number);
}

/** A merchant's invoice numbers: who holds each (for uniqueness), and the newest one given. */
export class InvoiceNumbers {
  constructor(private readonly store: Store) {}

  /**
   * Every invoice number of one merchant, newest first (deleted drafts included: the platform counts on
   * from the last number it gave). A merchant's invoices are few in a sandbox.
   */
  private read(merchantId: string): { number: string; status: string }[] {
    return this.store.resources
      .find<StoredInvoice>({ kind: INVOICE_KIND, merchant: merchantId })
      .map((invoice) => ({ number: invoice.body.number, status: invoice.status }));
  }

  /** Whether a live (not deleted) invoice of the merchant other than `exceptId` has `number`. */
  taken(merchantId: string, number: string, exceptId?: string): boolean {
    const holders = this.store.resources.ids({
      kind: INVOICE_KIND,
      merchant: merchantId,
      notStatus: 'DELETED',
      members: { 'body.number': number },
    });
    return holders.some((id) => id !== exceptId);
  }

  /** The next free number: the newest number plus one, past every number a live invoice holds. */
  next(merchantId: string): string {
    const rows = this.read(merchantId);
    const live = new Set(rows.filter((r) => r.status !== 'DELETED').map((r) => r.number));
    let candidate = rows[0] ? incrementNumber(rows[0].number) : FIRST_INVOICE_NUMBER;
    for (let guard = 0; live.has(candidate) && guard < 100_000; guard++)
      candidate = incrementNumber(candidate);
    return candidate;
  }
}
