import { randomUUID } from 'node:crypto';
import type { OnboardRequest } from '../../../../shared/api/partner-referrals/endpoints.js';
import {
  merchantIntegrationMachine,
  partnerReferralMachine,
} from '../../../../shared/api/partner-referrals/machines.js';
import {
  referralV1Problems,
  referralV2Problems,
  requestedFeaturesV1,
  requestedFeaturesV2,
  sharesData,
  type RuleProblem,
} from '../../../../shared/api/partner-referrals/referral-rules.js';
import type { ReferralV1Request } from '../../../../shared/api/partner-referrals/schemas-v1.js';
import type { ReferralV2Request } from '../../../../shared/api/partner-referrals/schemas-v2.js';
import { randomString } from '../../../../shared/ids.js';
import type { Account, PartnerLink } from '../../../store/repositories/accounts-repo.js';
import type { GroupDeps } from '../../group-deps.js';
import {
  type ApiError,
  detail,
  invalidRequest,
  notAuthorized,
  notFound,
  unprocessable,
} from '../../pipeline/api-error.js';
import { withQuery } from '../../pipeline/buyer-page.js';
import type { RequestContext } from '../../route.js';
import { createResource, refuseUnless, transition } from '../../transition.js';
import type { AccountsService } from '../accounts/index.js';
import {
  integrationId,
  type ReferralInternal,
  type StoredIntegration,
  type StoredReferral,
} from './types.js';
import { resourceEnvelope } from '../../../store/stored-resource.js';
import { keptV1, keptV2 } from './kept-referral.js';

/** A referral id (and the token its action URL carries), shaped like the platform's: base64 of a UUID and more. */
function newReferralId(): string {
  const raw = `${randomUUID()}${randomString('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789', 48)}`;
  return Buffer.from(raw)
    .toString('base64')
    .replace(/[^A-Za-z0-9]/g, '');
}

const ruleError = (problems: readonly RuleProblem[]): ApiError =>
  invalidRequest(
    ...problems.map((p) => detail(p.issue, { field: p.field, location: 'body', description: p.description })),
  );

/** What the onboarding page returns the seller's browser with (the platform's parameters, brand written Svc). */
export function returnParameters(
  trackingId: string | undefined,
  merchantId: string,
  granted: boolean,
): Record<string, string> {
  return {
    ...(trackingId ? { merchantId: trackingId } : {}),
    merchantIdInSvc: merchantId,
    permissionsGranted: String(granted),
    accountStatus: 'BUSINESS_ACCOUNT',
    consentStatus: String(granted),
    productIntentId: 'addipmt',
    isEmailConfirmed: 'true',
    riskStatus: 'SUBSCRIBED_WITH_ALL_FEATURES',
  };
}

export interface OnboardingResult {
  account: Account;
  integration: StoredIntegration;
  returnUrl?: string;
}

/**
 * Partner referrals v1 and v2 (spec 2.14, 4.11) and the seller's side of them: a referral is created by
 * the partner's app, and completed when a seller signs up (a new business account) or signs in and grants
 * the permissions the referral asks for. The seller then carries a partner link (its consent), and the
 * partner can act for it with `Svc-Auth-Assertion`.
 */
export class ReferralsService {
  constructor(
    private readonly deps: GroupDeps,
    private readonly accounts: AccountsService,
  ) {}

  createV1(request: ReferralV1Request, ctx: RequestContext): StoredReferral {
    const problems = referralV1Problems(request);
    if (problems.length > 0) throw ruleError(problems);
    request.requested_capabilities.forEach((capability, index) => {
      const partnerId = capability.api_integration_preference?.partner_id;
      if (partnerId !== undefined && partnerId !== ctx.app.merchant_id) {
        throw notAuthorized(
          detail('PARTNER_ID_MISMATCH', {
            field: `/requested_capabilities/${index}/api_integration_preference/partner_id`,
            value: partnerId,
            location: 'body',
            description: `Refer sellers to your own partner id, ${ctx.app.merchant_id}.`,
          }),
        );
      }
    });
    const shares = sharesData(request.collected_consents);
    const data = request.customer_data;
    const tracking = data.partner_specific_identifiers?.find((i) => i.type === 'TRACKING_ID')?.value;
    const returnUrl = request.web_experience_preference?.return_url;
    const businessName = data.business_details?.names?.[0]?.name;
    const country = data.business_details?.business_address?.country_code;
    return this.store('v1', keptV1(request), ctx, {
      ...(tracking ? { tracking_id: tracking } : {}),
      ...(returnUrl ? { return_url: returnUrl } : {}),
      products: [...request.products],
      capabilities: request.requested_capabilities.map((c) => c.capability),
      features: requestedFeaturesV1(request),
      ...(shares && data.person_details?.email_address ? { email: data.person_details.email_address } : {}),
      ...(shares && businessName ? { business_name: businessName } : {}),
      ...(shares && country ? { country_code: country } : {}),
      shares_data: shares,
    });
  }

  createV2(request: ReferralV2Request, ctx: RequestContext): StoredReferral {
    const problems = referralV2Problems(request);
    if (problems.length > 0) throw ruleError(problems);
    const shares = sharesData(request.legal_consents);
    const returnUrl = request.partner_config_override?.return_url;
    const businessName = request.business_entity?.names?.[0]?.business_name;
    return this.store('v2', keptV2(request), ctx, {
      ...(request.tracking_id ? { tracking_id: request.tracking_id } : {}),
      ...(returnUrl ? { return_url: returnUrl } : {}),
      products: [...(request.products ?? [])],
      capabilities: [...(request.capabilities ?? [])],
      features: requestedFeaturesV2(request),
      ...(shares && request.email ? { email: request.email } : {}),
      ...(shares && businessName ? { business_name: businessName } : {}),
      ...(shares && request.legal_country_code ? { country_code: request.legal_country_code } : {}),
      shares_data: shares,
    });
  }

  /** A referral of the calling app, by id (either version's read answers it). */
  get(id: string, ctx: RequestContext): StoredReferral {
    const referral = this.deps.store.resources.owned<StoredReferral>('partner-referral', id, ctx.app.id);
    if (!referral) throw notFound('partner referral', id, 'partner_referral_id');
    return referral;
  }

  /** The onboarding page finds a referral by its token alone (the seller has no app token). */
  find(id: string): StoredReferral | undefined {
    return this.deps.store.resources.get<StoredReferral['body'], StoredReferral['internal']>(
      'partner-referral',
      id,
    );
  }

  /**
   * The seller completes a referral: signs up (a new business account) or signs in (an existing one),
   * grants the permissions, and is linked to the partner with the referral's tracking id, products and
   * capabilities. Runs inside the caller's transaction.
   */
  onboard(referral: StoredReferral, form: OnboardRequest): OnboardingResult {
    refuseUnless(
      partnerReferralMachine,
      referral,
      'onboard',
      'A seller already onboarded through this referral.',
    );
    const internal = referral.internal;
    const at = this.deps.clock.nowIso();
    let account: Account;
    if (form.mode === 'SIGN_UP') {
      account = this.accounts.create({
        email: form.email,
        type: 'BUSINESS',
        business_name:
          form.business_name ?? internal.business_name ?? form.email.split('@')[0] ?? 'New seller',
        country_code: form.country_code ?? internal.country_code ?? 'US',
      });
    } else account = this.signInAccount(referral, form.email);
    const link: PartnerLink = {
      partner_id: internal.partner_id,
      partner_client_id: internal.partner_client_id,
      tracking_id: internal.tracking_id ?? '',
      referral_id: referral.id,
      products: internal.products,
      capabilities: internal.capabilities,
      features: internal.features,
      granted_at: at,
    };
    const linked: Account = {
      ...account,
      partners: [...(account.partners ?? []).filter((l) => l.partner_id !== internal.partner_id), link],
    };
    this.deps.store.accounts.upsert(linked);

    referral.internal.merchant_id = account.id;
    referral.body.referral_data = {
      ...referral.body.referral_data,
      legal_agreements: [
        { type: 'USER_AGREEMENT', major_version: '1', minor_version: '0', accepted_time: at },
      ],
    };
    transition(this.deps, partnerReferralMachine, referral, 'onboard', {
      note: `onboarded ${account.email}`,
    });
    const integration = this.integrate(referral, linked, at);
    return {
      account: linked,
      integration,
      ...(internal.return_url
        ? {
            returnUrl: withQuery(
              internal.return_url,
              returnParameters(internal.tracking_id, account.id, true),
            ),
          }
        : {}),
    };
  }

  /**
   * The existing business account a seller signs in with, or why it cannot connect through this referral
   * (422): unknown, personal, or the partner itself.
   */
  signInAccount(referral: StoredReferral, email: string): Account {
    const found = this.deps.store.accounts.byEmail(email);
    if (!found || found.type !== 'BUSINESS' || found.id === referral.internal.partner_id) {
      throw unprocessable(
        detail('PAYEE_ACCOUNT_INVALID', {
          field: '/email',
          value: email,
          location: 'body',
          description: !found
            ? `No sandbox account uses ${email}: sign up instead.`
            : found.type !== 'BUSINESS'
              ? `${email} is a personal account; a seller needs a business account.`
              : 'A partner cannot onboard itself as its own seller.',
        }),
      );
    }
    return found;
  }

  /** Where a seller who declines goes: back to the partner, nothing granted. */
  declineUrl(referral: StoredReferral): string | undefined {
    const url = referral.internal.return_url;
    if (!url) return undefined;
    const target = new URL(url);
    target.searchParams.set('permissionsGranted', 'false');
    target.searchParams.set('consentStatus', 'false');
    if (referral.internal.tracking_id) target.searchParams.set('merchantId', referral.internal.tracking_id);
    return target.toString();
  }

  private integrate(referral: StoredReferral, seller: Account, at: string): StoredIntegration {
    const id = integrationId(referral.internal.partner_id, seller.id);
    const existing = this.deps.store.resources.get<StoredIntegration['body'], StoredIntegration['internal']>(
      'merchant-integration',
      id,
    );
    if (existing) {
      existing.body.tracking_id = referral.internal.tracking_id ?? '';
      existing.body.partner_referral_id = referral.id;
      existing.body.partner_client_id = referral.internal.partner_client_id;
      transition(this.deps, merchantIntegrationMachine, existing, 'onboard-again', {
        note: `referral ${referral.id}`,
      });
      return existing;
    }
    const integration: StoredIntegration = {
      ...resourceEnvelope({
        kind: 'merchant-integration',
        id,
        app: referral.app_id,
        status: 'ACTIVE',
        parent: referral.id,
        at,
      }),
      body: {
        merchant_id: seller.id,
        tracking_id: referral.internal.tracking_id ?? '',
        partner_id: referral.internal.partner_id,
        partner_client_id: referral.internal.partner_client_id,
        partner_referral_id: referral.id,
        status: 'ACTIVE',
        create_time: at,
        update_time: at,
      },
      internal: {},
    };
    createResource(this.deps, merchantIntegrationMachine, integration, 'onboard');
    return integration;
  }

  private store(
    version: 'v1' | 'v2',
    data: Record<string, unknown>,
    ctx: RequestContext,
    internal: Omit<ReferralInternal, 'version' | 'partner_id' | 'partner_client_id'>,
  ): StoredReferral {
    const id = newReferralId();
    const at = this.deps.clock.nowIso();
    const referral: StoredReferral = {
      ...resourceEnvelope({ kind: 'partner-referral', id, app: ctx.app.id, status: 'CREATED', at }),
      body: {
        partner_referral_id: id,
        submitter_payer_id: ctx.app.merchant_id,
        submitter_client_id: ctx.app.client_id,
        referral_data: data,
      },
      internal: {
        version,
        partner_id: ctx.app.merchant_id,
        partner_client_id: ctx.app.client_id,
        ...internal,
      },
    };
    createResource(this.deps, partnerReferralMachine, referral, 'create');
    return referral;
  }
}
