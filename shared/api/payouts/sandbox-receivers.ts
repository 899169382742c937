import type { PayoutItemStatus } from './machines.js';
import type { RecipientType } from './schemas.js';

/**
 * How the sandbox decides each item's outcome when a batch is processed (documented in docs/groups/payouts.md):
 *
 * | receiver                                         | item status | errors.name            |
 * | ------------------------------------------------ | ----------- | ---------------------- |
 * | EMAIL of a sandbox account                       | SUCCESS     | -                      |
 * | SVC_ID of a sandbox account                      | SUCCESS     | -                      |
 * | EMAIL unknown to the sandbox                     | UNCLAIMED   | RECEIVER_UNREGISTERED  |
 * | PHONE (no sandbox account has one)               | UNCLAIMED   | RECEIVER_UNREGISTERED  |
 * | PHONE that is not a phone number                 | FAILED      | RECEIVER_PHONE_INVALID |
 * | SVC_ID of no account                             | FAILED      | RECEIVER_UNREGISTERED  |
 * | `failed@...` (any domain, `failed+tag@` too)     | FAILED      | RECEIVER_ACCOUNT_LOCKED|
 * | `blocked@...`                                    | BLOCKED     | REGULATORY_BLOCKED     |
 * | `denied@...`                                     | DENIED      | RISK_DECLINE           |
 * | `held@...` or `onhold@...`                       | ONHOLD      | REGULATORY_PENDING     |
 * | `refunded@...`                                   | REFUNDED    | - (paid, then refunded by the receiver) |
 * | `unclaimed@...`                                  | UNCLAIMED   | RECEIVER_UNREGISTERED  |
 *
 * Reserved local parts win over a sandbox account with the same address. Pure data: the Payouts page
 * shows the same table.
 */
export interface ReservedReceiver {
  status: Exclude<PayoutItemStatus, 'PENDING' | 'SUCCESS' | 'RETURNED'>;
  /** The item's `errors.name` (none for a refunded payment). */
  error?: PayoutItemError;
  description: string;
}

/** The names an item's `errors` carries, with their messages. */
export const PAYOUT_ITEM_ERRORS = {
  RECEIVER_UNREGISTERED:
    'The receiver has no account. A link to sign up was sent; if the payout is not claimed within 30 days, the funds return to the sender.',
  RECEIVER_ACCOUNT_LOCKED: "The receiver's account is locked or inactive; the payout was not made.",
  RECEIVER_PHONE_INVALID: 'The receiver is not a valid phone number; the payout was not made.',
  REGULATORY_BLOCKED: 'The payout was blocked for regulatory reasons.',
  RISK_DECLINE: 'The payout was declined by risk review.',
  REGULATORY_PENDING: 'The payout is on hold for review.',
  INSUFFICIENT_FUNDS: "The sender's balance cannot fund the batch plus its fees; nothing was paid.",
} as const;

export type PayoutItemError = keyof typeof PAYOUT_ITEM_ERRORS;

export const RESERVED_RECEIVERS: Readonly<Record<string, ReservedReceiver>> = {
  failed: {
    status: 'FAILED',
    error: 'RECEIVER_ACCOUNT_LOCKED',
    description: 'The receiver cannot be paid.',
  },
  blocked: { status: 'BLOCKED', error: 'REGULATORY_BLOCKED', description: 'Blocked for compliance.' },
  denied: { status: 'DENIED', error: 'RISK_DECLINE', description: 'Denied by risk review.' },
  held: { status: 'ONHOLD', error: 'REGULATORY_PENDING', description: 'Paid into a hold for review.' },
  onhold: { status: 'ONHOLD', error: 'REGULATORY_PENDING', description: 'Paid into a hold for review.' },
  refunded: { status: 'REFUNDED', description: 'Paid, then refunded by the receiver.' },
  unclaimed: {
    status: 'UNCLAIMED',
    error: 'RECEIVER_UNREGISTERED',
    description: 'Never claimed: returns after 30 days.',
  },
};

/** The reserved outcome an EMAIL receiver names (`failed@x.example`, `failed+7@x.example`), if any. */
export function reservedReceiver(
  recipientType: RecipientType,
  receiver: string,
): ReservedReceiver | undefined {
  if (recipientType !== 'EMAIL') return undefined;
  const at = receiver.indexOf('@');
  if (at <= 0) return undefined;
  const local = receiver.slice(0, at).toLowerCase();
  const plus = local.indexOf('+');
  const key = plus >= 0 ? local.slice(0, plus) : local;
  return Object.hasOwn(RESERVED_RECEIVERS, key) ? RESERVED_RECEIVERS[key] : undefined;
}

/**
 * The platform's sandbox test values (`items[0].note`): a create whose first item's note is one of these
 * is answered with that error, and nothing is created.
 */
export const NOTE_TEST_VALUES = {
  ERRPYO001: { status: 403, issue: 'SENDER_RESTRICTED' },
  ERRPYO002: { status: 403, issue: 'SENDER_EMAIL_UNCONFIRMED' },
  ERRPYO003: { status: 403, issue: 'AUTHORIZATION_ERROR' },
  ERRPYO005: { status: 422, issue: 'INSUFFICIENT_FUNDS' },
  ERRPYO006: { status: 500, issue: undefined },
  ERRPYO012: { status: 403, issue: 'SENDER_LOCKED' },
  ERRPYO014: { status: 400, issue: 'USER_BUSINESS_ERROR' },
} as const;

export type NoteTestValue = keyof typeof NOTE_TEST_VALUES;
