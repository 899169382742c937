import { merchantIntegrationMachine } from '../../../../shared/api/partner-referrals/machines.js';
import type { Account } from '../../../store/repositories/accounts-repo.js';
import type { GroupDeps } from '../../group-deps.js';
import { detail, notAuthorized, notFound, notFoundDetails, queryDetail } from '../../pipeline/api-error.js';
import type { RequestContext } from '../../route.js';
import { createResource, transition } from '../../transition.js';
import { resourceEnvelope } from '../../../store/stored-resource.js';
import { integrationId, type StoredIntegration } from './types.js';

/**
 * Merchant integrations (spec 4.11): the partner finds the seller it onboarded by tracking id, reads the
 * seller's status by merchant id, and the seller can revoke its consent. The seller's partner link (on
 * its account) is what acting for it checks; the integration resource is its history and its events.
 */
export class IntegrationsService {
  constructor(private readonly deps: GroupDeps) {}

  /** The path's partner id must be the caller's own: a partner reads only its own sellers. */
  assertPartner(partnerId: string, ctx: RequestContext): void {
    if (partnerId === ctx.app.merchant_id) return;
    throw notAuthorized(
      detail('PARTNER_ID_MISMATCH', {
        field: 'partner_id',
        value: partnerId,
        location: 'path',
        description: `The calling app's partner id is ${ctx.app.merchant_id}.`,
      }),
    );
  }

  /** The seller onboarded with `trackingId` (the latest, should a tracking id have been reused). */
  byTracking(partnerId: string, trackingId: string, ctx: RequestContext): StoredIntegration {
    this.assertPartner(partnerId, ctx);
    const sellers = this.deps.store.accounts
      .list()
      .flatMap((account) =>
        (account.partners ?? [])
          .filter((link) => link.partner_id === partnerId && link.tracking_id === trackingId)
          .map((link) => ({ account, link })),
      )
      .sort((a, b) => b.link.granted_at.localeCompare(a.link.granted_at));
    const seller = sellers[0];
    const integration = seller && this.find(partnerId, seller.account.id, ctx);
    if (!integration) {
      throw notFoundDetails(
        queryDetail(
          'tracking_id',
          'RESOURCE_NOT_FOUND',
          `No seller onboarded with tracking_id ${trackingId}.`,
          trackingId,
        ),
      );
    }
    return integration;
  }

  byMerchant(partnerId: string, merchantId: string, ctx: RequestContext): StoredIntegration {
    this.assertPartner(partnerId, ctx);
    const integration = this.find(partnerId, merchantId, ctx);
    if (!integration) throw notFound('seller of this partner', merchantId, 'merchant_id');
    return integration;
  }

  /** The seller revokes its consent to the calling partner: acting for it is refused from now on. */
  revoke(merchantId: string, ctx: RequestContext): StoredIntegration {
    const integration = this.byMerchant(ctx.app.merchant_id, merchantId, ctx);
    const account = this.deps.store.accounts.byId(merchantId);
    const at = this.deps.clock.nowIso();
    transition(this.deps, merchantIntegrationMachine, integration, 'revoke', {
      note: 'consent revoked by the seller',
      at,
    });
    if (account) {
      const revoked: Account = {
        ...account,
        partners: (account.partners ?? []).map((link) =>
          link.partner_id === ctx.app.merchant_id && !link.revoked_at ? { ...link, revoked_at: at } : link,
        ),
      };
      this.deps.store.accounts.upsert(revoked);
    }
    return integration;
  }

  find(partnerId: string, merchantId: string, ctx?: RequestContext): StoredIntegration | undefined {
    const stored = this.deps.store.resources.get<StoredIntegration['body'], StoredIntegration['internal']>(
      'merchant-integration',
      integrationId(partnerId, merchantId),
    );
    return stored ?? (ctx ? this.seeded(partnerId, merchantId, ctx) : undefined);
  }

  /**
   * A consent the sandbox was seeded with (the charity's to the seeded merchant) came through no
   * referral, so no integration was stored for it; the assertion accepts it all the same, so the status
   * answers it too, from the seller's partner link. The first change (a revoke) stores it.
   */
  private seeded(partnerId: string, merchantId: string, ctx: RequestContext): StoredIntegration | undefined {
    const account = this.deps.store.accounts.byId(merchantId);
    const link = account?.partners?.find((l) => l.partner_id === partnerId && !l.referral_id);
    if (!account || !link) return undefined;
    const status = link.revoked_at ? 'REVOKED' : 'ACTIVE';
    const integration: StoredIntegration = {
      ...resourceEnvelope({
        kind: 'merchant-integration',
        id: integrationId(partnerId, merchantId),
        app: ctx.app.id,
        status,
        at: link.granted_at,
      }),
      body: {
        merchant_id: merchantId,
        tracking_id: link.tracking_id,
        partner_id: partnerId,
        partner_client_id: link.partner_client_id ?? ctx.app.client_id,
        partner_referral_id: '',
        status,
        create_time: link.granted_at,
        update_time: link.revoked_at ?? link.granted_at,
      },
      internal: {},
    };
    if (this.deps.store.db.inTransaction)
      createResource(this.deps, merchantIntegrationMachine, integration, 'onboard');
    return integration;
  }
}
