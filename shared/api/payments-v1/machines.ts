import { defineMachine } from '../../machines/machine.js';
import {
  authorizationRefusals,
  authorizationTransitions,
  refundTransitions,
  type AuthorizationStates,
} from '../money-lifecycles.js';

/**
 * Payments v1 (spec 2.6, part 3): the payment and the resources its execution makes. States are the
 * lower-case words v1 answered with. Part 3 names only `created` and `approved` for the payment and
 * leaves the moves open; these follow what the platform's v1 did (docs/groups/payments-v1.md, "Spec readings").
 */

export type PaymentV1Status = 'created' | 'approved' | 'failed';
export type PaymentV1Trigger =
  'create' | 'create-with-card' | 'update' | 'buyer-approve' | 'execute' | 'expire';

export const paymentV1Machine = defineMachine<PaymentV1Status, PaymentV1Trigger>({
  resource: 'payment-v1',
  states: {
    created: 'Waiting for the buyer to approve it on the buyer page, then for the execute call.',
    approved: 'Executed: the sale, authorization or order is in related_resources.',
    failed: 'Not executed within 3 hours of its creation; create a new payment.',
  },
  transitions: [
    { trigger: 'create', from: [], to: 'created', label: 'Create payment' },
    { trigger: 'create-with-card', from: [], to: 'approved', label: 'Create card payment' },
    { trigger: 'update', from: ['created'], to: 'created', label: 'Update' },
    { trigger: 'buyer-approve', from: ['created'], to: 'created', label: 'Buyer approves' },
    { trigger: 'execute', from: ['created'], to: 'approved', label: 'Execute' },
    { trigger: 'expire', from: ['created'], to: 'failed', label: 'Expire (3 hours)' },
  ],
  refusals: {
    update: { issue: 'PAYMENT_STATE_INVALID' },
    'buyer-approve': { issue: 'PAYMENT_STATE_INVALID' },
    execute: { issue: 'PAYMENT_ALREADY_DONE', when: { failed: 'PAYMENT_EXPIRED' } },
  },
});

export type SaleV1Status = 'completed' | 'partially_refunded' | 'refunded';
export type SaleV1Trigger = 'create' | 'refund' | 'refund-rest';

/** What a refund of a sale or a capture answers once nothing remains to refund. */
const REFUND_REFUSAL = { issue: 'TRANSACTION_ALREADY_REFUNDED' } as const;

/** A v1 sale and a v1 capture are refunded alike: in parts, then the rest. */
const REFUND_TRANSITIONS = refundTransitions({
  completed: 'completed',
  partiallyRefunded: 'partially_refunded',
  refunded: 'refunded',
});

export const saleV1Machine = defineMachine<SaleV1Status, SaleV1Trigger>({
  resource: 'sale-v1',
  states: {
    completed: 'The buyer paid; the amount less the fee was credited to the payee.',
    partially_refunded: 'Part of the sale was refunded.',
    refunded: 'The whole sale was refunded.',
  },
  transitions: [{ trigger: 'create', from: [], to: 'completed', label: 'Sale' }, ...REFUND_TRANSITIONS],
  refusals: { refund: REFUND_REFUSAL, 'refund-rest': REFUND_REFUSAL },
});

export type AuthorizationV1Status = 'authorized' | 'partially_captured' | 'captured' | 'voided' | 'expired';
export type AuthorizationV1Trigger =
  'create' | 'capture' | 'final-capture' | 'reauthorize' | 'void' | 'expire';

const AUTHORIZATION_V1_STATES: AuthorizationStates<AuthorizationV1Status> = {
  held: 'authorized',
  partiallyCaptured: 'partially_captured',
  captured: 'captured',
  voided: 'voided',
  expired: 'expired',
};

export const authorizationV1Machine = defineMachine<AuthorizationV1Status, AuthorizationV1Trigger>({
  resource: 'authorization-v1',
  states: {
    authorized:
      'Funds are held for 3 days (the honor period); capture, void or (day 4..29) reauthorize once.',
    partially_captured: 'Part was captured; more captures or a void of the rest are possible.',
    captured: 'Fully captured, or a final capture closed it.',
    voided: 'Voided; the remaining funds were released.',
    expired: 'Not captured within 29 days.',
  },
  transitions: authorizationTransitions(AUTHORIZATION_V1_STATES, 'Authorize'),
  refusals: authorizationRefusals(AUTHORIZATION_V1_STATES, {
    closed: 'AUTHORIZATION_ALREADY_COMPLETED',
    notVoidable: 'AUTHORIZATION_ALREADY_COMPLETED',
  }),
});

export type CaptureV1Status = 'completed' | 'partially_refunded' | 'refunded';
export type CaptureV1Trigger = 'create' | 'refund' | 'refund-rest';

export const captureV1Machine = defineMachine<CaptureV1Status, CaptureV1Trigger>({
  resource: 'capture-v1',
  states: {
    completed: 'Captured and credited to the payee, less the fee.',
    partially_refunded: 'Part of the capture was refunded.',
    refunded: 'The whole capture was refunded.',
  },
  transitions: [{ trigger: 'create', from: [], to: 'completed', label: 'Capture' }, ...REFUND_TRANSITIONS],
  refusals: { refund: REFUND_REFUSAL, 'refund-rest': REFUND_REFUSAL },
});

export type RefundV1Status = 'completed';

export const refundV1Machine = defineMachine<RefundV1Status, 'create'>({
  resource: 'refund-v1',
  states: { completed: 'The refund was sent to the payer.' },
  transitions: [{ trigger: 'create', from: [], to: 'completed', label: 'Refund' }],
  refusals: {},
});

export type OrderV1Status = 'pending' | 'authorized' | 'completed' | 'voided';
export type OrderV1Trigger = 'create' | 'authorize' | 'capture' | 'void';

/** The order of an `order`-intent payment (`/v1/payments/orders/{id}`): authorize or capture it later. */
export const paymentOrderV1Machine = defineMachine<OrderV1Status, OrderV1Trigger>({
  resource: 'payment-order-v1',
  states: {
    pending: 'Executed: the buyer agreed to pay up to the order amount; authorize or capture it.',
    authorized: 'An authorization of the order holds the funds; capture through it.',
    completed: 'The order was captured.',
    voided: 'The order was voided; nothing more can be taken on it.',
  },
  transitions: [
    { trigger: 'create', from: [], to: 'pending', label: 'Order' },
    { trigger: 'authorize', from: ['pending'], to: 'authorized', label: 'Authorize' },
    { trigger: 'capture', from: ['pending'], to: 'completed', label: 'Capture' },
    { trigger: 'void', from: ['pending', 'authorized'], to: 'voided', label: 'Void' },
  ],
  refusals: {
    authorize: { issue: 'ORDER_ALREADY_COMPLETED_V1', when: { voided: 'ORDER_VOIDED_V1' } },
    capture: {
      issue: 'ORDER_ALREADY_COMPLETED_V1',
      when: { voided: 'ORDER_VOIDED_V1', authorized: 'ORDER_ALREADY_AUTHORIZED' },
    },
    void: { issue: 'ORDER_ALREADY_COMPLETED_V1', when: { voided: 'ORDER_VOIDED_V1' } },
  },
});

/** The resource kinds of payments v1 (distinct from v2's `authorization`, `capture`, `refund`). */
export const PAYMENT_V1_KINDS = {
  payment: 'payment-v1',
  sale: 'sale-v1',
  authorization: 'authorization-v1',
  capture: 'capture-v1',
  refund: 'refund-v1',
  order: 'payment-order-v1',
} as const;
