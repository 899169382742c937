import { z } from 'zod';
import { MoneySchema, requestIdHeader } from '../common.js';

/**
 * Referenced payouts (spec 2.13, 4.10): payouts tied to an earlier transaction. Limits the spec leaves
 * open follow the platform's payouts family (documented in docs/groups/referenced-payouts.md).
 */
export const REFERENCED_PAYOUT_LIMITS = {
  /** Items of one batch (spec part 8). */
  batchItems: 1000,
  /** Up to this many items a batch may be processed synchronously; more is always asynchronous. */
  syncItems: 10,
  referenceId: 255,
  payeeEmail: { min: 3, max: 254 },
  externalId: 255,
  invoiceId: 127,
  custom: 127,
  destination: 255,
  /** `Svc-Request-Id`, as for payouts (spec part 8). */
  requestId: 1000,
  /** `Svc-Partner-Attribution-Id`: a build-notation code. */
  buildNotationCode: 36,
} as const;

/** `TRANSACTION_ID` names a captured transaction of the caller; `OTHERS` is the caller's own reference. */
export const REFERENCE_TYPES = ['TRANSACTION_ID', 'OTHERS'] as const;
export type ReferenceType = (typeof REFERENCE_TYPES)[number];

/** Where a batch's payouts go (`payout_directive.type`); the spec names FINANCIAL_INSTRUMENT_ID. */
export const DIRECTIVE_TYPES = ['FINANCIAL_INSTRUMENT_ID', 'EMAIL', 'ACCOUNT_ID'] as const;

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * A build-notation (BN) code as partners are assigned them: letters, digits, `_`, `-` and `.`, such as
 * `Example_Marketplace` or `ACME_SP_PPCP`.
 */
export const BUILD_NOTATION_CODE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_.-]*$/;

export const BuildNotationCodeSchema = z
  .string()
  .min(1)
  .max(REFERENCED_PAYOUT_LIMITS.buildNotationCode)
  .regex(BUILD_NOTATION_CODE_PATTERN, 'Expected a build-notation code such as "Example_Marketplace".');

/** One referenced payout as requested: in a batch, or on its own. */
export const ReferencedPayoutItemSchema = z
  .object({
    reference_id: z.string().min(1).max(REFERENCED_PAYOUT_LIMITS.referenceId),
    reference_type: z.enum(REFERENCE_TYPES),
    payout_amount: MoneySchema.optional(),
    payee_email: z
      .string()
      .min(REFERENCED_PAYOUT_LIMITS.payeeEmail.min)
      .max(REFERENCED_PAYOUT_LIMITS.payeeEmail.max)
      .regex(EMAIL_PATTERN, 'Expected an e-mail address.')
      .optional(),
    external_merchant_id: z.string().min(1).max(REFERENCED_PAYOUT_LIMITS.externalId).optional(),
    external_reference_id: z.string().min(1).max(REFERENCED_PAYOUT_LIMITS.externalId).optional(),
    invoice_id: z.string().min(1).max(REFERENCED_PAYOUT_LIMITS.invoiceId).optional(),
    custom: z.string().min(1).max(REFERENCED_PAYOUT_LIMITS.custom).optional(),
  })
  .superRefine((item, ctx) => {
    // An OTHERS reference names nothing the sandbox can derive an amount or a payee from.
    if (item.reference_type !== 'OTHERS') return;
    for (const field of ['payout_amount', 'payee_email'] as const) {
      if (item[field] === undefined)
        ctx.addIssue({
          code: 'custom',
          path: [field],
          message: `${field} is required when reference_type is OTHERS.`,
          params: { issue: 'MISSING_REQUIRED_PARAMETER' },
        });
    }
  });

export const PayoutDirectiveSchema = z
  .object({
    destination: z.string().min(1).max(REFERENCED_PAYOUT_LIMITS.destination),
    type: z.enum(DIRECTIVE_TYPES),
  })
  .superRefine((directive, ctx) => {
    if (directive.type === 'EMAIL' && !EMAIL_PATTERN.test(directive.destination))
      ctx.addIssue({
        code: 'custom',
        path: ['destination'],
        message: 'Expected an e-mail address for type EMAIL.',
        params: { issue: 'INVALID_PARAMETER_SYNTAX' },
      });
  });

export const ReferencedPayoutBatchSchema = z.object({
  referenced_payouts: z.array(ReferencedPayoutItemSchema).min(1).max(REFERENCED_PAYOUT_LIMITS.batchItems),
  payout_directive: PayoutDirectiveSchema.optional(),
});

/** `Prefer: respond-async` asks for asynchronous processing (RFC 7240). */
export const RESPOND_ASYNC = /(^|[\s,;])respond-async([\s,;]|$)/i;

/** The write calls' headers (spec 4.10). */
export const ReferencedPayoutWriteHeaders = z.object({
  prefer: z.string().min(1).max(200).optional(),
  'svc-partner-attribution-id': BuildNotationCodeSchema.optional(),
  'svc-request-id': requestIdHeader(REFERENCED_PAYOUT_LIMITS.requestId),
});

export const ReferencedPayoutReadHeaders = z.object({
  'svc-partner-attribution-id': BuildNotationCodeSchema.optional(),
});

/** Batch ids have the platform's form: 64 letters and digits, base64-like with `=` padding. */
export const BATCH_ID_PATTERN = /^[A-Za-z0-9_=-]{1,128}$/;
/** Item ids: 13 capital letters and digits. */
export const ITEM_ID_PATTERN = /^[A-Z0-9]{1,36}$/;

export const BatchIdParams = z.object({
  payouts_batch_id: z.string().regex(BATCH_ID_PATTERN, 'Expected a referenced payout batch id.'),
});

export const ItemIdParams = z.object({
  payouts_item_id: z.string().regex(ITEM_ID_PATTERN, 'Expected 1 to 36 capital letters and digits.'),
});

export type ReferencedPayoutItemRequest = z.infer<typeof ReferencedPayoutItemSchema>;
export type ReferencedPayoutBatchRequest = z.infer<typeof ReferencedPayoutBatchSchema>;
export type PayoutDirective = z.infer<typeof PayoutDirectiveSchema>;
