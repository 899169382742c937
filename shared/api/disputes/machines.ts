import { defineMachine, type Transition } from '../../machines/machine.js';

/**
 * A customer dispute's life cycle as one machine. The platform shows two coordinates, the
 * `dispute_life_cycle_stage` (INQUIRY -> CHARGEBACK -> PRE_ARBITRATION -> ARBITRATION) and the `status`
 * (who must act); a state here is one pair of them, so the machine alone says which action is legal
 * (an offer only in an inquiry, an appeal only after a decision against the seller).
 */
export type DisputeState =
  | 'INQUIRY_WAITING_FOR_SELLER_RESPONSE'
  | 'INQUIRY_WAITING_FOR_BUYER_RESPONSE'
  | 'CHARGEBACK_WAITING_FOR_SELLER_RESPONSE'
  | 'CHARGEBACK_WAITING_FOR_BUYER_RESPONSE'
  | 'CHARGEBACK_UNDER_REVIEW'
  | 'RETURN_WAITING_FOR_SELLER_RESPONSE'
  | 'CHARGEBACK_RESOLVED_APPEALABLE'
  | 'PRE_ARBITRATION_UNDER_REVIEW'
  | 'PRE_ARBITRATION_RESOLVED_APPEALABLE'
  | 'ARBITRATION_UNDER_REVIEW'
  | 'RESOLVED';

/**
 * Triggers a caller asks for (each has a refusal), and the system's own: the variants an operation picks
 * by its input (an offer with a return, a decision for the buyer) and the clock's due dates.
 */
export type DisputeTrigger =
  | 'open'
  | 'open-claim'
  | 'update'
  | 'send-message'
  | 'make-offer'
  | 'accept-offer'
  | 'accept-return-offer'
  | 'deny-offer'
  | 'provide-evidence'
  | 'escalate'
  | 'accept-claim'
  | 'accept-claim-with-return'
  | 'acknowledge-return-item'
  | 'report-return-problem'
  | 'provide-supporting-info'
  | 'require-evidence'
  | 'require-buyer-evidence'
  | 'adjudicate'
  | 'adjudicate-for-buyer'
  | 'appeal'
  | 'seller-response-due'
  | 'buyer-response-due'
  | 'appeal-period-ends';

export type DisputeStatus =
  'WAITING_FOR_SELLER_RESPONSE' | 'WAITING_FOR_BUYER_RESPONSE' | 'UNDER_REVIEW' | 'RESOLVED';
export type DisputeLifeCycleStage = 'INQUIRY' | 'CHARGEBACK' | 'PRE_ARBITRATION' | 'ARBITRATION';
export type DisputeStateFilter =
  | 'OPEN_INQUIRIES'
  | 'REQUIRED_ACTION'
  | 'REQUIRED_OTHER_PARTY_ACTION'
  | 'UNDER_PAYPAL_REVIEW'
  | 'APPEALABLE'
  | 'RESOLVED';

/** What the platform shows of a state: its status, its stage (null: the stage it ended in), its dispute_state. */
export interface DisputeStateFacts {
  status: DisputeStatus;
  stage: DisputeLifeCycleStage | null;
  disputeState: DisputeStateFilter;
  /** Whose move it is now, for the queue and the due-date job. */
  waitingFor: 'SELLER' | 'BUYER' | 'PLATFORM' | null;
}

export const DISPUTE_STATE_FACTS: Readonly<Record<DisputeState, DisputeStateFacts>> = {
  INQUIRY_WAITING_FOR_SELLER_RESPONSE: {
    status: 'WAITING_FOR_SELLER_RESPONSE',
    stage: 'INQUIRY',
    disputeState: 'REQUIRED_ACTION',
    waitingFor: 'SELLER',
  },
  INQUIRY_WAITING_FOR_BUYER_RESPONSE: {
    status: 'WAITING_FOR_BUYER_RESPONSE',
    stage: 'INQUIRY',
    disputeState: 'REQUIRED_OTHER_PARTY_ACTION',
    waitingFor: 'BUYER',
  },
  CHARGEBACK_WAITING_FOR_SELLER_RESPONSE: {
    status: 'WAITING_FOR_SELLER_RESPONSE',
    stage: 'CHARGEBACK',
    disputeState: 'REQUIRED_ACTION',
    waitingFor: 'SELLER',
  },
  CHARGEBACK_WAITING_FOR_BUYER_RESPONSE: {
    status: 'WAITING_FOR_BUYER_RESPONSE',
    stage: 'CHARGEBACK',
    disputeState: 'REQUIRED_OTHER_PARTY_ACTION',
    waitingFor: 'BUYER',
  },
  CHARGEBACK_UNDER_REVIEW: {
    status: 'UNDER_REVIEW',
    stage: 'CHARGEBACK',
    disputeState: 'UNDER_PAYPAL_REVIEW',
    waitingFor: 'PLATFORM',
  },
  RETURN_WAITING_FOR_SELLER_RESPONSE: {
    status: 'WAITING_FOR_SELLER_RESPONSE',
    stage: null,
    disputeState: 'REQUIRED_ACTION',
    waitingFor: 'SELLER',
  },
  CHARGEBACK_RESOLVED_APPEALABLE: {
    status: 'RESOLVED',
    stage: 'CHARGEBACK',
    disputeState: 'APPEALABLE',
    waitingFor: 'SELLER',
  },
  PRE_ARBITRATION_UNDER_REVIEW: {
    status: 'UNDER_REVIEW',
    stage: 'PRE_ARBITRATION',
    disputeState: 'UNDER_PAYPAL_REVIEW',
    waitingFor: 'PLATFORM',
  },
  PRE_ARBITRATION_RESOLVED_APPEALABLE: {
    status: 'RESOLVED',
    stage: 'PRE_ARBITRATION',
    disputeState: 'APPEALABLE',
    waitingFor: 'SELLER',
  },
  ARBITRATION_UNDER_REVIEW: {
    status: 'UNDER_REVIEW',
    stage: 'ARBITRATION',
    disputeState: 'UNDER_PAYPAL_REVIEW',
    waitingFor: 'PLATFORM',
  },
  RESOLVED: { status: 'RESOLVED', stage: null, disputeState: 'RESOLVED', waitingFor: null },
};

export const DISPUTE_STATES = Object.keys(DISPUTE_STATE_FACTS) as DisputeState[];

/** The machine states a `dispute_state` filter value stands for. */
export function statesOf(filter: DisputeStateFilter): DisputeState[] {
  if (filter === 'OPEN_INQUIRIES')
    return DISPUTE_STATES.filter((s) => DISPUTE_STATE_FACTS[s].stage === 'INQUIRY');
  return DISPUTE_STATES.filter((s) => DISPUTE_STATE_FACTS[s].disputeState === filter);
}

/** A dispute is settled money-wise once its status is RESOLVED (an appealable one included). */
export const isResolvedState = (state: DisputeState): boolean =>
  DISPUTE_STATE_FACTS[state].status === 'RESOLVED';

type Move = Transition<DisputeState, DisputeTrigger>;
/** A trigger that keeps the dispute where it is (a message, supporting info), from each of `states`. */
const stays = (trigger: DisputeTrigger, states: readonly DisputeState[], label: string): Move[] =>
  states.map((state) => ({ trigger, from: [state], to: state, label }));

const INQUIRY_OPEN: DisputeState[] = [
  'INQUIRY_WAITING_FOR_SELLER_RESPONSE',
  'INQUIRY_WAITING_FOR_BUYER_RESPONSE',
];
const CLAIM_OPEN: DisputeState[] = [
  'CHARGEBACK_WAITING_FOR_SELLER_RESPONSE',
  'CHARGEBACK_WAITING_FOR_BUYER_RESPONSE',
  'CHARGEBACK_UNDER_REVIEW',
];
const UNDER_REVIEW: DisputeState[] = [
  'CHARGEBACK_UNDER_REVIEW',
  'PRE_ARBITRATION_UNDER_REVIEW',
  'ARBITRATION_UNDER_REVIEW',
];
const NOT_RESOLVED = DISPUTE_STATES.filter((s) => !isResolvedState(s));

/** The customer dispute (Customer Disputes v1): how a buyer's complaint moves to its outcome. */
export const disputeMachine = defineMachine<DisputeState, DisputeTrigger>({
  resource: 'dispute',
  states: {
    INQUIRY_WAITING_FOR_SELLER_RESPONSE:
      'Inquiry: the buyer opened it; the seller answers (offer, evidence, message or acceptance) by the due date.',
    INQUIRY_WAITING_FOR_BUYER_RESPONSE:
      'Inquiry: the seller answered; the buyer accepts or denies the offer, or escalates, by the due date.',
    CHARGEBACK_WAITING_FOR_SELLER_RESPONSE:
      'Claim: escalated to the platform; the seller provides evidence by the due date or the buyer wins.',
    CHARGEBACK_WAITING_FOR_BUYER_RESPONSE:
      'Claim: the platform asked the buyer for evidence; then it reviews the case again.',
    CHARGEBACK_UNDER_REVIEW: 'Claim under the platform review: it decides for the buyer or the seller.',
    RETURN_WAITING_FOR_SELLER_RESPONSE:
      'A refund with return was agreed: the seller acknowledges the returned item by the due date.',
    CHARGEBACK_RESOLVED_APPEALABLE:
      'Decided for the buyer (refunded); the seller may appeal by the due date.',
    PRE_ARBITRATION_UNDER_REVIEW: 'Appealed: the platform reviews the case again.',
    PRE_ARBITRATION_RESOLVED_APPEALABLE:
      'The appeal was decided for the buyer; the seller may take it to arbitration by the due date.',
    ARBITRATION_UNDER_REVIEW: 'Arbitration: the last review; its decision is final.',
    RESOLVED: 'Closed, with its outcome; no action is possible any more.',
  },
  transitions: [
    { trigger: 'open', from: [], to: 'INQUIRY_WAITING_FOR_SELLER_RESPONSE', label: 'Buyer opens an inquiry' },
    {
      trigger: 'open-claim',
      from: [],
      to: 'CHARGEBACK_WAITING_FOR_SELLER_RESPONSE',
      label: 'Buyer opens a claim',
    },
    ...stays('update', NOT_RESOLVED, 'Update communication details'),
    ...stays('send-message', INQUIRY_OPEN, 'Send message'),
    {
      trigger: 'make-offer',
      from: ['INQUIRY_WAITING_FOR_SELLER_RESPONSE'],
      to: 'INQUIRY_WAITING_FOR_BUYER_RESPONSE',
      label: 'Make offer',
    },
    {
      trigger: 'accept-offer',
      from: ['INQUIRY_WAITING_FOR_BUYER_RESPONSE'],
      to: 'RESOLVED',
      label: 'Buyer accepts offer',
    },
    {
      trigger: 'accept-return-offer',
      from: ['INQUIRY_WAITING_FOR_BUYER_RESPONSE'],
      to: 'RETURN_WAITING_FOR_SELLER_RESPONSE',
      label: 'Buyer accepts offer, returns the item',
    },
    {
      trigger: 'deny-offer',
      from: ['INQUIRY_WAITING_FOR_BUYER_RESPONSE'],
      to: 'INQUIRY_WAITING_FOR_SELLER_RESPONSE',
      label: 'Buyer denies offer',
    },
    {
      trigger: 'provide-evidence',
      from: ['INQUIRY_WAITING_FOR_SELLER_RESPONSE'],
      to: 'INQUIRY_WAITING_FOR_BUYER_RESPONSE',
      label: 'Provide evidence',
    },
    {
      trigger: 'provide-evidence',
      from: ['CHARGEBACK_WAITING_FOR_SELLER_RESPONSE'],
      to: 'CHARGEBACK_UNDER_REVIEW',
      label: 'Provide evidence',
    },
    {
      trigger: 'escalate',
      from: INQUIRY_OPEN,
      to: 'CHARGEBACK_WAITING_FOR_SELLER_RESPONSE',
      label: 'Escalate to claim',
    },
    {
      trigger: 'accept-claim',
      from: [...INQUIRY_OPEN, ...CLAIM_OPEN],
      to: 'RESOLVED',
      label: 'Accept claim',
    },
    {
      trigger: 'accept-claim-with-return',
      from: [...INQUIRY_OPEN, ...CLAIM_OPEN],
      to: 'RETURN_WAITING_FOR_SELLER_RESPONSE',
      label: 'Accept claim, item to be returned',
    },
    {
      trigger: 'acknowledge-return-item',
      from: ['RETURN_WAITING_FOR_SELLER_RESPONSE'],
      to: 'RESOLVED',
      label: 'Acknowledge returned item',
    },
    {
      trigger: 'report-return-problem',
      from: ['RETURN_WAITING_FOR_SELLER_RESPONSE'],
      to: 'CHARGEBACK_UNDER_REVIEW',
      label: 'Return not as expected: platform reviews',
    },
    ...stays(
      'provide-supporting-info',
      [...CLAIM_OPEN, 'PRE_ARBITRATION_UNDER_REVIEW', 'ARBITRATION_UNDER_REVIEW'],
      'Provide supporting info',
    ),
    {
      trigger: 'require-evidence',
      from: ['CHARGEBACK_UNDER_REVIEW'],
      to: 'CHARGEBACK_WAITING_FOR_SELLER_RESPONSE',
      label: 'Require evidence (sandbox)',
    },
    {
      trigger: 'require-buyer-evidence',
      from: ['CHARGEBACK_UNDER_REVIEW'],
      to: 'CHARGEBACK_WAITING_FOR_BUYER_RESPONSE',
      label: 'Require buyer evidence (sandbox)',
    },
    { trigger: 'adjudicate', from: UNDER_REVIEW, to: 'RESOLVED', label: 'Adjudicate (sandbox)' },
    {
      trigger: 'adjudicate-for-buyer',
      from: ['CHARGEBACK_UNDER_REVIEW'],
      to: 'CHARGEBACK_RESOLVED_APPEALABLE',
      label: 'Decided for the buyer',
    },
    {
      trigger: 'adjudicate-for-buyer',
      from: ['PRE_ARBITRATION_UNDER_REVIEW'],
      to: 'PRE_ARBITRATION_RESOLVED_APPEALABLE',
      label: 'Decided for the buyer',
    },
    {
      trigger: 'adjudicate-for-buyer',
      from: ['ARBITRATION_UNDER_REVIEW'],
      to: 'RESOLVED',
      label: 'Decided for the buyer',
    },
    {
      trigger: 'appeal',
      from: ['CHARGEBACK_RESOLVED_APPEALABLE'],
      to: 'PRE_ARBITRATION_UNDER_REVIEW',
      label: 'Appeal',
    },
    {
      trigger: 'appeal',
      from: ['PRE_ARBITRATION_RESOLVED_APPEALABLE'],
      to: 'ARBITRATION_UNDER_REVIEW',
      label: 'Appeal',
    },
    {
      trigger: 'seller-response-due',
      from: ['INQUIRY_WAITING_FOR_SELLER_RESPONSE'],
      to: 'CHARGEBACK_WAITING_FOR_SELLER_RESPONSE',
      label: 'No seller response: escalated to a claim',
    },
    {
      trigger: 'seller-response-due',
      from: ['CHARGEBACK_WAITING_FOR_SELLER_RESPONSE', 'RETURN_WAITING_FOR_SELLER_RESPONSE'],
      to: 'RESOLVED',
      label: 'No seller response: buyer wins',
    },
    {
      trigger: 'buyer-response-due',
      from: ['INQUIRY_WAITING_FOR_BUYER_RESPONSE'],
      to: 'RESOLVED',
      label: 'No buyer response: closed for the seller',
    },
    {
      trigger: 'buyer-response-due',
      from: ['CHARGEBACK_WAITING_FOR_BUYER_RESPONSE'],
      to: 'CHARGEBACK_UNDER_REVIEW',
      label: 'No buyer evidence: platform reviews',
    },
    {
      trigger: 'appeal-period-ends',
      from: ['CHARGEBACK_RESOLVED_APPEALABLE', 'PRE_ARBITRATION_RESOLVED_APPEALABLE'],
      to: 'RESOLVED',
      label: 'Appeal period over',
    },
  ],
  // The platform answers every action its state does not allow with one issue; the links of the dispute
  // (and the page's disabled buttons) say which actions are open now.
  refusals: Object.fromEntries(
    (
      [
        'update',
        'send-message',
        'make-offer',
        'accept-offer',
        'deny-offer',
        'provide-evidence',
        'escalate',
        'accept-claim',
        'acknowledge-return-item',
        'provide-supporting-info',
        'require-evidence',
        'adjudicate',
        'appeal',
      ] as const
    ).map((trigger) => [trigger, { issue: 'ACTION_NOT_ALLOWED_IN_CURRENT_DISPUTE_STATE' }]),
  ),
});
