import { checkAmount } from '../../../../shared/amount-rules';
import { normalizeCardExpiry } from './card-expiry';
import {
  ITEM_CATEGORIES,
  ORDERS_V2_ISSUES,
  OrderCreateSchema,
  type OrderCreateRequest,
} from '../../../../shared/api/orders-v2';
import {
  CURRENCY_EXPONENTS,
  fromMinor,
  isSupportedCurrency,
  parseQuantity,
  toMinor,
} from '../../../../shared/money';

/**
 * The create-order form as plain data: the draft the inputs edit, the request body built from it, the
 * totals computed live, and every problem the service would report, keyed by the JSON pointer of the
 * offending member (the same pointers the API uses in `details[].field`). No React in here.
 */

export type Intent = 'CAPTURE' | 'AUTHORIZE';
export type SourceKind = 'none' | 'wallet' | 'card' | 'vaulted';
export type Category = '' | (typeof ITEM_CATEGORIES)[number];

export const MAX_UNITS = 10;
export const MAX_ITEMS = 100;
export const CURRENCIES = Object.keys(CURRENCY_EXPONENTS).sort();
export const CATEGORIES = ITEM_CATEGORIES;

export interface ItemDraft {
  key: number;
  name: string;
  quantity: string;
  unitAmount: string;
  category: Category;
}

export interface UnitDraft {
  key: number;
  referenceId: string;
  description: string;
  items: ItemDraft[];
  /** Used only when the unit has no items: the amount is then typed, not computed. */
  amount: string;
  shipping: string;
  discount: string;
  shipTo: {
    enabled: boolean;
    fullName: string;
    addressLine1: string;
    city: string;
    postalCode: string;
    countryCode: string;
  };
}

export interface OrderDraft {
  intent: Intent;
  currency: string;
  units: UnitDraft[];
  source: SourceKind;
  wallet: { returnUrl: string; cancelUrl: string };
  card: { number: string; expiry: string; name: string };
  /** `store_in_vault: ON_SUCCESS` for the card or wallet, for this customer (a new one when empty). */
  vault: { store: boolean; customerId: string };
  /** A payment token to charge (`vault_id`) and whether it is a card or a wallet. */
  vaulted: { id: string; kind: 'card' | 'svc' };
}

let nextKey = 1;
const key = () => nextKey++;

export function newItem(partial: Partial<ItemDraft> = {}): ItemDraft {
  return { key: key(), name: '', quantity: '1', unitAmount: '', category: '', ...partial };
}

export function newUnit(partial: Partial<UnitDraft> = {}): UnitDraft {
  return {
    key: key(),
    referenceId: '',
    description: '',
    items: [newItem()],
    amount: '',
    shipping: '',
    discount: '',
    shipTo: { enabled: false, fullName: '', addressLine1: '', city: '', postalCode: '', countryCode: 'US' },
    ...partial,
  };
}

/** A form that is valid as it opens: one unit with one sample item. */
export function initialDraft(): OrderDraft {
  return {
    intent: 'CAPTURE',
    currency: 'USD',
    units: [newUnit({ items: [newItem({ name: 'Sample item', quantity: '1', unitAmount: '10.00' })] })],
    source: 'none',
    // No return address by default: the buyer then lands on the host's own result page, which works
    // offline and leads back to the workbench (a made-up return address is a dead end offline).
    wallet: { returnUrl: '', cancelUrl: '' },
    card: { number: '', expiry: '', name: '' },
    vault: { store: false, customerId: '' },
    vaulted: { id: '', kind: 'card' },
  };
}

/** The form as "use in a new order" opens it from the vault view: charging that payment token. */
export function draftForToken(id: string, kind: 'card' | 'svc'): OrderDraft {
  return { ...initialDraft(), source: 'vaulted', vaulted: { id, kind } };
}

/** A Luhn-valid test card that expires `yearsAhead` years after `now`. */
export function testCard(now: Date, yearsAhead = 3): OrderDraft['card'] {
  return {
    number: '4111111111111111',
    expiry: `${now.getUTCFullYear() + yearsAhead}-${String(now.getUTCMonth() + 1).padStart(2, '0')}`,
    name: 'Test Buyer',
  };
}

// ---- pointers ---------------------------------------------------------------------------------------

export const ptr = {
  intent: '/intent',
  units: '/purchase_units',
  unit: (u: number) => `/purchase_units/${u}`,
  referenceId: (u: number) => `/purchase_units/${u}/reference_id`,
  description: (u: number) => `/purchase_units/${u}/description`,
  amount: (u: number) => `/purchase_units/${u}/amount`,
  itemTotal: (u: number) => `/purchase_units/${u}/amount/breakdown/item_total`,
  shipping: (u: number) => `/purchase_units/${u}/amount/breakdown/shipping`,
  discount: (u: number) => `/purchase_units/${u}/amount/breakdown/discount`,
  item: (u: number, i: number) => `/purchase_units/${u}/items/${i}`,
  itemName: (u: number, i: number) => `/purchase_units/${u}/items/${i}/name`,
  itemQuantity: (u: number, i: number) => `/purchase_units/${u}/items/${i}/quantity`,
  itemUnitAmount: (u: number, i: number) => `/purchase_units/${u}/items/${i}/unit_amount`,
  itemCategory: (u: number, i: number) => `/purchase_units/${u}/items/${i}/category`,
  shipName: (u: number) => `/purchase_units/${u}/shipping/name`,
  shipAddress: (u: number, member: 'address_line_1' | 'admin_area_2' | 'postal_code' | 'country_code') =>
    `/purchase_units/${u}/shipping/address/${member}`,
  paymentSource: '/payment_source',
  cardNumber: '/payment_source/card/number',
  cardExpiry: '/payment_source/card/expiry',
  cardName: '/payment_source/card/name',
  vaultCustomer: '/payment_source/card/attributes/customer/id',
  walletVaultCustomer: '/payment_source/svc/attributes/customer/id',
  vaultId: (kind: 'card' | 'svc') => `/payment_source/${kind}/vault_id`,
  returnUrl: '/payment_source/svc/experience_context/return_url',
  cancelUrl: '/payment_source/svc/experience_context/cancel_url',
};

/** Members of the body that have an input (or a computed figure) in the form, most specific first. */
const FIELD_PATTERNS: RegExp[] = [
  /^\/intent/,
  /^\/purchase_units\/\d+\/reference_id/,
  /^\/purchase_units\/\d+\/description/,
  /^\/purchase_units\/\d+\/items\/\d+\/(name|quantity|unit_amount|category)/,
  /^\/purchase_units\/\d+\/amount\/breakdown\/(item_total|shipping|discount)/,
  /^\/purchase_units\/\d+\/amount/,
  /^\/purchase_units\/\d+\/shipping\/name/,
  /^\/purchase_units\/\d+\/shipping\/address\/(address_line_1|admin_area_2|postal_code|country_code)/,
  /^\/payment_source\/card\/(number|expiry|name)/,
  /^\/payment_source\/(card|svc)\/vault_id/,
  /^\/payment_source\/(card|svc)\/attributes\/customer\/id/,
  /^\/payment_source\/svc\/experience_context\/(return_url|cancel_url)/,
];

/** The form field a JSON pointer belongs to, or undefined when no input shows it. */
export function fieldOf(pointer: string): string | undefined {
  for (const pattern of FIELD_PATTERNS) {
    const match = pattern.exec(pointer);
    if (match && (pointer.length === match[0].length || pointer[match[0].length] === '/')) return match[0];
  }
  return undefined;
}

/** JSON pointer (RFC 6901) of a zod issue path. */
export function pointerOf(path: readonly PropertyKey[]): string {
  return path.length === 0
    ? '/'
    : '/' + path.map((p) => String(p).replaceAll('~', '~0').replaceAll('/', '~1')).join('/');
}

// ---- totals -----------------------------------------------------------------------------------------

export interface UnitTotals {
  /** Sum of unit amount × quantity, in minor units; undefined while an item does not parse. */
  itemTotal?: bigint;
  shipping?: bigint;
  discount?: bigint;
  /** item_total + shipping − discount (or the typed amount when the unit has no items). */
  amount?: bigint;
}

const minorOrUndefined = (value: string, currency: string): bigint | undefined => {
  try {
    return toMinor(value.trim(), currency);
  } catch {
    return undefined;
  }
};

export function unitTotals(unit: UnitDraft, currency: string): UnitTotals {
  if (!isSupportedCurrency(currency)) return {};
  const shipping = unit.shipping.trim() ? minorOrUndefined(unit.shipping, currency) : 0n;
  const discount = unit.discount.trim() ? minorOrUndefined(unit.discount, currency) : 0n;
  if (unit.items.length === 0) {
    const amount = unit.amount.trim() ? minorOrUndefined(unit.amount, currency) : undefined;
    return amount === undefined ? {} : { amount };
  }
  let itemTotal: bigint | undefined = 0n;
  for (const item of unit.items) {
    const quantity = parseQuantity(item.quantity.trim());
    const price = item.unitAmount.trim() ? minorOrUndefined(item.unitAmount, currency) : undefined;
    if (quantity === undefined || price === undefined || itemTotal === undefined) itemTotal = undefined;
    else itemTotal += price * quantity;
  }
  const out: UnitTotals = {};
  if (itemTotal !== undefined) out.itemTotal = itemTotal;
  if (shipping !== undefined) out.shipping = shipping;
  if (discount !== undefined) out.discount = discount;
  if (itemTotal !== undefined && shipping !== undefined && discount !== undefined)
    out.amount = itemTotal + shipping - discount;
  return out;
}

/** Line total of one item (unit amount × quantity), when both parse. */
export function lineTotal(item: ItemDraft, currency: string): bigint | undefined {
  const quantity = parseQuantity(item.quantity.trim());
  const price = item.unitAmount.trim() ? minorOrUndefined(item.unitAmount, currency) : undefined;
  return quantity === undefined || price === undefined ? undefined : price * quantity;
}

// ---- the request body -------------------------------------------------------------------------------

const trimmed = (value: string) => value.trim();
const optional = (value: string) => (value.trim() ? value.trim() : undefined);

/**
 * The request body exactly as it will be sent. Amounts that cannot be computed are sent as typed (or
 * empty), so validation names the member that is wrong.
 */
export function buildBody(draft: OrderDraft): OrderCreateRequest {
  const currency = draft.currency;
  // Amounts that parse are sent in the currency's canonical form ("15" -> "15.00"); others as typed.
  const money = (value: string) => {
    const minor = trimmed(value) ? minorOrUndefined(value, currency) : undefined;
    return {
      currency_code: currency,
      value: minor === undefined ? trimmed(value) : fromMinor(minor, currency),
    };
  };
  const purchase_units = draft.units.map((unit) => {
    const totals = unitTotals(unit, currency);
    const referenceId = optional(unit.referenceId);
    const description = optional(unit.description);
    const items = unit.items.map((item) => ({
      name: trimmed(item.name),
      quantity: trimmed(item.quantity),
      unit_amount: money(item.unitAmount),
      ...(item.category ? { category: item.category } : {}),
    }));
    let amount: OrderCreateRequest['purchase_units'][number]['amount'];
    if (unit.items.length === 0) amount = money(unit.amount);
    else {
      const breakdown: NonNullable<typeof amount.breakdown> = {
        item_total:
          totals.itemTotal !== undefined
            ? { currency_code: currency, value: fromMinor(totals.itemTotal, currency) }
            : money(''),
      };
      if (unit.shipping.trim()) breakdown.shipping = money(unit.shipping);
      if (unit.discount.trim()) breakdown.discount = money(unit.discount);
      amount = {
        currency_code: currency,
        value: totals.amount !== undefined ? fromMinor(totals.amount, currency) : '',
        breakdown,
      };
    }
    const ship = unit.shipTo;
    const shipping = ship.enabled
      ? {
          ...(optional(ship.fullName) ? { name: { full_name: trimmed(ship.fullName) } } : {}),
          address: {
            ...(optional(ship.addressLine1) ? { address_line_1: trimmed(ship.addressLine1) } : {}),
            ...(optional(ship.city) ? { admin_area_2: trimmed(ship.city) } : {}),
            ...(optional(ship.postalCode) ? { postal_code: trimmed(ship.postalCode) } : {}),
            country_code: trimmed(ship.countryCode).toUpperCase(),
          },
        }
      : undefined;
    return {
      ...(referenceId ? { reference_id: referenceId } : {}),
      ...(description ? { description } : {}),
      amount,
      ...(unit.items.length > 0 ? { items } : {}),
      ...(shipping ? { shipping } : {}),
    };
  });
  const body: OrderCreateRequest = { intent: draft.intent, purchase_units };
  const customerId = optional(draft.vault.customerId);
  const attributes = draft.vault.store
    ? {
        attributes: {
          vault: { store_in_vault: 'ON_SUCCESS' as const },
          ...(customerId ? { customer: { id: customerId } } : {}),
        },
      }
    : {};
  if (draft.source === 'wallet') {
    body.payment_source = {
      svc: {
        experience_context: {
          ...(optional(draft.wallet.returnUrl) ? { return_url: trimmed(draft.wallet.returnUrl) } : {}),
          ...(optional(draft.wallet.cancelUrl) ? { cancel_url: trimmed(draft.wallet.cancelUrl) } : {}),
        },
        ...attributes,
      },
    };
  } else if (draft.source === 'card') {
    body.payment_source = {
      card: {
        number: draft.card.number.replace(/[\s-]/g, ''),
        expiry: normalizeCardExpiry(draft.card.expiry),
        ...(optional(draft.card.name) ? { name: trimmed(draft.card.name) } : {}),
        ...attributes,
      },
    };
  } else if (draft.source === 'vaulted') {
    body.payment_source = { [draft.vaulted.kind]: { vault_id: trimmed(draft.vaulted.id) } };
  }
  return body;
}

// ---- validation -------------------------------------------------------------------------------------

export interface Validation {
  /** First problem per form field (keyed by the field's pointer). */
  fields: Record<string, string>;
  /** Problems no input shows (e.g. the number of purchase units). */
  general: string[];
  count: number;
}

/**
 * Every problem the service would report for this draft, before anything is sent: the zod schema of the
 * request, the money rules (`checkAmount`), and the business rules the server adds (reference ids,
 * card expiry against the simulated clock).
 */
export function validateDraft(draft: OrderDraft, now: Date | undefined): Validation {
  const body = buildBody(draft);
  const fields: Record<string, string> = {};
  const general: string[] = [];
  const add = (pointer: string, message: string) => {
    const field = fieldOf(pointer);
    if (field === undefined) {
      const line = `${pointer}: ${message}`;
      if (!general.includes(line)) general.push(line);
    } else fields[field] ??= message;
  };

  // Business rules first: their wording is more specific than the schema's.
  const seen = new Set<string>();
  draft.units.forEach((unit, u) => {
    const referenceId = unit.referenceId.trim();
    if (!referenceId && draft.units.length > 1)
      add(ptr.referenceId(u), ORDERS_V2_ISSUES.REFERENCE_ID_REQUIRED.description);
    else if (referenceId && seen.has(referenceId))
      add(ptr.referenceId(u), ORDERS_V2_ISSUES.DUPLICATE_REFERENCE_ID.description);
    seen.add(referenceId || 'default');
    unit.items.forEach((item, i) => {
      if (!item.name.trim()) add(ptr.itemName(u, i), 'A name is required.');
      if (!item.unitAmount.trim()) add(ptr.itemUnitAmount(u, i), 'A unit amount is required.');
    });
    if (unit.items.length === 0 && !unit.amount.trim())
      add(ptr.amount(u), 'An amount is required when the unit has no items.');
  });
  if (draft.source === 'vaulted' && !draft.vaulted.id.trim())
    add(ptr.vaultId(draft.vaulted.kind), 'The payment token id (vault_id) is required.');
  if (draft.vault.store && (draft.source === 'card' || draft.source === 'wallet')) {
    const id = draft.vault.customerId.trim();
    if (id && !/^[0-9A-Za-z_-]{7,36}$/.test(id))
      add(
        draft.source === 'card' ? ptr.vaultCustomer : ptr.walletVaultCustomer,
        'A vault customer id is 7 to 36 letters, digits, underscores or hyphens (empty: a new customer).',
      );
  }
  if (draft.source === 'card') {
    if (!draft.card.number.trim()) add(ptr.cardNumber, 'The card number is required.');
    const expiry = normalizeCardExpiry(draft.card.expiry);
    if (!expiry) add(ptr.cardExpiry, 'The expiry (MM/YY or YYYY-MM) is required.');
    else if (now && /^\d{4}-(0[1-9]|1[0-2])$/.test(expiry)) {
      const current = `${now.getUTCFullYear()}-${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
      if (expiry < current)
        add(ptr.cardExpiry, `${ORDERS_V2_ISSUES.CARD_EXPIRED.description} (sandbox month is ${current})`);
    }
  }

  const parsed = OrderCreateSchema.safeParse(body);
  if (!parsed.success) for (const issue of parsed.error.issues) add(pointerOf(issue.path), issue.message);

  body.purchase_units.forEach((unit, u) => {
    for (const problem of checkAmount(unit.amount, unit.items, ptr.unit(u)).problems)
      add(problem.field, problem.description);
  });

  // An amount that cannot be computed is a consequence of a bad item, shipping or discount: only the
  // cause is reported.
  draft.units.forEach((unit, u) => {
    if (unit.items.length === 0 || unitTotals(unit, draft.currency).amount !== undefined) return;
    const derived = [ptr.amount(u), ptr.itemTotal(u)];
    const causes = Object.keys(fields).filter((f) => f.startsWith(`${ptr.unit(u)}/`) && !derived.includes(f));
    if (causes.length > 0) for (const f of derived) delete fields[f];
  });

  return { fields, general, count: Object.keys(fields).length + general.length };
}

/** Maps API `details[]` onto form fields; details without a field of the form go to `general`. */
export function serverProblems(
  details: readonly { field?: string; issue?: string; description?: string; location?: string }[],
): Validation {
  const fields: Record<string, string> = {};
  const general: string[] = [];
  for (const d of details) {
    const message = d.description ?? d.issue ?? 'Invalid.';
    const field =
      d.location === undefined || d.location === 'body'
        ? d.field
          ? fieldOf(d.field)
          : undefined
        : undefined;
    if (field) fields[field] ??= message;
    else general.push(`${d.field ?? ''}${d.field ? ': ' : ''}${message}${d.issue ? ` (${d.issue})` : ''}`);
  }
  return { fields, general, count: Object.keys(fields).length + general.length };
}
