import { randomString } from '../../ids.js';

/**
 * Id forms of payments v1, as the platform's v1 wrote them: a payment `PAY-` and 24 capital letters and
 * digits, its buyer-page token `EC-` and 17, an order `O-` and 17, and sales, authorizations, captures
 * and refunds 17 capital letters and digits (the ledger's transaction id form).
 */
const UPPER_ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

export const newPaymentV1Id = (): string => 'PAY-' + randomString(UPPER_ALNUM, 24);
export const newPaymentToken = (): string => 'EC-' + randomString(UPPER_ALNUM, 17);
export const newPaymentOrderId = (): string => 'O-' + randomString(UPPER_ALNUM, 17);
export const newTransactionV1Id = (): string => randomString(UPPER_ALNUM, 17);

/**
 * Path ids are checked loosely (letters, digits, dashes): a well-formed id nobody issued is a 404, the
 * answer the platform gave, not a 400.
 */
export const V1_ID_PATTERN = /^[A-Za-z0-9-]{1,64}$/;
