import { defineMachine } from '../../machines/machine.js';

export type ReferralStatus = 'CREATED' | 'COMPLETED';
export type ReferralTrigger = 'create' | 'onboard';

/** A partner referral: created by the partner, completed once a seller onboards through its action URL. */
export const partnerReferralMachine = defineMachine<ReferralStatus, ReferralTrigger>({
  resource: 'partner-referral',
  states: {
    CREATED: 'Created; the action URL waits for the seller.',
    COMPLETED: 'A seller signed up or signed in and granted the permissions.',
  },
  transitions: [
    { trigger: 'create', from: [], to: 'CREATED', label: 'Create referral' },
    { trigger: 'onboard', from: ['CREATED'], to: 'COMPLETED', label: 'Seller onboards' },
  ],
  refusals: { onboard: { issue: 'REFERRAL_ALREADY_COMPLETED' } },
});

export type IntegrationStatus = 'ACTIVE' | 'REVOKED';
export type IntegrationTrigger = 'onboard' | 'onboard-again' | 'revoke';

/** A seller's integration with a partner: active from onboarding until the seller revokes its consent. */
export const merchantIntegrationMachine = defineMachine<IntegrationStatus, IntegrationTrigger>({
  resource: 'merchant-integration',
  states: {
    ACTIVE: 'The seller granted the partner its permissions.',
    REVOKED: 'The seller revoked the consent; the partner can no longer act for it.',
  },
  transitions: [
    { trigger: 'onboard', from: [], to: 'ACTIVE', label: 'Seller onboards' },
    { trigger: 'revoke', from: ['ACTIVE'], to: 'REVOKED', label: 'Revoke consent' },
    // Another referral completed by the same seller: new permissions, consent granted again.
    { trigger: 'onboard-again', from: ['ACTIVE', 'REVOKED'], to: 'ACTIVE', label: 'Seller onboards again' },
  ],
  refusals: { revoke: { issue: 'CONSENT_ALREADY_REVOKED' } },
});
