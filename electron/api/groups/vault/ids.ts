import { randomString } from '../../../../shared/ids.js';

/** Setup tokens: 17 capital letters and digits, like the platform's (`5C991763VB2781612`). */
export const newSetupTokenId = (): string => randomString('ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789', 17);
/** Payment tokens: 8 lowercase letters and digits, like the platform's (`8kk8451t`). */
export const newPaymentTokenId = (): string => randomString('abcdefghijklmnopqrstuvwxyz0123456789', 8);
/** Customers the vault creates: 10 letters and digits (`ROaOo7r3Ip`), within the 7..36 a list accepts. */
export const newCustomerId = (): string =>
  randomString('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789', 10);
