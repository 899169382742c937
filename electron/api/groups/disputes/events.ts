import { DISPUTE_STATE_FACTS, type DisputeState } from '../../../../shared/api/disputes/index.js';
import { newCaptureId } from '../../../../shared/ids.js';
import { isoSeconds, DAY } from '../../../clock.js';
import type { EventDraft, EventTypeDefinition, SampleContext } from '../../../webhooks/catalog.js';
import type { EventContribution } from '../../group-module.js';
import type { ResourceTransition } from '../../transition-bus.js';
import { newDisputeId } from './opening.js';
import type { StoredDispute } from './types.js';
import { newDispute } from './new-dispute.js';
import { disputeLinks, disputeView } from './views.js';

export const DISPUTE_CREATED = 'CUSTOMER.DISPUTE.CREATED';
export const DISPUTE_UPDATED = 'CUSTOMER.DISPUTE.UPDATED';
export const DISPUTE_RESOLVED = 'CUSTOMER.DISPUTE.RESOLVED';

/** A dispute as an event carries it: the whole resource with its links. */
const eventBody = (dispute: StoredDispute, baseUrl: string): Record<string, unknown> => ({
  ...disputeView(dispute, baseUrl),
  links: disputeLinks(dispute, baseUrl),
});

/** A realistic dispute for the event simulator, in `state`. */
function sampleDispute(context: SampleContext, state: DisputeState): Record<string, unknown> {
  const at = isoSeconds(context.now);
  const id = newDisputeId();
  const captureId = newCaptureId();
  const amount = { currency_code: 'USD', value: '25.00' };
  const resolved = DISPUTE_STATE_FACTS[state].status === 'RESOLVED';
  const dispute = newDispute({
    id,
    at,
    appId: null,
    rootId: null,
    state,
    transaction: {
      seller_transaction_id: captureId,
      create_time: at,
      transaction_status: 'COMPLETED',
      gross_amount: amount,
      seller: { merchant_id: 'SAMPLEMERCHANT' },
    },
    reason: 'MERCHANDISE_OR_SERVICE_NOT_RECEIVED',
    amount,
    amountMinor: 2500n,
    merchantId: 'SAMPLEMERCHANT',
    holdTransactionId: 'SAMPLE',
    refundedMinor: resolved ? 2500n : 0n,
    body: resolved
      ? { dispute_outcome: { outcome_code: 'RESOLVED_BUYER_FAVOUR', amount_refunded: amount } }
      : { seller_response_due_date: isoSeconds(context.now + 20 * DAY) },
  });
  return eventBody(dispute, context.baseUrl);
}

const amountText = (r: Record<string, unknown>): string => {
  const amount = r.dispute_amount as { value?: string; currency_code?: string } | undefined;
  return amount?.value && amount.currency_code ? `${amount.value} ${amount.currency_code}` : 'an amount';
};

const DISPUTE_EVENT_TYPES: readonly EventTypeDefinition[] = [
  {
    name: DISPUTE_CREATED,
    description: 'A dispute was created.',
    resourceType: 'dispute',
    resourceVersions: ['1.0'],
    summary: (r) => `A new dispute opened with Case # ${String(r.dispute_id)} for ${amountText(r)}`,
    sample: (_v, context) => sampleDispute(context, 'INQUIRY_WAITING_FOR_SELLER_RESPONSE'),
  },
  {
    name: DISPUTE_UPDATED,
    description: 'A dispute was updated.',
    resourceType: 'dispute',
    resourceVersions: ['1.0'],
    summary: (r) => `A dispute was updated with Case # ${String(r.dispute_id)}`,
    sample: (_v, context) => sampleDispute(context, 'INQUIRY_WAITING_FOR_BUYER_RESPONSE'),
  },
  {
    name: DISPUTE_RESOLVED,
    description: 'A dispute was resolved.',
    resourceType: 'dispute',
    resourceVersions: ['1.0'],
    summary: (r) => `A dispute was resolved with Case # ${String(r.dispute_id)}`,
    sample: (_v, context) => sampleDispute(context, 'RESOLVED'),
  },
];

/** Opened: CREATED; a decision (the status becomes RESOLVED): RESOLVED; any other move: UPDATED. */
function disputeEvents(transition: ResourceTransition, baseUrl: string): EventDraft[] {
  const { resource } = transition;
  if (resource.kind !== 'dispute' || !resource.app_id) return [];
  const dispute = resource as StoredDispute;
  const statusOf = (state: string) => DISPUTE_STATE_FACTS[state as DisputeState].status;
  const type =
    transition.from === null
      ? DISPUTE_CREATED
      : statusOf(dispute.status) === 'RESOLVED' && statusOf(transition.from) !== 'RESOLVED'
        ? DISPUTE_RESOLVED
        : DISPUTE_UPDATED;
  return [
    {
      eventType: type,
      resource: eventBody(dispute, baseUrl),
      resourceId: dispute.id,
      appId: resource.app_id,
    },
  ];
}

export const DISPUTE_EVENTS: EventContribution = { types: DISPUTE_EVENT_TYPES, map: disputeEvents };
