import { ISSUES, type Issue } from '../../../../shared/api/registry.js';
import { setupTokenMachine } from '../../../../shared/api/vault/machines.js';
import { refusalOf } from '../../../../shared/machines/machine.js';
import type { SetupTokenCreateRequest } from '../../../../shared/api/vault/schemas.js';
import { isoSeconds } from '../../../clock.js';
import type { Account } from '../../../store/repositories/accounts-repo.js';
import type { ApiDeps } from '../../deps.js';
import { detail, notFound, unprocessable } from '../../pipeline/api-error.js';
import type { RequestContext } from '../../route.js';
import { createResource, refuseUnless, transition } from '../../transition.js';
import { newCustomerId, newSetupTokenId } from './ids.js';
import { approvedWallet, pendingWallet, vaultedCard } from './instruments.js';
import type { VaultOnboarding } from './onboarding.js';
import { SETUP_TOKEN_KIND, type StoredSetupToken } from './types.js';
import { resourceEnvelope } from '../../../store/stored-resource.js';

/**
 * Setup tokens (spec 2.7, part 3): a card is APPROVED as soon as it is given; a wallet waits for the
 * buyer to approve it on the buyer page (PAYER_ACTION_REQUIRED). Either is exchanged once for a
 * payment token.
 */
export class SetupTokensService {
  constructor(
    private readonly deps: ApiDeps,
    private readonly onboarding: VaultOnboarding,
  ) {}

  create(request: SetupTokenCreateRequest, ctx: RequestContext): StoredSetupToken {
    this.onboarding.require(ctx.merchant, '/payment_source');
    const now = this.deps.clock.now();
    const at = isoSeconds(now);
    const id = newSetupTokenId();
    const { card, svc } = request.payment_source;
    const experience = svc?.experience_context;
    const token: StoredSetupToken = {
      ...resourceEnvelope({ kind: SETUP_TOKEN_KIND, id, app: ctx.app.id, status: 'APPROVED', at }),
      body: {
        id,
        customer: {
          id: request.customer?.id ?? newCustomerId(),
          ...(request.customer?.merchant_customer_id
            ? { merchant_customer_id: request.customer.merchant_customer_id }
            : {}),
        },
        status: 'APPROVED',
        payment_source: card
          ? { card: vaultedCard(card, now, '/payment_source/card') }
          : { svc: pendingWallet(svc ?? {}) },
      },
      internal: {
        merchant_id: ctx.merchant.id,
        ...(experience?.return_url ? { return_url: experience.return_url } : {}),
        ...(experience?.cancel_url ? { cancel_url: experience.cancel_url } : {}),
        ...(experience?.brand_name ? { brand_name: experience.brand_name } : {}),
      },
    };
    createResource(this.deps, setupTokenMachine, token, card ? 'create-card' : 'create-wallet');
    return token;
  }

  get(id: string, ctx: RequestContext): StoredSetupToken {
    const token = this.deps.store.resources.owned<StoredSetupToken>(SETUP_TOKEN_KIND, id, ctx.app.id);
    if (!token) throw notFound('setup token', id);
    return token;
  }

  /** The buyer page finds a setup token by its id alone (the buyer has no app token). */
  find(id: string): StoredSetupToken | undefined {
    return this.deps.store.resources.get<StoredSetupToken['body'], StoredSetupToken['internal']>(
      SETUP_TOKEN_KIND,
      id,
    ) as StoredSetupToken | undefined;
  }

  /** A sandbox buyer approves a wallet setup token: the wallet becomes theirs, the token APPROVED. */
  approve(token: StoredSetupToken, buyerEmail: string): Account {
    refuseUnless(setupTokenMachine, token, 'approve', `The setup token is ${token.status}.`);
    const buyer = this.deps.store.accounts.byEmail(buyerEmail);
    if (!buyer || buyer.type !== 'PERSONAL') {
      throw unprocessable(
        detail('PAYER_ACCOUNT_INVALID', { field: '/buyer_email', value: buyerEmail, location: 'body' }),
      );
    }
    const wallet = token.body.payment_source.svc;
    if (wallet) token.body.payment_source = { svc: approvedWallet(wallet, buyer) };
    transition(this.deps, setupTokenMachine, token, 'approve', { note: `approved by ${buyer.email}` });
    return buyer;
  }

  /** The exchange: 422 PAYER_ACTION_REQUIRED before approval, SETUP_TOKEN_ALREADY_USED after one. */
  exchange(token: StoredSetupToken, paymentTokenId: string): void {
    const issue = refusalOf(setupTokenMachine, token.status, 'exchange');
    if (issue) {
      throw unprocessable(
        detail(issue as Issue, {
          field: '/payment_source/token/id',
          value: token.id,
          location: 'body',
          description: `${ISSUES[issue as Issue].description} (the setup token is ${token.status})`,
        }),
      );
    }
    token.internal.payment_token_id = paymentTokenId;
    transition(this.deps, setupTokenMachine, token, 'exchange', { note: `payment token ${paymentTokenId}` });
  }
}
