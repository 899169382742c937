import type { EventContribution } from '../../group-module.js';
import type { EventDraft, EventTypeDefinition, SampleContext } from '../../../webhooks/catalog.js';
import type { ResourceTransition } from '../../transition-bus.js';
import { isoSeconds } from '../../../clock.js';
import { newCustomerId, newPaymentTokenId } from './ids.js';
import { PAYMENT_TOKEN_KIND, type StoredPaymentToken } from './types.js';
import { paymentTokenLinks } from './views.js';
import { resourceEnvelope } from '../../../store/stored-resource.js';

export const PAYMENT_TOKEN_CREATED = 'VAULT.PAYMENT-TOKEN.CREATED';
export const PAYMENT_TOKEN_DELETED = 'VAULT.PAYMENT-TOKEN.DELETED';

/** A vaulted Visa of a new customer, for the webhook simulator. */
function sampleToken(context: SampleContext, status: StoredPaymentToken['status']): Record<string, unknown> {
  const id = newPaymentTokenId();
  const at = isoSeconds(context.now);
  const token: StoredPaymentToken = {
    ...resourceEnvelope({ kind: PAYMENT_TOKEN_KIND, id, app: null, status, at }),
    body: {
      id,
      customer: { id: newCustomerId() },
      payment_source: {
        card: { name: 'Bailey Buyer', last_digits: '1111', brand: 'VISA', expiry: '2030-12' },
      },
    },
    internal: { merchant_id: '', source_kind: 'card' },
  };
  return { ...token.body, links: paymentTokenLinks(token, context.baseUrl) };
}

const TYPES: readonly EventTypeDefinition[] = [
  {
    name: PAYMENT_TOKEN_CREATED,
    description: 'A payment token was created: a payment method was saved in the vault.',
    resourceType: 'payment_token',
    resourceVersions: ['3.0'],
    summary: () => 'A payment token has been created.',
    sample: (_version, context) => sampleToken(context, 'VAULTED'),
  },
  {
    name: PAYMENT_TOKEN_DELETED,
    description: 'A payment token was deleted: the payment method left the vault.',
    resourceType: 'payment_token',
    resourceVersions: ['3.0'],
    summary: () => 'A payment token has been deleted.',
    sample: (_version, context) => sampleToken(context, 'DELETED'),
  },
];

/** Payment token events: created (any way a token comes to be) and deleted. */
export function vaultEvents(
  present: (token: StoredPaymentToken, baseUrl: string) => Record<string, unknown>,
): EventContribution {
  return {
    types: TYPES,
    map: ({ resource, trigger }: ResourceTransition, baseUrl: string): EventDraft[] => {
      if (resource.kind !== PAYMENT_TOKEN_KIND || !resource.app_id) return [];
      const eventType =
        trigger === 'create'
          ? PAYMENT_TOKEN_CREATED
          : trigger === 'delete'
            ? PAYMENT_TOKEN_DELETED
            : undefined;
      if (!eventType) return [];
      return [
        {
          eventType,
          resource: present(resource as StoredPaymentToken, baseUrl),
          resourceId: resource.id,
          appId: resource.app_id,
        },
      ];
    },
  };
}
