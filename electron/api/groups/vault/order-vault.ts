import type { Account } from '../../../store/repositories/accounts-repo.js';
import type { RequestContext } from '../../route.js';
import type { OrderVault, VaultedOrderSource } from '../orders-v2/index.js';
import { newCustomerId } from './ids.js';
import type { VaultOnboarding } from './onboarding.js';
import type { PaymentTokensService } from './payment-tokens-service.js';
import type { VaultedSource } from './types.js';

/** The vault as orders see it (the `OrderVault` port of orders v2). */
export function orderVault(onboarding: VaultOnboarding, tokens: PaymentTokensService): OrderVault {
  return {
    requireEnabled: (merchant: Account, field: string) => onboarding.require(merchant, field),
    tokenFor: (vaultId: string, ctx: RequestContext, field: string) => {
      const token = tokens.get(vaultId, ctx, field, 'body');
      return { id: token.id, customer: token.body.customer, payment_source: token.body.payment_source };
    },
    store: ({ ctx, orderId, customerId, source }) => {
      const vaulted: VaultedSource = source.card
        ? { card: source.card }
        : {
            svc: {
              ...source.svc,
              usage_pattern: source.svc?.usage_pattern ?? 'IMMEDIATE',
              usage_type: source.svc?.usage_type ?? 'MERCHANT',
              customer_type: source.svc?.customer_type ?? 'CONSUMER',
            },
          };
      const token = tokens.insert({
        ctx,
        orderId,
        customer: { id: customerId ?? newCustomerId() },
        source: vaulted,
      });
      return { id: token.id, customer: token.body.customer };
    },
  };
}

export type { VaultedOrderSource };
