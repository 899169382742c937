import { fromMinor, toMinor } from '../../../../shared/money.js';
import type { ResourceRow, StoredForm, StoredResource } from '../../../store/repositories/resources-repo.js';
import type { PayoutItemBody, PayoutItemInternal, PayoutItemSpec, StoredPayoutItem } from './types.js';
import { parsePayoutItemId } from './ids.js';

/**
 * A payout item as its row keeps it: only what the row's columns and the item's own request do not
 * already say. A batch stores 15,000 items, and as plain JSON each repeated its id, its batch's id, its
 * processing time, its currency and amount (in the request's item and again in minor units), its fee
 * twice and its payment's transaction id twice: 600 bytes of JSON, of which 250 are left.
 *
 * Keys: `i` the item as requested (`payout_item`, verbatim), `o` the sender account, `f` the fee in
 * minor units, `t` the payment's transaction id, `x` the return's or refund's, `a` the activity id, `s`
 * the batch's `sender_batch_id`, `e` the error's name, `r` the receiver's sandbox account.
 *
 * Everything else comes back from the row: `payout_item_id` is its id, `payout_batch_id` its parent,
 * `time_processed` its creation time, `index` the id's last three characters, the currency and the
 * amount in minor units the requested amount's, the item's `transaction_id` the reversal's if there is
 * one, else the payment's. An item that does not have that shape (none is made so today) is kept as
 * plain JSON: `encode` declines it, so nothing is ever stored that would not read back the same.
 */
interface CompactItem {
  i: PayoutItemSpec;
  o: string;
  f: string;
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
const MINOR = /^(0|[1-9][0-9]*)$/;

const onlyKeys = (value: object, keys: ReadonlySet<string>): boolean =>
  Object.keys(value).every((key) => keys.has(key));

/** The requested amount in minor units, as the item's `amount_minor` says it; undefined if it cannot be read. */
function amountMinorOf(spec: PayoutItemSpec): string | undefined {
  try {
    return String(toMinor(spec.amount.value, spec.amount.currency));
  } catch {
    return undefined;
  }
}

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
  if (amountMinorOf(spec) !== internal.amount_minor) return false;
  const fee = body.payout_item_fee;
  if (!MINOR.test(internal.fee_minor) || !fee || Object.keys(fee).length !== 2) return false;
  if (fee.currency !== currency || fee.value !== fromMinor(BigInt(internal.fee_minor), currency))
    return false;
  const shown = internal.reversal_transaction_id ?? internal.payment_transaction_id;
  if (body.transaction_id !== shown) return false;
  if (body.errors !== undefined && Object.keys(body.errors).join() !== 'name') return false;
  return typeof internal.sender_account_id === 'string';
}

function encode(resource: StoredResource<unknown, unknown>): string | undefined {
  const item = resource as StoredPayoutItem;
  if (!fitsCompactForm(item)) return undefined;
  const { body, internal } = item;
  const compact: CompactItem = { i: body.payout_item, o: internal.sender_account_id, f: internal.fee_minor };
  if (internal.payment_transaction_id !== undefined) compact.t = internal.payment_transaction_id;
  if (internal.reversal_transaction_id !== undefined) compact.x = internal.reversal_transaction_id;
  if (body.activity_id !== undefined) compact.a = body.activity_id;
  if (body.sender_batch_id !== undefined) compact.s = body.sender_batch_id;
  if (body.errors !== undefined) compact.e = body.errors.name;
  if (internal.receiver_account_id !== undefined) compact.r = internal.receiver_account_id;
  return JSON.stringify(compact);
}

/** Body and internal with their members in the order processing writes them. */
function decode(row: ResourceRow): { body: PayoutItemBody; internal: PayoutItemInternal } {
  const c = JSON.parse(row.body) as CompactItem;
  const currency = c.i.amount.currency;
  const transactionId = c.x ?? c.t;
  const body: PayoutItemBody = {
    payout_item_id: row.id,
    ...(transactionId !== undefined ? { transaction_id: transactionId } : {}),
    ...(c.a !== undefined ? { activity_id: c.a } : {}),
    payout_item_fee: { currency, value: fromMinor(BigInt(c.f), currency) },
    payout_batch_id: row.parent_id ?? '',
    ...(c.s !== undefined ? { sender_batch_id: c.s } : {}),
    payout_item: c.i,
    time_processed: row.create_time,
    ...(c.e !== undefined ? { errors: { name: c.e as NonNullable<PayoutItemBody['errors']>['name'] } } : {}),
  };
  const internal: PayoutItemInternal = {
    index: parsePayoutItemId(row.id)?.index ?? 0,
    sender_account_id: c.o,
    currency,
    amount_minor: amountMinorOf(c.i) ?? '0',
    fee_minor: c.f,
    ...(c.r !== undefined ? { receiver_account_id: c.r } : {}),
    ...(c.t !== undefined ? { payment_transaction_id: c.t } : {}),
    ...(c.x !== undefined ? { reversal_transaction_id: c.x } : {}),
  };
  return { body, internal };
}

export const payoutItemStoredForm: StoredForm = { encode, decode };
