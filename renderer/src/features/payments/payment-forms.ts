import type { z } from 'zod';
import { MoneyValueSchema } from '../../../../shared/api/common';
import {
  CAPTURE_LIMITS,
  CaptureRequestSchema,
  ReauthorizeRequestSchema,
  RefundRequestSchema,
  type CaptureRequest,
  type ReauthorizeRequest,
  type RefundRequest,
} from '../../../../shared/api/payments-v2';
import { MoneyError, fromMinor, toMinor } from '../../../../shared/money';
import { formatMinor } from '../../api/format';

/**
 * The capture, refund and reauthorize forms as data: drafts, the request body they make, and the
 * problems to show next to each field before anything is sent. The zod schemas of `shared/api` are the
 * source of the field rules; "never above what remains" is checked here in minor units.
 */

export type FieldErrors<F extends string> = Partial<Record<F, string>>;

export interface Checked<F extends string, B> {
  errors: FieldErrors<F>;
  /** The request body, when there are no errors. */
  body?: B;
}

/** Checks an amount typed into a form: syntax, the currency's decimals, positive, and at most `maxMinor`. */
export function checkAmountInput(
  value: string,
  currency: string,
  maxMinor: bigint,
  tooMuch: (max: string) => string,
): { error?: string; minor?: bigint } {
  const text = value.trim();
  if (text === '') return { error: 'Enter an amount.' };
  const syntax = MoneyValueSchema.safeParse(text);
  if (!syntax.success)
    return { error: syntax.error.issues[0]?.message ?? 'Expected a decimal amount such as "10.00".' };
  let minor: bigint;
  try {
    minor = toMinor(text, currency);
  } catch (error) {
    return { error: error instanceof MoneyError ? error.message : 'Not an amount.' };
  }
  if (minor <= 0n) return { error: 'The amount must be more than zero.' };
  if (minor > maxMinor) return { error: tooMuch(formatMinor(maxMinor, currency)) };
  return { minor };
}

/** The first message zod has for each top-level field, with length limits said plainly. */
function schemaErrors<F extends string>(error: z.ZodError, fields: readonly F[]): FieldErrors<F> {
  const errors: FieldErrors<F> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? '') as F;
    if (!fields.includes(field) || errors[field]) continue;
    errors[field] =
      issue.code === 'too_big' && issue.origin === 'string'
        ? `At most ${String(issue.maximum)} characters.`
        : issue.message;
  }
  return errors;
}

const optionalText = (value: string): string | undefined => (value === '' ? undefined : value);

/** Removes `undefined` members, so a body carries only what the user filled in. */
function compact<T extends Record<string, unknown>>(body: T): T {
  return Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined)) as T;
}

// ---- capture ---------------------------------------------------------------------------------------

export interface CaptureDraft {
  amount: string;
  final_capture: boolean;
  invoice_id: string;
  note_to_payer: string;
  soft_descriptor: string;
}

export type CaptureField = keyof CaptureDraft;
export const CAPTURE_FIELDS: readonly CaptureField[] = [
  'amount',
  'final_capture',
  'invoice_id',
  'note_to_payer',
  'soft_descriptor',
];
export { CAPTURE_LIMITS };

export function captureDraft(remainingMinor: bigint, currency: string): CaptureDraft {
  return {
    amount: remainingMinor > 0n ? fromMinor(remainingMinor, currency) : '',
    final_capture: false,
    invoice_id: '',
    note_to_payer: '',
    soft_descriptor: '',
  };
}

/** The capture body of spec 2.5, or the problems of the draft; the amount never above what remains. */
export function checkCapture(
  draft: CaptureDraft,
  currency: string,
  remainingMinor: bigint,
): Checked<CaptureField, CaptureRequest> {
  const body = compact({
    amount: { currency_code: currency, value: draft.amount.trim() },
    final_capture: draft.final_capture,
    invoice_id: optionalText(draft.invoice_id),
    note_to_payer: optionalText(draft.note_to_payer),
    soft_descriptor: optionalText(draft.soft_descriptor),
  });
  const parsed = CaptureRequestSchema.safeParse(body);
  const errors = parsed.success ? {} : schemaErrors(parsed.error, CAPTURE_FIELDS);
  const amount = checkAmountInput(
    draft.amount,
    currency,
    remainingMinor,
    (max) => `Never above what remains: at most ${max}.`,
  );
  if (amount.error) errors.amount = amount.error;
  return Object.keys(errors).length > 0 || !parsed.success ? { errors } : { errors, body: parsed.data };
}

// ---- refund ----------------------------------------------------------------------------------------

export interface RefundDraft {
  amount: string;
  invoice_id: string;
  note_to_payer: string;
}

export type RefundField = keyof RefundDraft;
const REFUND_FIELDS: readonly RefundField[] = ['amount', 'invoice_id', 'note_to_payer'];
/** Refund text limits (the refund schema of `shared/api/payments-v2`). */
export const REFUND_LIMITS = { invoice_id: 127, note_to_payer: 255 } as const;

export function refundDraft(remainingMinor: bigint, currency: string): RefundDraft {
  return {
    amount: remainingMinor > 0n ? fromMinor(remainingMinor, currency) : '',
    invoice_id: '',
    note_to_payer: '',
  };
}

export function checkRefund(
  draft: RefundDraft,
  currency: string,
  remainingMinor: bigint,
): Checked<RefundField, RefundRequest> {
  const body = compact({
    amount: { currency_code: currency, value: draft.amount.trim() },
    invoice_id: optionalText(draft.invoice_id),
    note_to_payer: optionalText(draft.note_to_payer),
  });
  const parsed = RefundRequestSchema.safeParse(body);
  const errors = parsed.success ? {} : schemaErrors(parsed.error, REFUND_FIELDS);
  const amount = checkAmountInput(
    draft.amount,
    currency,
    remainingMinor,
    (max) => `More than can still be refunded: at most ${max}.`,
  );
  if (amount.error) errors.amount = amount.error;
  return Object.keys(errors).length > 0 || !parsed.success ? { errors } : { errors, body: parsed.data };
}

// ---- reauthorize -----------------------------------------------------------------------------------

export function checkReauthorize(
  amount: string,
  currency: string,
  ceilingMinor: bigint,
): Checked<'amount', ReauthorizeRequest> {
  const parsed = ReauthorizeRequestSchema.safeParse({
    amount: { currency_code: currency, value: amount.trim() },
  });
  const check = checkAmountInput(
    amount,
    currency,
    ceilingMinor,
    (max) => `Above the reauthorization allowance: at most ${max}.`,
  );
  if (check.error) return { errors: { amount: check.error } };
  if (!parsed.success)
    return { errors: { amount: parsed.error.issues[0]?.message ?? 'Not a valid amount.' } };
  return { errors: {}, body: parsed.data };
}
