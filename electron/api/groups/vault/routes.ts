import { VAULT_ENDPOINTS as E } from '../../../../shared/api/vault/endpoints.js';
import { HOUR } from '../../../clock.js';
import { sensitiveMembers } from '../../pipeline/logged-body.js';
import { defineRoute, type AnyRoute } from '../../route.js';
import type { RequestContext } from '../../route.js';
import type { VaultOnboarding } from './onboarding.js';
import type { PaymentTokensService } from './payment-tokens-service.js';
import type { SetupTokensService } from './setup-tokens-service.js';
import type { StoredPaymentToken } from './types.js';

/** Payment token create keys are kept 3 hours (spec part 8); setup tokens keep theirs as long. */
const KEY_RETENTION_MS = 3 * HOUR;

/**
 * What the log keeps of a payment source to vault: what the vault itself keeps (a card's and a bank
 * account's last four characters), never a security code.
 */
const PAYMENT_SOURCE_SECRETS = sensitiveMembers({
  lastFour: [
    'payment_source/card/number',
    'payment_source/bank/ach_debit/account_number',
    'payment_source/bank/sepa_debit/iban',
  ],
  withheld: ['payment_source/card/security_code'],
});

/** The HTTP binding of Payment method tokens v3. */
export function vaultRoutes(
  setupTokens: SetupTokensService,
  paymentTokens: PaymentTokensService,
  onboarding: VaultOnboarding,
  present: (token: StoredPaymentToken, baseUrl: string) => Record<string, unknown>,
): AnyRoute[] {
  // A merchant not onboarded to the vault can read nothing of it either (the creates check in their service).
  const onboarded = (ctx: RequestContext, field: string, location: 'path' | 'query') =>
    onboarding.require(ctx.merchant, field, location);
  return [
    defineRoute(E.createSetupToken, {
      partnerFeatures: ['VAULT'],
      loggedBody: PAYMENT_SOURCE_SECRETS,
      idempotency: { retentionMs: KEY_RETENTION_MS },
      handle: ({ body, ctx }) => ({ status: 201, resource: setupTokens.create(body, ctx) }),
    }),
    defineRoute(E.showSetupToken, {
      partnerFeatures: ['VAULT'],
      handle: ({ params, ctx }) => {
        onboarded(ctx, 'id', 'path');
        return { status: 200, resource: setupTokens.get(params.id, ctx) };
      },
    }),
    defineRoute(E.create, {
      partnerFeatures: ['VAULT'],
      loggedBody: PAYMENT_SOURCE_SECRETS,
      idempotency: { retentionMs: KEY_RETENTION_MS },
      handle: ({ body, ctx }) => ({ status: 201, resource: paymentTokens.create(body, ctx) }),
    }),
    defineRoute(E.list, {
      partnerFeatures: ['VAULT'],
      handle: ({ query, ctx }) => {
        onboarded(ctx, 'customer_id', 'query');
        return { status: 200, body: paymentTokens.list(query, ctx, (token) => present(token, ctx.baseUrl)) };
      },
    }),
    defineRoute(E.show, {
      partnerFeatures: ['VAULT'],
      handle: ({ params, ctx }) => {
        onboarded(ctx, 'id', 'path');
        return { status: 200, resource: paymentTokens.get(params.id, ctx) };
      },
    }),
    defineRoute(E.delete, {
      partnerFeatures: ['VAULT'],
      handle: ({ params, ctx }) => {
        onboarded(ctx, 'id', 'path');
        paymentTokens.delete(params.id, ctx);
        return { status: 204 };
      },
    }),
  ];
}
