import { randomUUID } from 'node:crypto';
import { randomString } from '../../shared/ids.js';

const UPPER_ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** Webhook ids: 17 capital letters and digits (within spec 4.12's 50 letters and digits). */
export const newWebhookId = (): string => randomString(UPPER_ALNUM, 17);
/** Event ids: `WH-` and two groups of 17, the platform's form. */
export const newEventId = (): string =>
  `WH-${randomString(UPPER_ALNUM, 17)}-${randomString(UPPER_ALNUM, 17)}`;
export const newDeliveryId = (): string => `WD${randomString(UPPER_ALNUM, 18)}`;
/** Transmission ids are UUIDs: a new one for every attempt. */
export const newTransmissionId = (): string => randomUUID();
export const newListenerMessageId = (): string => `LM${randomString(UPPER_ALNUM, 12)}`;
