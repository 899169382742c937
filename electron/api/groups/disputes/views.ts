import {
  DISPUTE_STATE_FACTS,
  disputeMachine,
  type DisputeState,
} from '../../../../shared/api/disputes/index.js';
import { legalTriggers } from '../../../../shared/machines/machine.js';
import { fromMinor } from '../../../../shared/money.js';
import { defineResourceKind } from '../../group-module.js';
import { link, type Link } from '../../pipeline/links.js';
import { DISPUTE_ROOT_KINDS } from './ports.js';
import type { DisputeDocument, StoredDispute } from './types.js';

export const DISPUTES_PATH = '/v1/customer/disputes';

/** The action links the platform gives by state: one per action the machine allows now. */
const ACTION_RELS: readonly [trigger: string, rel: string, path: string][] = [
  ['accept-claim', 'accept_claim', 'accept-claim'],
  ['provide-evidence', 'provide_evidence', 'provide-evidence'],
  ['make-offer', 'make_offer', 'make-offer'],
  ['send-message', 'send_message', 'send-message'],
  ['escalate', 'escalate', 'escalate'],
  ['acknowledge-return-item', 'acknowledge_return_item', 'acknowledge-return-item'],
  ['provide-supporting-info', 'provide_supporting_info', 'provide-supporting-info'],
  ['appeal', 'appeal', 'appeal'],
  ['accept-offer', 'accept_offer', 'accept-offer'],
  ['deny-offer', 'deny_offer', 'deny-offer'],
  ['require-evidence', 'require_evidence', 'require-evidence'],
  ['adjudicate', 'adjudicate', 'adjudicate'],
];

export function disputeLinks(dispute: StoredDispute, base: string): Link[] {
  const path = `${DISPUTES_PATH}/${dispute.id}`;
  const legal = new Set<string>(legalTriggers(disputeMachine, dispute.status));
  const links = [link(base, path, 'self')];
  for (const [trigger, rel, segment] of ACTION_RELS)
    if (legal.has(trigger)) links.push(link(base, `${path}/${segment}`, rel, 'POST'));
  return links;
}

/** The stage a state shows: its own, or (resolved, returning) the stage the dispute reached. */
export const stageOf = (dispute: StoredDispute) =>
  DISPUTE_STATE_FACTS[dispute.status].stage ?? dispute.body.dispute_life_cycle_stage;

/** The response options the platform offers the seller now (`allowed_response_options`). */
function allowedResponseOptions(dispute: StoredDispute): Record<string, unknown> | undefined {
  const legal = new Set<string>(legalTriggers(disputeMachine, dispute.status));
  const options: Record<string, unknown> = {};
  const notAsDescribed = dispute.body.reason === 'MERCHANDISE_OR_SERVICE_NOT_AS_DESCRIBED';
  if (legal.has('accept-claim'))
    options.accept_claim = {
      accept_claim_types: notAsDescribed
        ? ['REFUND', 'REFUND_WITH_RETURN', 'PARTIAL_REFUND']
        : ['REFUND', 'PARTIAL_REFUND'],
    };
  if (legal.has('make-offer'))
    options.make_offer = {
      offer_types: notAsDescribed
        ? ['REFUND', 'REFUND_WITH_RETURN', 'REFUND_WITH_REPLACEMENT']
        : ['REFUND', 'REFUND_WITH_REPLACEMENT', 'REPLACEMENT_WITHOUT_REFUND'],
    };
  if (legal.has('acknowledge-return-item'))
    options.acknowledge_return_item = {
      acknowledgement_types: [
        'ITEM_RECEIVED',
        'ITEM_NOT_RECEIVED',
        'DAMAGED',
        'EMPTY_PACKAGE_OR_DIFFERENT',
        'MISSING_ITEMS',
      ],
    };
  return Object.keys(options).length > 0 ? options : undefined;
}

/** A document as the API shows it: its name and the url that downloads it (with the API's authentication). */
function shownDocuments(
  documents: readonly DisputeDocument[] | undefined,
  dispute: StoredDispute,
  base: string,
): { name: string; url?: string }[] | undefined {
  return documents?.map(({ name, document_id }) =>
    document_id ? { name, url: `${base}${DISPUTES_PATH}/${dispute.id}/documents/${document_id}` } : { name },
  );
}

/** Entries (messages, evidences, supporting info) with their documents as the API shows them. */
function withDocuments<T extends { documents?: DisputeDocument[] }>(
  entries: readonly T[],
  dispute: StoredDispute,
  base: string,
): T[] {
  return entries.map((entry) =>
    entry.documents ? { ...entry, documents: shownDocuments(entry.documents, dispute, base) } : entry,
  );
}

/** The whole dispute as the platform shows it (without links). */
export function disputeView(dispute: StoredDispute, base: string): Record<string, unknown> {
  const facts = DISPUTE_STATE_FACTS[dispute.status as DisputeState];
  const body = dispute.body;
  const options = allowedResponseOptions(dispute);
  const refundable = BigInt(dispute.internal.amount_minor) - BigInt(dispute.internal.refunded_minor);
  return {
    dispute_id: body.dispute_id,
    create_time: body.create_time,
    update_time: body.update_time,
    disputed_transactions: body.disputed_transactions,
    reason: body.reason,
    status: facts.status,
    dispute_state: facts.disputeState,
    dispute_amount: body.dispute_amount,
    ...(body.dispute_outcome ? { dispute_outcome: body.dispute_outcome } : {}),
    ...(body.adjudications?.length ? { adjudications: body.adjudications } : {}),
    ...(body.money_movements?.length ? { money_movements: body.money_movements } : {}),
    dispute_life_cycle_stage: stageOf(dispute),
    dispute_channel: body.dispute_channel,
    ...(body.messages?.length ? { messages: withDocuments(body.messages, dispute, base) } : {}),
    ...(body.evidences?.length ? { evidences: withDocuments(body.evidences, dispute, base) } : {}),
    ...(body.supporting_info?.length
      ? { supporting_info: withDocuments(body.supporting_info, dispute, base) }
      : {}),
    ...(body.offer ? { offer: body.offer } : {}),
    ...(body.buyer_response_due_date ? { buyer_response_due_date: body.buyer_response_due_date } : {}),
    ...(body.seller_response_due_date ? { seller_response_due_date: body.seller_response_due_date } : {}),
    ...(facts.status !== 'RESOLVED'
      ? {
          refund_details: {
            allowed_refund_amount: {
              currency_code: dispute.internal.currency,
              value: fromMinor(refundable, dispute.internal.currency),
            },
          },
        }
      : {}),
    ...(body.communication_details ? { communication_details: body.communication_details } : {}),
    ...(options ? { allowed_response_options: options } : {}),
  };
}

/** The summary the list shows (`dispute_info`), with its self link. */
export function disputeSummary(dispute: StoredDispute, base: string): Record<string, unknown> {
  const facts = DISPUTE_STATE_FACTS[dispute.status];
  const body = dispute.body;
  return {
    dispute_id: body.dispute_id,
    create_time: body.create_time,
    update_time: body.update_time,
    reason: body.reason,
    status: facts.status,
    dispute_state: facts.disputeState,
    dispute_amount: body.dispute_amount,
    dispute_life_cycle_stage: stageOf(dispute),
    dispute_channel: body.dispute_channel,
    ...(body.buyer_response_due_date ? { buyer_response_due_date: body.buyer_response_due_date } : {}),
    ...(body.seller_response_due_date ? { seller_response_due_date: body.seller_response_due_date } : {}),
    links: [link(base, `${DISPUTES_PATH}/${dispute.id}`, 'self')],
  };
}

/**
 * A dispute belongs to its transaction's lineage: the v2 order a capture was paid through, or the v1
 * payment of a sale or capture, is its root.
 */
export const DISPUTE_RESOURCE_KINDS = [
  defineResourceKind<StoredDispute>({
    kind: 'dispute',
    machine: disputeMachine,
    view: (dispute, base) => disputeView(dispute, base),
    links: disputeLinks,
    summary: (dispute) => ({ amount: { ...dispute.body.dispute_amount } }),
    rootKind: DISPUTE_ROOT_KINDS,
  }),
];
