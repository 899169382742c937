import { SCOPES } from '../../scopes.js';
import { defineSharedGroup } from '../shared-group.js';
import { VAULT_ENDPOINTS } from './endpoints.js';
import { VAULT_ISSUES } from './issues.js';
import { paymentTokenMachine, setupTokenMachine } from './machines.js';

export * from './schemas.js';
export * from './machines.js';
export * from './issues.js';
export * from './endpoints.js';

/** Payment method tokens v3: what both sides know of it. */
export const vaultShared = defineSharedGroup({
  name: 'vault',
  issues: VAULT_ISSUES,
  machines: { 'setup-token': setupTokenMachine, 'payment-token': paymentTokenMachine },
  endpoints: Object.values(VAULT_ENDPOINTS),
  scopes: [SCOPES.vault],
});
