import type { EventContribution } from '../../group-module.js';
import type { EventDraft, EventTypeDefinition, SampleContext } from '../../../webhooks/catalog.js';
import type { ResourceTransition } from '../../transition-bus.js';
import { isoSeconds } from '../../../clock.js';
import { SEED_BUYER, SEED_MERCHANT } from '../../../store/seed.js';
import {
  newOrderV1Id,
  newTransactionId,
  ORDER_V1_KIND,
  ORDER_V1_PAYMENT_KIND,
  type StoredOrderV1,
} from './types.js';
import { orderV1Links, orderV1View } from './views.js';
import { resourceEnvelope } from '../../../store/stored-resource.js';

/** A v1 order was paid (its purchase units captured or authorized). */
export const ORDER_V1_PROCESSED = 'CHECKOUT.ORDER.PROCESSED';

/** A paid SALE order of the seeded buyer for the simulator, rendered by the group's own view. */
function sample(context: SampleContext): Record<string, unknown> {
  const at = isoSeconds(context.now);
  const id = newOrderV1Id();
  const order: StoredOrderV1 = {
    ...resourceEnvelope({ kind: ORDER_V1_KIND, id, app: null, status: 'COMPLETED', at }),
    body: {
      id,
      intent: 'SALE',
      purchase_units: [
        {
          reference_id: 'default',
          description: 'Sample order',
          amount: { currency: 'USD', total: '30.00' },
          payee: { email: SEED_MERCHANT.email },
        },
      ],
      gross_total_amount: { currency: 'USD', value: '30.00' },
      status: 'COMPLETED',
      create_time: at,
      update_time: at,
    },
    internal: {
      merchant_id: SEED_MERCHANT.id,
      payees: [{ payee_id: SEED_MERCHANT.id }],
      payer: {
        email: SEED_BUYER.email,
        first_name: SEED_BUYER.name.given_name,
        last_name: SEED_BUYER.name.surname,
        payer_id: SEED_BUYER.id,
        country_code: SEED_BUYER.country_code,
      },
      disbursement_mode: 'INSTANT',
      payments: [
        {
          reference_id: 'default',
          transaction_id: newTransactionId(),
          payee_id: SEED_MERCHANT.id,
          gross_minor: '3000',
          fee_minor: '154',
          partner_fee_minor: '0',
          held: false,
        },
      ],
    },
  };
  return { ...orderV1View(order), links: orderV1Links(order, context.baseUrl) };
}

const TYPES: readonly EventTypeDefinition[] = [
  {
    name: ORDER_V1_PROCESSED,
    description:
      'A v1 order was paid: its purchase units were captured or authorized (Orders v1, deprecated).',
    resourceType: 'checkout-order',
    resourceVersions: ['1.0'],
    summary: (resource) => `Order ${String(resource.id ?? '')} processed`,
    sample: (_version, context) => sample(context),
  },
];

/** Orders v1 events: CHECKOUT.ORDER.PROCESSED when the pay record is created. */
export function orderV1Events(find: (id: string) => StoredOrderV1 | undefined): EventContribution {
  return {
    types: TYPES,
    map: (transition: ResourceTransition, baseUrl: string): EventDraft[] => {
      const { resource, from } = transition;
      if (resource.kind !== ORDER_V1_PAYMENT_KIND || from !== null || !resource.app_id) return [];
      const order = find(resource.id);
      if (!order) return [];
      return [
        {
          eventType: ORDER_V1_PROCESSED,
          resource: { ...orderV1View(order), links: orderV1Links(order, baseUrl) },
          resourceId: order.id,
          appId: resource.app_id,
        },
      ];
    },
  };
}
