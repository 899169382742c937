import type { JobHandler } from '../../../scheduler.js';

/** A created payment that is not executed within 3 hours fails (v1's approval token lived 3 hours). */
export const EXPIRE_PAYMENT_V1_JOB = 'payment-v1.expire';
export const paymentV1ExpiryKey = (id: string): string => `payment-v1-expiry:${id}`;

/** An uncaptured v1 authorization expires after 29 days, like v2's. */
export const EXPIRE_AUTHORIZATION_V1_JOB = 'authorization-v1.expire';
export const authorizationV1ExpiryKey = (id: string): string => `authorization-v1-expiry:${id}`;

export interface ExpiringV1 {
  expirePayment(id: string, dueAt: number): void;
  expireAuthorization(id: string, dueAt: number): void;
}

/** The scheduled work of payments v1, by job kind. */
export function paymentV1Jobs(target: ExpiringV1): Record<string, JobHandler> {
  const idOf = (payload: unknown) => String((payload as { id: string }).id);
  return {
    [EXPIRE_PAYMENT_V1_JOB]: (payload, run) => target.expirePayment(idOf(payload), run.dueAt),
    [EXPIRE_AUTHORIZATION_V1_JOB]: (payload, run) => target.expireAuthorization(idOf(payload), run.dueAt),
  };
}
