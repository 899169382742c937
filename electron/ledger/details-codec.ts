import type { PayerInfo } from '../../shared/ledger/payer-info.js';
import type { Database } from '../store/db.js';
import type { CartLine, EntryDetails } from './ledger-types.js';

/**
 * How an entry's details are stored: compact JSON with short keys and the cart as arrays of strings
 * (a million generated entries then take ~150 bytes of details each, not ~800), and the payer as a row
 * of `ledger_parties` shared by every entry of that payer.
 *
 * Keys: s subject, i invoice_id, c custom_field, p protection_eligibility, d decline_code, n shipping
 * name, ci cart invoice, r reference type, k cart lines as [code, name, quantity, unit minor, tax minor, description].
 */
interface StoredDetails {
  s?: string;
  i?: string;
  c?: string;
  p?: '01' | '02';
  d?: string;
  n?: string;
  ci?: string;
  r?: 'SUB';
  k?: [string, string, string, string, string, string?][];
}

export function encodeDetails(details: EntryDetails): string {
  const stored: StoredDetails = {};
  if (details.subject !== undefined) stored.s = details.subject;
  if (details.invoice_id !== undefined) stored.i = details.invoice_id;
  if (details.custom_field !== undefined) stored.c = details.custom_field;
  if (details.protection_eligibility !== undefined) stored.p = details.protection_eligibility;
  if (details.decline_code !== undefined) stored.d = details.decline_code;
  if (details.shipping_name !== undefined) stored.n = details.shipping_name;
  if (details.cart_invoice !== undefined) stored.ci = details.cart_invoice;
  if (details.reference_type !== undefined) stored.r = details.reference_type;
  if (details.cart && details.cart.length > 0) {
    stored.k = details.cart.map((line) => {
      const row: [string, string, string, string, string, string?] = [
        line.code ?? '',
        line.name,
        line.quantity,
        line.unitMinor.toString(),
        line.taxMinor.toString(),
      ];
      if (line.description !== undefined) row.push(line.description);
      return row;
    });
  }
  return JSON.stringify(stored);
}

export function decodeDetails(text: string, payer: PayerInfo | undefined): EntryDetails {
  const stored = JSON.parse(text) as StoredDetails;
  const details: EntryDetails = {};
  if (stored.s !== undefined) details.subject = stored.s;
  if (stored.i !== undefined) details.invoice_id = stored.i;
  if (stored.c !== undefined) details.custom_field = stored.c;
  if (stored.p !== undefined) details.protection_eligibility = stored.p;
  if (stored.d !== undefined) details.decline_code = stored.d;
  if (stored.n !== undefined) details.shipping_name = stored.n;
  if (stored.ci !== undefined) details.cart_invoice = stored.ci;
  if (stored.r !== undefined) details.reference_type = stored.r;
  if (payer) details.payer = payer;
  if (stored.k) {
    details.cart = stored.k.map(([code, name, quantity, unit, tax, description]): CartLine => ({
      ...(code ? { code } : {}),
      name,
      ...(description !== undefined ? { description } : {}),
      quantity,
      unitMinor: BigInt(unit),
      taxMinor: BigInt(tax),
    }));
  }
  return details;
}

/** The payers of entries, each distinct one stored once (cached both ways in memory). */
export class Parties {
  private readonly ids = new Map<string, number>();
  private readonly bodies = new Map<number, PayerInfo>();
  /** Generated history hands the same payer object over and over: skip serializing it each time. */
  private readonly byObject = new WeakMap<PayerInfo, number>();

  constructor(private readonly db: Database) {}

  idOf(payer: PayerInfo | undefined): number | null {
    if (!payer) return null;
    const known = this.byObject.get(payer);
    if (known !== undefined && this.bodies.has(known)) return known;
    const body = JSON.stringify(payer);
    const cached = this.ids.get(body);
    if (cached !== undefined) {
      this.byObject.set(payer, cached);
      return cached;
    }
    this.db.prepare('INSERT INTO ledger_parties (body) VALUES (?) ON CONFLICT(body) DO NOTHING').run(body);
    const row = this.db.prepare('SELECT id FROM ledger_parties WHERE body = ?').get(body) as { id: number };
    // Cached only once committed: a rolled-back id may be handed out again for another payer.
    this.db.afterCommit(() => this.remember(row.id, body, payer));
    return row.id;
  }

  byId(id: number | null): PayerInfo | undefined {
    if (id === null) return undefined;
    const cached = this.bodies.get(id);
    if (cached) return cached;
    const row = this.db.prepare('SELECT body FROM ledger_parties WHERE id = ?').get(id) as
      { body: string } | undefined;
    if (!row) return undefined;
    const payer = JSON.parse(row.body) as PayerInfo;
    this.db.afterCommit(() => this.remember(id, row.body, payer));
    return payer;
  }

  /** Forget everything (the tables were emptied, or a transaction that added parties rolled back). */
  clear(): void {
    this.ids.clear();
    this.bodies.clear();
  }

  private remember(id: number, body: string, payer: PayerInfo): void {
    // A bounded cache: generated history has a few hundred payers, a long-lived workspace may have more.
    if (this.ids.size > 10_000) this.clear();
    this.ids.set(body, id);
    this.bodies.set(id, payer);
  }
}
