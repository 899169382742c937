import { z } from 'zod';

/**
 * A payment card as every API takes it (orders, vault, v1 payments, the sandbox's own accounts): the
 * number is checked with Luhn so a mistyped test card is refused with the platform's issue before it is
 * "charged", and every API reads the expiry and the CVV alike.
 */

/** Luhn check, so a mistyped test card number is caught before it is "charged". */
export function passesLuhn(number: string): boolean {
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let digit = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return sum % 10 === 0;
}

export const CardNumberSchema = z
  .string()
  .regex(/^\d{13,19}$/, 'Expected 13 to 19 digits.')
  .refine(passesLuhn, {
    message: 'The card number fails the Luhn check.',
    params: { issue: 'INVALID_CARD_NUMBER' },
  });

export const CardExpirySchema = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Expected YYYY-MM.');

export const CardSecurityCodeSchema = z.string().regex(/^\d{3,4}$/, 'A CVV has three or four digits.');
