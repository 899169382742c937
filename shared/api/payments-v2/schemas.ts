import { z } from 'zod';
import { ID_PATTERNS } from '../../ids.js';
import { AmountWithBreakdownSchema, MoneySchema, preferHeader, requestIdHeader } from '../common.js';

/** Payments v2 (spec 2.5, 4.5): authorizations, captures, refunds. */

export const CAPTURE_LIMITS = { invoice_id: 127, note_to_payer: 255, soft_descriptor: 22 } as const;

export const CaptureRequestSchema = z.object({
  invoice_id: z.string().max(CAPTURE_LIMITS.invoice_id).optional(),
  note_to_payer: z.string().max(CAPTURE_LIMITS.note_to_payer).optional(),
  amount: AmountWithBreakdownSchema.optional(),
  final_capture: z.boolean().optional(),
  payment_instruction: z.record(z.string(), z.unknown()).optional(),
  soft_descriptor: z.string().max(CAPTURE_LIMITS.soft_descriptor).optional(),
});

export const ReauthorizeRequestSchema = z.object({ amount: MoneySchema.optional() });

export const RefundRequestSchema = z.object({
  amount: MoneySchema.optional(),
  invoice_id: z.string().max(127).optional(),
  custom_id: z.string().max(127).optional(),
  note_to_payer: z.string().max(255).optional(),
});

export const PaymentIdParams = z.object({
  id: z.string().regex(ID_PATTERNS.paymentId, 'Expected capital letters and digits.'),
});

/** Capture and reauthorize take `Svc-Request-Id` of 1..10000 characters (spec part 8). */
export const PaymentWriteHeaders = z.object({
  'svc-request-id': requestIdHeader(10_000),
  prefer: preferHeader,
});

export type CaptureRequest = z.infer<typeof CaptureRequestSchema>;
export type ReauthorizeRequest = z.infer<typeof ReauthorizeRequestSchema>;
export type RefundRequest = z.infer<typeof RefundRequestSchema>;
