import type {
  PayoutDirective,
  ReferencedPayoutItemRequest,
} from '../../../../shared/api/referenced-payouts/index.js';
import type { ErrorDetail } from '../../../../shared/errors.js';
import { isSupportedCurrency, MoneyError } from '../../../../shared/money.js';
import { conflict, detail, unprocessable } from '../../pipeline/api-error.js';
import { moneyErrorDetail, parseMinor } from '../../pipeline/money-errors.js';
import type { RequestContext } from '../../route.js';
import type { Store } from '../../../store/store.js';
import type { StoredCapture } from '../payments-v2/index.js';
import { referenceActivity, referenceKey, type ReferenceActivity } from './reference-activity.js';

/** One requested payout once its reference, amount and payee are known. */
export interface PlannedPayout {
  request: ReferencedPayoutItemRequest;
  /** JSON pointer of the item in the request body ('' for a standalone item). */
  at: string;
  capture: StoredCapture | undefined;
  amountMinor: bigint;
  currency: string;
  payeeAccountId: string | null;
  payeeEmail: string | null;
  destination: string | undefined;
}

/**
 * What remains to be paid out on a capture: its net amount (gross less the fee, what the seller
 * received), less what was refunded, less earlier referenced payouts on it. Never below zero.
 */
export function disbursableMinor(capture: StoredCapture, paidMinor: bigint): bigint {
  const { gross_minor, fee_minor, refunded_minor } = capture.internal;
  const rest = BigInt(gross_minor) - BigInt(fee_minor) - BigInt(refunded_minor) - paidMinor;
  return rest > 0n ? rest : 0n;
}

export const paidOn = (activity: ReferenceActivity | undefined, currency: string): bigint =>
  activity?.paidMinor.get(currency) ?? 0n;

/** A capture made by the calling app, or undefined. */
export function callersCapture(store: Store, ctx: RequestContext, id: string): StoredCapture | undefined {
  const capture = store.resources.get<StoredCapture['body'], StoredCapture['internal']>('capture', id);
  return capture && capture.app_id === ctx.app.id ? capture : undefined;
}

/**
 * The request-time rules of referenced payouts, for a batch's items or one item, all problems at once:
 *
 * - 422: a TRANSACTION_ID reference must name a capture of the caller (REFERENCE_TRANSACTION_NOT_FOUND);
 *   `payout_amount` is valid Money v2 (a supported currency, its decimals, above zero) in the capture's
 *   currency (CURRENCY_MISMATCH);
 * - 409 ONGOING_ACTIVITY_ON_REFERENCE: an earlier item on the same reference is still PROCESSING, or the
 *   same reference is named twice in one call (a batch's items are processed together).
 *
 * The payee is the capture's payee unless `payee_email` overrides it; without `payout_amount`, the
 * payout is what remains to be paid out on the capture. The amount and the sender's balance are checked
 * again when the payout is processed (see processing.ts).
 */
export function planPayouts(
  store: Store,
  ctx: RequestContext,
  requests: readonly { request: ReferencedPayoutItemRequest; at: string }[],
  directive: PayoutDirective | undefined,
): PlannedPayout[] {
  const problems: ErrorDetail[] = [];
  const resolved = requests.map(({ request, at }) => {
    const capture =
      request.reference_type === 'TRANSACTION_ID'
        ? callersCapture(store, ctx, request.reference_id)
        : undefined;
    if (request.reference_type === 'TRANSACTION_ID' && !capture)
      problems.push(
        detail('REFERENCE_TRANSACTION_NOT_FOUND', {
          field: `${at}/reference_id`,
          value: request.reference_id,
          location: 'body',
          description: `No capture ${request.reference_id} was made by this application.`,
        }),
      );
    const amount = request.payout_amount ? requestedMinor(request, at, capture, problems) : undefined;
    return { request, at, capture, amount };
  });
  if (problems.length > 0) throw unprocessable(...problems);

  const activity = referenceActivity(
    store,
    ctx.app.id,
    requests.map(({ request }) => ({ type: request.reference_type, id: request.reference_id })),
  );
  refuseOngoing(resolved, activity);

  return resolved.map(({ request, at, capture, amount }) => {
    const currency = request.payout_amount?.currency_code ?? capture?.body.amount.currency_code ?? 'USD';
    const paid = paidOn(activity.get(referenceKey(request.reference_type, request.reference_id)), currency);
    const amountMinor = amount ?? (capture ? disbursableMinor(capture, paid) : 0n);
    const payee = payeeOf(store, request, capture);
    return {
      request,
      at,
      capture,
      amountMinor,
      currency,
      ...payee,
      destination: directive?.destination ?? payee.payeeAccountId ?? payee.payeeEmail ?? undefined,
    };
  });
}

/** The payee: the account `payee_email` names (or just the address), else the capture's payee. */
function payeeOf(
  store: Store,
  request: ReferencedPayoutItemRequest,
  capture: StoredCapture | undefined,
): { payeeAccountId: string | null; payeeEmail: string | null } {
  if (request.payee_email !== undefined) {
    const account = store.accounts.byEmail(request.payee_email);
    return { payeeAccountId: account?.id ?? null, payeeEmail: request.payee_email };
  }
  if (capture)
    return { payeeAccountId: capture.body.payee.merchant_id, payeeEmail: capture.body.payee.email_address };
  return { payeeAccountId: null, payeeEmail: null };
}

/** `payout_amount` in minor units, or undefined with the problem recorded. */
function requestedMinor(
  request: ReferencedPayoutItemRequest,
  at: string,
  capture: StoredCapture | undefined,
  problems: ErrorDetail[],
): bigint | undefined {
  const amount = request.payout_amount;
  if (!amount) return undefined;
  const field = `${at}/payout_amount`;
  if (!isSupportedCurrency(amount.currency_code)) {
    problems.push(
      detail('CURRENCY_NOT_SUPPORTED', {
        field: `${field}/currency_code`,
        value: amount.currency_code,
        location: 'body',
        description: `Currency ${amount.currency_code} is not supported.`,
      }),
    );
    return undefined;
  }
  if (capture && amount.currency_code !== capture.body.amount.currency_code) {
    problems.push(
      detail('CURRENCY_MISMATCH', {
        field: `${field}/currency_code`,
        value: amount.currency_code,
        location: 'body',
        description: `The referenced capture is in ${capture.body.amount.currency_code}.`,
      }),
    );
    return undefined;
  }
  const place = { field: `${field}/value`, value: amount.value, location: 'body' } as const;
  const minor = parseMinor(amount.value, amount.currency_code);
  if (minor instanceof MoneyError) problems.push(moneyErrorDetail(minor, place));
  else if (minor > 0n) return minor;
  else problems.push(detail('AMOUNT_NOT_POSITIVE', place));
  return undefined;
}

/** 409 ONGOING_ACTIVITY_ON_REFERENCE for every item whose reference is busy. */
function refuseOngoing(
  items: readonly { request: ReferencedPayoutItemRequest; at: string }[],
  activity: Map<string, ReferenceActivity>,
): void {
  const seen = new Map<string, string>();
  const conflicts: ErrorDetail[] = [];
  for (const { request, at } of items) {
    const key = referenceKey(request.reference_type, request.reference_id);
    const inFlight = activity.get(key)?.processingItemId;
    const earlier = seen.get(key);
    if (inFlight || earlier !== undefined)
      conflicts.push(
        detail('ONGOING_ACTIVITY_ON_REFERENCE', {
          field: `${at}/reference_id`,
          value: request.reference_id,
          location: 'body',
          description: inFlight
            ? `Referenced payout item ${inFlight} on this reference is still PROCESSING; retry later.`
            : `The reference is already named at ${earlier || '/'} of this request.`,
        }),
      );
    if (!seen.has(key)) seen.set(key, at);
  }
  if (conflicts.length > 0) throw conflict(...conflicts);
}
