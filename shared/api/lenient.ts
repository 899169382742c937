import { z } from 'zod';
import { MoneyValueSchema } from './common.js';

/**
 * The leniency of the platform's v1 APIs that its own SDK samples rely on (docs/sdk-compatibility.md
 * lists every field it applies to). The v1 services read JSON loosely: a number where the field is a
 * decimal string (`"quantity": 1`, `"value": 0.99`), and enumeration words in any letter case
 * (`"auto_bill_amount": "yes"`). What comes out of these schemas is the canonical form, so the services
 * and the stored resources only ever see what the spec writes.
 */

/** A JSON number read as the decimal string it spells (finite numbers only; `1` -> "1", `0.9` -> "0.9"). */
export function numberAsString<T extends z.ZodType>(schema: T) {
  return z.preprocess(
    (value) => (typeof value === 'number' && Number.isFinite(value) ? String(value) : value),
    schema,
  );
}

/** One of `values`, matched in any letter case and answered in the spelling the spec gives. */
export function anyCase<const T extends readonly [string, ...string[]]>(values: T) {
  const byLowerCase = new Map(values.map((value) => [value.toLowerCase(), value]));
  return z.preprocess(
    (value) => (typeof value === 'string' ? (byLowerCase.get(value.toLowerCase()) ?? value) : value),
    z.enum(values),
  );
}

/** A v1 decimal amount (`total`, `value`, `price`), as a string or a JSON number. */
export const LenientMoneyValueSchema = numberAsString(MoneyValueSchema);

/**
 * The wallet's `payment_method`: the spec writes the brand as `svc`; the platform's SDK samples send the
 * brand's own word, in either case. Both read as `svc`.
 */
const BRAND_WALLET_WORD = 'paypal';
export function paymentMethod<const T extends readonly [string, ...string[]]>(values: T) {
  const canonical = anyCase(values);
  return z.preprocess(
    (value) => (typeof value === 'string' && value.toLowerCase() === BRAND_WALLET_WORD ? 'svc' : value),
    canonical,
  );
}
