import type { PayerInfo } from '../../../../shared/api/reporting/schemas.js';
import { DAY_MS } from '../../../../shared/api/reporting/schemas.js';
import { exponentOf } from '../../../../shared/money.js';
import type { CartLine, EntryDetails, NewLedgerEntry } from '../../../ledger/ledger-types.js';
import { captureFee, refundedFee } from '../../pipeline/capture-fees.js';

/** What to generate: `entries` ledger entries for one account, spread over [startMs, endMs]. */
export interface HistoryPlan {
  accountId: string;
  entries: number;
  startMs: number;
  endMs: number;
  /** The first currency is the most frequent. */
  currencies: readonly string[];
  seed: number;
  /** The simulated now: pending entries whose funds are due after it stay P (a job settles them). */
  nowMs: number;
}

/** mulberry32: a small, fast, seedable PRNG (quality is plenty for demo data). */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
const ACCOUNT_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const GIVEN = [
  'Alex',
  'Sam',
  'Jordan',
  'Taylor',
  'Morgan',
  'Riley',
  'Casey',
  'Jamie',
  'Avery',
  'Quinn',
  'Robin',
  'Drew',
  'Emery',
  'Harper',
  'Kai',
  'Noa',
  'Mika',
  'Sasha',
  'Toni',
  'Lee',
];
const SURNAMES = [
  'Smith',
  'Garcia',
  'Müller',
  'Rossi',
  'Dubois',
  'Tanaka',
  'Kowalski',
  'Jensen',
  'Silva',
  'Novak',
  'Okafor',
  'Larsen',
  'Nguyen',
  'Brown',
  'Ivanova',
  'Haddad',
];
const COUNTRIES = ['US', 'US', 'US', 'GB', 'DE', 'FR', 'JP', 'CA', 'AU', 'NL', 'ES', 'IT'];
const PRODUCTS = [
  ['Espresso beans 1 kg', 'COF-1KG'],
  ['Ceramic mug', 'MUG-01'],
  ['Pour-over kettle', 'KET-02'],
  ['Hand grinder', 'GRD-03'],
  ['Paper filters (100)', 'FLT-100'],
  ['Travel tumbler', 'TMB-04'],
  ['Milk frother', 'FRO-05'],
  ['Gift card', 'GFT-25'],
  ['Barista course', 'CRS-06'],
  ['Subscription box', 'BOX-07'],
  ['Scale with timer', 'SCL-08'],
  ['Cold brew jar', 'CBJ-09'],
] as const;
/** Rough size of one "typical" unit of each currency against USD, so amounts look plausible. */
const SCALE: Record<string, number> = {
  JPY: 150,
  HUF: 350,
  KRW: 1300,
  TWD: 30,
  INR: 80,
  PHP: 55,
  THB: 35,
  MXN: 17,
  CZK: 23,
  SEK: 10,
  NOK: 10,
  DKK: 7,
};

interface Buyer {
  payer: PayerInfo;
  fullName: string;
}

/**
 * Realistic bulk history, oldest first, in batches: checkout payments (some donations), refunds full and
 * partial, authorizations captured or voided, declined payments (D) and payments still clearing (P), by
 * a few hundred buyers, in several currencies, some in stores with terminals. Fees follow the documented
 * fee schedule, so every generated entry is what a real flow would have written.
 */
export function* historyBatches(plan: HistoryPlan, batchSize: number): Generator<NewLedgerEntry[]> {
  const random = prng(plan.seed);
  const idRandom = prng((plan.seed ^ Math.floor(Math.random() * 2 ** 31)) >>> 0);
  const randomChars = (length: number, alphabet = ID_ALPHABET) => {
    let out = '';
    for (let i = 0; i < length; i++) out += alphabet[Math.floor(idRandom() * alphabet.length)];
    return out;
  };
  // Ids of one generation share a random 5-character prefix, then a counter, then random characters:
  // still 17 capital letters and digits, but each new id lands next to the previous one in the id
  // indexes, which keeps a million inserts fast (fully random keys would scatter over the whole index).
  const prefix = randomChars(5);
  let sequence = 0;
  const id = () => prefix + (sequence++).toString(36).toUpperCase().padStart(7, '0') + randomChars(5);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const buyers: Buyer[] = Array.from({ length: 400 }, (_, n) => {
    const given = pick(GIVEN);
    const surname = pick(SURNAMES);
    const country = pick(COUNTRIES);
    return {
      fullName: `${given} ${surname}`,
      payer: {
        account_id: randomChars(13, ACCOUNT_ALPHABET),
        email_address: `${given}.${surname}.${n}@example.net`.toLowerCase().replace('ü', 'ue'),
        address_status: random() < 0.8 ? 'Y' : 'N',
        payer_status: random() < 0.9 ? 'Y' : 'N',
        payer_name: { given_name: given, surname },
        country_code: country,
      },
    };
  });
  const weights = plan.currencies.map((_, i) => 1 / (i + 1) ** 1.3);
  const weightSum = weights.reduce((a, b) => a + b, 0);
  const currency = () => {
    let r = random() * weightSum;
    for (let i = 0; i < weights.length; i++)
      if ((r -= weights[i] ?? 0) <= 0) return plan.currencies[i] ?? 'USD';
    return plan.currencies[0] ?? 'USD';
  };
  const amountOf = (code: string) => {
    // Log-normal around 30 units, from 1 to 4000 units of a USD-like currency.
    const gaussian = Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
    const units = Math.min(4000, Math.max(1, Math.exp(3.4 + 0.9 * gaussian))) * (SCALE[code] ?? 1);
    return BigInt(Math.max(1, Math.round(units * 10 ** exponentOf(code))));
  };
  const cartFor = (total: bigint): CartLine[] => {
    const lines = total >= 3n ? 1 + Math.floor(random() * 3) : 1;
    const items: CartLine[] = [];
    let left = total;
    for (let i = 0; i < lines; i++) {
      const part = i === lines - 1 ? left : (left * BigInt(30 + Math.floor(random() * 40))) / 100n || 1n;
      left -= part;
      const [name, sku] = pick(PRODUCTS);
      const double = part % 2n === 0n && random() < 0.3;
      const quantity = double ? 2n : 1n;
      items.push({ code: sku, name, quantity: String(quantity), unitMinor: part / quantity, taxMinor: 0n });
    }
    return items;
  };

  const span = Math.max(1, plan.endMs - plan.startMs);
  const step = span / plan.entries;
  let written = 0;
  let flow = 0;
  let batch: NewLedgerEntry[] = [];
  // One shape for every entry (monomorphic objects keep a million of them cheap to build and read).
  const emit = (
    flowBase: Omit<
      NewLedgerEntry,
      | 'transactionId'
      | 'eventCode'
      | 'status'
      | 'initiatedMs'
      | 'updatedMs'
      | 'amountMinor'
      | 'feeMinor'
      | 'referenceId'
      | 'availableMs'
    >,
    transactionId: string,
    eventCode: string,
    status: NewLedgerEntry['status'],
    initiatedMs: number,
    updatedMs: number,
    amountMinor: bigint,
    feeMinor: bigint,
    referenceId: string | null = null,
    availableMs: number | null = null,
  ) => {
    batch.push({
      accountId: flowBase.accountId,
      transactionId,
      eventCode,
      status,
      initiatedMs,
      updatedMs,
      currency: flowBase.currency,
      amountMinor,
      feeMinor,
      availableMs,
      orderId: flowBase.orderId ?? null,
      referenceId,
      instrumentType: flowBase.instrumentType ?? null,
      storeId: flowBase.storeId ?? null,
      terminalId: flowBase.terminalId ?? null,
      source: 'generated',
      details: flowBase.details,
    });
    written++;
  };
  const daysLater = (at: number, min: number, max: number) =>
    at + Math.floor((min + random() * (max - min)) * DAY_MS);

  while (written < plan.entries) {
    flow++;
    const room = plan.entries - written;
    const at = plan.startMs + Math.floor(step * written + random() * step);
    const code = currency();
    const buyer = pick(buyers);
    const gross = amountOf(code);
    const inStore = random() < 0.12;
    const card = inStore || random() < 0.35;
    const invoice = random() < 0.3 ? `INV-${flow}` : undefined;
    const details: EntryDetails = {
      subject: `Order ${flow}`,
      protection_eligibility: random() < 0.85 ? '01' : '02',
      payer: buyer.payer,
      cart: cartFor(gross),
    };
    if (invoice) {
      details.invoice_id = invoice;
      details.cart_invoice = invoice;
    }
    if (!inStore && random() >= 0.3) details.shipping_name = buyer.fullName;
    const flowBase = {
      accountId: plan.accountId,
      currency: code,
      orderId: id(),
      instrumentType: card ? (random() < 0.8 ? 'CREDITCARD' : 'DEBITCARD') : null,
      storeId: inStore ? `STORE-0${1 + Math.floor(random() * 5)}` : null,
      terminalId: inStore ? `TERM-${1 + Math.floor(random() * 3)}` : null,
      source: 'generated',
      details,
    };
    const fee = captureFee(gross, code);
    const kind = random();

    if (kind < 0.03) {
      // A declined payment: no money moved.
      emit(
        { ...flowBase, details: { ...details, decline_code: '0500' } },
        id(),
        'T0006',
        'D',
        at,
        at,
        gross,
        0n,
      );
    } else if (kind < 0.08) {
      // Funds still clearing (an eCheck-like source): pending until three days later.
      const available = at + 3 * DAY_MS;
      const cleared = available <= plan.nowMs;
      emit(
        { ...flowBase, instrumentType: null },
        id(),
        'T0006',
        cleared ? 'S' : 'P',
        at,
        cleared ? available : at,
        gross,
        -fee.total,
        null,
        available,
      );
    } else if (kind < 0.16 && room >= 2) {
      // Authorize, then capture (or void) within two days.
      const authorizationId = id();
      const settledAt = Math.min(daysLater(at, 0.02, 2), plan.endMs);
      const voided = random() < 0.2;
      emit(flowBase, authorizationId, 'T1300', voided ? 'V' : 'S', at, settledAt, gross, 0n);
      if (voided) emit(flowBase, authorizationId, 'T1303', 'S', settledAt, settledAt, -gross, 0n);
      else emit(flowBase, id(), 'T0006', 'S', settledAt, settledAt, gross, -fee.total, authorizationId);
    } else {
      const donation = random() < 0.05;
      const paymentId = id();
      const refundRoll = random();
      const refundAt = daysLater(at, 0.5, 10);
      const refunds = room >= 2 && refundRoll < 0.12 && refundAt <= plan.endMs;
      const full = refunds && refundRoll < 0.08;
      emit(
        flowBase,
        paymentId,
        donation ? 'T0013' : 'T0006',
        full ? 'V' : 'S',
        at,
        full ? refundAt : at,
        gross,
        -fee.total,
      );
      if (refunds) {
        const refund = full ? gross : (gross * BigInt(10 + Math.floor(random() * 60))) / 100n || 1n;
        emit(
          flowBase,
          id(),
          'T1107',
          'S',
          refundAt,
          refundAt,
          -refund,
          refundedFee(fee.percentPart, gross, refund),
          paymentId,
        );
      }
    }
    if (batch.length >= batchSize) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}
