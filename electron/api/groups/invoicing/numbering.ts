import type { Store } from '../../../store/store.js';
import { INVOICE_LIMITS } from '../../../../shared/api/invoicing/schemas.js';
import { INVOICE_KIND } from './types.js';

/** The number of a merchant's first invoice when it names none. */
export const FIRST_INVOICE_NUMBER = '0001';

// Every invoice number of one merchant, newest first (deleted drafts included: the platform counts on
// from the last number it gave). A merchant's invoices are few in a sandbox; read through the kind index.
const NUMBERS_SQL = `SELECT json_extract(body, '$.number') AS number, status FROM resources
  WHERE kind = '${INVOICE_KIND}' AND json_extract(internal, '$.merchant_id') = ?
  ORDER BY create_time DESC, rowid DESC`;

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

  private read(merchantId: string): { number: string; status: string }[] {
    return this.store.db.prepare(NUMBERS_SQL).all(merchantId) as { number: string; status: string }[];
  }

  /** Whether a live (not deleted) invoice of the merchant other than `exceptId` has `number`. */
  taken(merchantId: string, number: string, exceptId?: string): boolean {
    const rows = this.store.db
      .prepare(
        `SELECT id FROM resources WHERE kind = '${INVOICE_KIND}' AND status <> 'DELETED'
         AND json_extract(internal, '$.merchant_id') = ? AND json_extract(body, '$.number') = ?`,
      )
      .all(merchantId, number) as { id: string }[];
    return rows.some((row) => row.id !== exceptId);
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
