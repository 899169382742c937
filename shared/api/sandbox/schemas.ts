import { z } from 'zod';
import { EmailSchema } from '../common.js';

/** The sandbox control API's request schemas (`/v1/test-helpers/...`): server and console share them. */

/** At most ten years per move: enough for any retention, small enough to stay a real date. */
export const MAX_ADVANCE_SECONDS = 10 * 366 * 24 * 3600;

export const ClockMoveSchema = z
  .object({
    advance_seconds: z.number().int().min(0).max(MAX_ADVANCE_SECONDS).optional(),
    to: z.iso.datetime({ offset: true }).optional(),
  })
  .refine((b) => (b.advance_seconds === undefined) !== (b.to === undefined), {
    message: 'Give exactly one of advance_seconds or to.',
  });

/**
 * A look ahead before a long move: how many jobs fall due by `until`, and the due time of the `step`-th of
 * them, where a move of at most `step` jobs would stop (the workbench moves in such steps to show progress).
 */
export const ClockReadQuery = z.strictObject({
  until: z.iso.datetime({ offset: true }).optional(),
  step: z.coerce.number().int().min(1).max(100_000).optional(),
});

export const BuyerApprovalSchema = z.object({ buyer_email: EmailSchema.optional() });
