import { randomString } from '../../../../shared/ids.js';

/** The platform's v1 invoice ids: `INV2-` and four groups of four letters and digits. */
export const newInvoiceId = (): string =>
  'INV2-' + Array.from({ length: 4 }, () => randomString('ABCDEFGHJKLMNPQRSTUVWXYZ23456789', 4)).join('-');
