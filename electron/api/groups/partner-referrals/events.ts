import { randomString } from '../../../../shared/ids.js';
import type { EventDraft, EventTypeDefinition } from '../../../webhooks/catalog.js';
import type { EventContribution } from '../../group-module.js';
import type { ResourceTransition } from '../../transition-bus.js';
import type { StoredIntegration, StoredReferral } from './types.js';

export const SELLER_CONSENT_GRANTED = 'CUSTOMER.MERCHANT-INTEGRATION.SELLER-CONSENT-GRANTED';
export const ONBOARDING_COMPLETED = 'MERCHANT.ONBOARDING.COMPLETED';
export const PARTNER_CONSENT_REVOKED = 'MERCHANT.PARTNER-CONSENT.REVOKED';

const VERSIONS = ['1.0', '2.0'] as const;
const merchantOf = (r: Record<string, unknown>): string => String(r.merchant_id ?? '');

/** The resource of the three events, as the platform sends it: the seller, the partner, a link to its status. */
function sellerResource(
  partnerId: string,
  partnerClientId: string,
  merchantId: string,
  trackingId: string,
  baseUrl: string,
): Record<string, unknown> {
  return {
    partner_client_id: partnerClientId,
    merchant_id: merchantId,
    ...(trackingId ? { tracking_id: trackingId } : {}),
    links: [
      {
        href: `${baseUrl}/v1/customer/partners/${partnerId}/merchant-integrations/${merchantId}`,
        rel: 'self',
        method: 'GET',
        description: 'Get the merchant status information of merchants onboarded by this partner',
      },
    ],
  };
}

const sample = (trackingId: boolean) => (_version: string, context: { baseUrl: string }) =>
  sellerResource(
    randomString('ABCDEFGHJKLMNPQRSTUVWXYZ23456789', 13),
    `A${randomString('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789', 79)}`,
    randomString('ABCDEFGHJKLMNPQRSTUVWXYZ23456789', 13),
    trackingId ? 'seller-0001' : '',
    context.baseUrl,
  );

const TYPES: readonly EventTypeDefinition[] = [
  {
    name: SELLER_CONSENT_GRANTED,
    description: 'A seller completed a partner referral and granted the partner its permissions.',
    resourceType: 'merchant-integration',
    resourceVersions: VERSIONS,
    summary: (r) => `The seller ${merchantOf(r)} granted consent to the partner`,
    sample: sample(true),
  },
  {
    name: ONBOARDING_COMPLETED,
    description: 'A merchant completed setup through a partner referral.',
    resourceType: 'merchant-onboarding',
    resourceVersions: VERSIONS,
    summary: (r) => `Merchant ${merchantOf(r)} completed onboarding`,
    sample: sample(true),
  },
  {
    name: PARTNER_CONSENT_REVOKED,
    description: 'A merchant revoked the consents it gave the partner (or closed its account).',
    resourceType: 'partner-consent',
    resourceVersions: VERSIONS,
    summary: (r) => `Merchant ${merchantOf(r)} revoked the consents for the partner`,
    sample: sample(true),
  },
];

/** A completed referral, an integration onboarded (again) or revoked: each is the partner's event. */
function partnerEvents(transition: ResourceTransition, baseUrl: string): EventDraft[] {
  const { resource, trigger } = transition;
  if (!resource.app_id) return [];
  const appId = resource.app_id;
  if (resource.kind === 'partner-referral' && trigger === 'onboard') {
    const referral = resource as StoredReferral;
    const internal = referral.internal;
    return [
      {
        eventType: SELLER_CONSENT_GRANTED,
        resource: sellerResource(
          internal.partner_id,
          internal.partner_client_id,
          internal.merchant_id ?? '',
          internal.tracking_id ?? '',
          baseUrl,
        ),
        resourceId: referral.id,
        appId,
      },
    ];
  }
  if (resource.kind !== 'merchant-integration') return [];
  const integration = resource as StoredIntegration;
  const type =
    trigger === 'revoke'
      ? PARTNER_CONSENT_REVOKED
      : trigger === 'onboard' || trigger === 'onboard-again'
        ? ONBOARDING_COMPLETED
        : undefined;
  if (!type) return [];
  const body = integration.body;
  return [
    {
      eventType: type,
      resource: sellerResource(
        body.partner_id,
        body.partner_client_id,
        body.merchant_id,
        body.tracking_id,
        baseUrl,
      ),
      resourceId: integration.id,
      appId,
    },
  ];
}

export const PARTNER_EVENTS: EventContribution = { types: TYPES, map: partnerEvents };
