import type { ResourceRow, StoredForm, StoredResource } from '../../../store/repositories/resources-repo.js';
import type { PayoutItemBody, PayoutItemInternal, PayoutItemSpec, StoredPayoutItem } from './types.js';
import { parsePayoutItemId } from './ids.js';

/**
 * A payout item as its row keeps it: only what the row's columns and the item's own request do not
 * already say. A batch stores 15,000 items, and as plain JSON each repeated its id, its batch's id, its
 * processing time, its currency and amount (in the request's item and again in minor units), its fee
 * twice and its payment's transaction id twice: 600 bytes of JSON, of which 250 are left.
 *
 * Keys: `i` the item as requested (`payout_item`, verbatim), `o` the sender account, `m` the amount and
 * `f` the fee in minor units, `v` the fee as shown, `t` the payment's transaction id, `x` the return's
 * or refund's, `a` the activity id, `s` the batch's `sender_batch_id`, `e` the error's name, `r` the
 * receiver's sandbox account. (The minor amounts and the fee as shown could be worked out again, but a
 * page of 1,000 items read back then cost a third more CPU.)
 *
 * Everything else comes back from the row: `payout_item_id` is its id, `payout_batch_id` its parent,
 * `time_processed` its creation time, `index` the id's last three characters, the currency the
 * requested amount's, the item's `transaction_id` the reversal's if there is one, else the payment's.
 * An item that does not have that shape (none is made so today) is kept as plain JSON: `encode`
 * declines it, so nothing is ever stored that would not read back the same.
 */
interface CompactItem {
  i: PayoutItemSpec;
  o: string;
  m: string;
  f: string;
  v: string;
  t?: string;
  x?: string;
  a?: string;
  s?: string;
  e?: string;
  r?: string;
}

const BODY_KEYS: ReadonlySet<string> = new Set([
  'payout_item_id',
  'transaction_id',
  'activity_id',
  'payout_item_fee',
  'payout_batch_id',
  'sender_batch_id',
  'payout_item',
  'time_processed',
  'errors',
]);
const INTERNAL_KEYS: ReadonlySet<string> = new Set([
  'index',
  'sender_account_id',
  'currency',
  'amount_minor',
  'fee_minor',
  'receiver_account_id',
  'payment_transaction_id',
  'reversal_transaction_id',
]);

const onlyKeys = (value: object, keys: ReadonlySet<string>): boolean =>
  Object.keys(value).every((key) => keys.has(key));

/** Whether the item reads back exactly from its compact form and its row's columns. */
function fitsCompactForm(item: StoredPayoutItem): boolean {
  const { body, internal } = item;
  if (!onlyKeys(body, BODY_KEYS) || !onlyKeys(internal, INTERNAL_KEYS)) return false;
  const spec = body.payout_item;
  const currency = spec?.amount?.currency;
  if (typeof currency !== 'string' || internal.currency !== currency) return false;
  if (body.payout_item_id !== item.id || body.payout_batch_id !== item.parent_id) return false;
  if (body.time_processed !== item.create_time) return false;
  if (parsePayoutItemId(item.id)?.index !== internal.index) return false;
  if (typeof internal.amount_minor !== 'string' || typeof internal.fee_minor !== 'string') return false;
  const fee = body.payout_item_fee;
  if (!fee || Object.keys(fee).join() !== 'currency,value' || fee.currency !== currency) return false;
  if (typeof fee.value !== 'string') return false;
  const shown = internal.reversal_transaction_id ?? internal.payment_transaction_id;
  if (body.transaction_id !== shown) return false;
  if (body.errors !== undefined && Object.keys(body.errors).join() !== 'name') return false;
  return typeof internal.sender_account_id === 'string';
}

function encode(resource: StoredResource<unknown, unknown>): string | undefined {
  const item = resource as StoredPayoutItem;
  if (!fitsCompactForm(item)) return undefined;
  const { body, internal } = item;
  const compact: CompactItem = {
    i: body.payout_item,
    o: internal.sender_account_id,
    m: internal.amount_minor,
    f: internal.fee_minor,
    v: body.payout_item_fee.value,
  };
  if (internal.payment_transaction_id !== undefined) compact.t = internal.payment_transaction_id;
  if (internal.reversal_transaction_id !== undefined) compact.x = internal.reversal_transaction_id;
  if (body.activity_id !== undefined) compact.a = body.activity_id;
  if (body.sender_batch_id !== undefined) compact.s = body.sender_batch_id;
  if (body.errors !== undefined) compact.e = body.errors.name;
  if (internal.receiver_account_id !== undefined) compact.r = internal.receiver_account_id;
  return JSON.stringify(compact);
}

/**
 * Body and internal with their members in the order processing writes them (assigned one by one: a
 * page of 1,000 items decodes 1,000 of them).
 */
function decode(row: ResourceRow): { body: PayoutItemBody; internal: PayoutItemInternal } {
  const c = JSON.parse(row.body) as CompactItem;
  const currency = c.i.amount.currency;
  const transactionId = c.x ?? c.t;
  const body = { payout_item_id: row.id } as PayoutItemBody;
  if (transactionId !== undefined) body.transaction_id = transactionId;
  if (c.a !== undefined) body.activity_id = c.a;
  body.payout_item_fee = { currency, value: c.v };
  body.payout_batch_id = row.parent_id ?? '';
  if (c.s !== undefined) body.sender_batch_id = c.s;
  body.payout_item = c.i;
  body.time_processed = row.create_time;
  if (c.e !== undefined) body.errors = { name: c.e as NonNullable<PayoutItemBody['errors']>['name'] };
  const internal: PayoutItemInternal = {
    // The last three characters: `encode` checked that the id has its item's form.
    index: parseInt(row.id.slice(-3), 36),
    sender_account_id: c.o,
    currency,
    amount_minor: c.m,
    fee_minor: c.f,
  };
  if (c.r !== undefined) internal.receiver_account_id = c.r;
  if (c.t !== undefined) internal.payment_transaction_id = c.t;
  if (c.x !== undefined) internal.reversal_transaction_id = c.x;
  return { body, internal };
}

export const payoutItemStoredForm: StoredForm = { encode, decode };
