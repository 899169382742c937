import { randomUUID } from 'node:crypto';
import type { EventTypeDefinition } from '../../../webhooks/catalog.js';
import type { EventContribution } from '../../group-module.js';
import { isoSeconds } from '../../../clock.js';

export const IDENTITY_CONSENT_REVOKED = 'IDENTITY.AUTHORIZATION-CONSENT.REVOKED';

/**
 * The identity change the platform announces: a user revoked the consent it gave an app (Log in with
 * the platform). SCIM user changes are announced by no event on the platform, so none here. The sandbox
 * issues no user consent (client credentials only; spec 5.8), so only the simulator sends this event;
 * it is listed so a listener can subscribe to it and test its handling.
 */
const CONSENT_REVOKED: EventTypeDefinition = {
  name: IDENTITY_CONSENT_REVOKED,
  description: "A user's consent token for an app was revoked.",
  resourceType: 'consent',
  resourceVersions: ['1.0'],
  summary: () => 'A user consent token was revoked',
  sample: (_version, context) => {
    const sub = randomUUID().replaceAll('-', '');
    return {
      user_id: `${context.baseUrl}/webapps/auth/identity/user/${sub}`,
      client_id: `A${randomUUID().replaceAll('-', '').toUpperCase()}`,
      revoke_time: isoSeconds(context.now),
      links: [],
    };
  },
};

export const IDENTITY_EVENTS: EventContribution = {
  types: [CONSENT_REVOKED],
  map: () => [],
};
