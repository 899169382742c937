/**
 * The fixed values the tests share: the pinned real time and the test cards. Test support only; no
 * production code imports it.
 */

/**
 * The pinned real "now" of the tests (the simulated clock adds its offset to it). Mid-month, so
 * "before the current month" is unambiguous.
 */
export const FIXED_NOW_ISO = '2026-05-15T12:00:00Z';
export const FIXED_NOW = Date.parse(FIXED_NOW_ISO);

/** Luhn-valid test card numbers, with the brand and last digits the API reports for them. */
export const TEST_CARDS = {
  visa: { number: '4111111111111111', brand: 'VISA', lastDigits: '1111' },
  mastercard: { number: '5555555555554444', brand: 'MASTERCARD', lastDigits: '4444' },
} as const;

export const VISA: string = TEST_CARDS.visa.number;
export const MASTERCARD: string = TEST_CARDS.mastercard.number;
/** The Visa number with its check digit off by one: well-formed, but fails the Luhn check. */
export const LUHN_INVALID_NUMBER = '4111111111111112';

/** Card expiries (`YYYY-MM`) relative to `FIXED_NOW`. */
export const FUTURE_EXPIRY = '2030-12';
/** The month before `FIXED_NOW`'s: expired. */
export const EXPIRED_EXPIRY = '2026-04';

/** A payment source paying by the Visa test card, unexpired. */
export const CARD = { card: { number: VISA, expiry: FUTURE_EXPIRY } };

/** The buyer's shipping address, in the v2 APIs' address shape. */
export const BUYER_ADDRESS = {
  address_line_1: '1 Main St',
  admin_area_2: 'San Jose',
  admin_area_1: 'CA',
  postal_code: '95131',
  country_code: 'US',
};

/** An amount in US dollars, in the v2 APIs' money shape. */
export const usd = (value: string) => ({ currency_code: 'USD', value });

/**
 * An order whose buyer page shows every line a receipt can have: two items (one with its own tax), a
 * shipping, a tax and a discount line, adding up to the total. The host's tests and the e2e run both
 * read its receipt.
 */
export const RECEIPT_ORDER = {
  intent: 'CAPTURE',
  purchase_units: [
    {
      description: 'Kitchen order',
      amount: {
        currency_code: 'USD',
        value: '34.55',
        breakdown: {
          item_total: usd('30.30'),
          shipping: usd('5.00'),
          tax_total: usd('2.25'),
          discount: usd('3.00'),
        },
      },
      items: [
        { name: 'Mug', quantity: '3', unit_amount: usd('9.10'), tax: usd('0.75') },
        { name: 'Spoon', quantity: '1', unit_amount: usd('3.00') },
      ],
    },
  ],
};

/**
 * A realistic one-unit order create: two item lines, a breakdown that adds up, a shipping amount. The
 * orders benchmark sends it; the second item lists `sku` first, out of the schema's order, which the
 * validation fast path's test relies on.
 */
export const SAMPLE_ORDER_CREATE = {
  intent: 'CAPTURE',
  purchase_units: [
    {
      reference_id: 'default',
      description: 'Benchmark order',
      amount: {
        currency_code: 'USD',
        value: '25.00',
        breakdown: {
          item_total: { currency_code: 'USD', value: '20.00' },
          shipping: { currency_code: 'USD', value: '5.00' },
        },
      },
      items: [
        {
          name: 'Widget',
          quantity: '2',
          unit_amount: { currency_code: 'USD', value: '7.50' },
          category: 'PHYSICAL_GOODS',
        },
        { sku: 'GDG-1', name: 'Gadget', quantity: '1', unit_amount: { currency_code: 'USD', value: '5.00' } },
      ],
    },
  ],
};
