import {
  DISPUTE_STATE_FACTS,
  disputeMachine,
  type DisputeState,
  type DisputeTrigger,
} from '../../../../shared/api/disputes/index.js';
import { findTransition } from '../../../../shared/machines/machine.js';
import { fromMinor, money } from '../../../../shared/money.js';
import { DAY, isoSeconds } from '../../../clock.js';
import { newTransactionId } from '../../../ledger/ledger-writer.js';
import type { ApiDeps } from '../../deps.js';
import { transition } from '../../transition.js';
import type { DisputePayments } from './ports.js';
import type { StoredDispute } from './types.js';

/** The job that runs when a party's response is due (or an appeal period ends). */
export const DISPUTE_DUE_JOB = 'dispute.response-due';
export const disputeDueKey = (id: string): string => `dispute-due:${id}`;

/**
 * How long each party has (the platform's published windows): the seller 20 days to answer an inquiry
 * and 10 days in a claim, to acknowledge a return or to appeal; the buyer 10 days to answer the seller.
 */
export const RESPONSE_WINDOWS_MS = {
  inquirySeller: 20 * DAY,
  claimSeller: 10 * DAY,
  returnSeller: 10 * DAY,
  appeal: 10 * DAY,
  buyer: 10 * DAY,
} as const;

function windowFor(state: DisputeState): number {
  if (state === 'INQUIRY_WAITING_FOR_SELLER_RESPONSE') return RESPONSE_WINDOWS_MS.inquirySeller;
  if (state === 'RETURN_WAITING_FOR_SELLER_RESPONSE') return RESPONSE_WINDOWS_MS.returnSeller;
  if (DISPUTE_STATE_FACTS[state].disputeState === 'APPEALABLE') return RESPONSE_WINDOWS_MS.appeal;
  return DISPUTE_STATE_FACTS[state].waitingFor === 'BUYER'
    ? RESPONSE_WINDOWS_MS.buyer
    : RESPONSE_WINDOWS_MS.claimSeller;
}

export interface Settlement {
  /** Who the decision favours. */
  favour: 'BUYER' | 'SELLER';
  /** Buyer: what to refund (capped at what the capture still has); the ledger code of the refund. */
  refundMinor?: bigint;
  refundCode?: 'T1106' | 'T1107';
  outcome?: 'RESOLVED_BUYER_FAVOUR' | 'RESOLVED_SELLER_FAVOUR' | 'ACCEPTED';
  /** The platform's decision, recorded as an adjudication. */
  adjudication?: 'PAYOUT_TO_BUYER' | 'DENY_BUYER' | 'PAYOUT_TO_SELLER' | 'RECOVER_FROM_SELLER';
  reason?: string;
}

/**
 * Every move of a dispute: the stage and due dates of the state it enters, the machine's transition
 * (history, bus, ledger, events), and the one pending due-date job. Settlements move the money first.
 */
export class DisputeFlow {
  constructor(
    private readonly deps: ApiDeps,
    private readonly payments: DisputePayments,
  ) {}

  /** The due dates a state sets, counted from `fromMs` (a job's due time when the clock runs it). */
  private setDue(dispute: StoredDispute, to: DisputeState, fromMs: number): void {
    const waiting = DISPUTE_STATE_FACTS[to].waitingFor;
    delete dispute.body.seller_response_due_date;
    delete dispute.body.buyer_response_due_date;
    delete dispute.internal.due_ms;
    if (waiting !== 'SELLER' && waiting !== 'BUYER') return;
    const due = Math.floor(fromMs / 1000) * 1000 + windowFor(to);
    dispute.internal.due_ms = due;
    if (waiting === 'SELLER') dispute.body.seller_response_due_date = isoSeconds(due);
    else dispute.body.buyer_response_due_date = isoSeconds(due);
  }

  /** Prepares a new dispute's stage and due date before it is created. */
  prepareNew(dispute: StoredDispute, state: DisputeState, nowMs: number): void {
    const stage = DISPUTE_STATE_FACTS[state].stage;
    if (stage) dispute.body.dispute_life_cycle_stage = stage;
    this.setDue(dispute, state, nowMs);
  }

  /** Keeps exactly one pending job: at the due date of the state the dispute is in. */
  schedule(dispute: StoredDispute): void {
    if (dispute.internal.due_ms === undefined) this.deps.scheduler.cancel(disputeDueKey(dispute.id));
    else
      this.deps.scheduler.schedule(
        DISPUTE_DUE_JOB,
        dispute.internal.due_ms,
        { id: dispute.id },
        disputeDueKey(dispute.id),
      );
  }

  move(
    dispute: StoredDispute,
    trigger: DisputeTrigger,
    options: { note?: string; atMs?: number } = {},
  ): void {
    const atMs = options.atMs ?? this.deps.clock.now();
    const target = findTransition(disputeMachine, dispute.status, trigger);
    if (target && target.to !== dispute.status) {
      const stage = DISPUTE_STATE_FACTS[target.to].stage;
      if (stage) dispute.body.dispute_life_cycle_stage = stage;
      this.setDue(dispute, target.to, atMs);
    }
    transition(this.deps, disputeMachine, dispute, trigger, {
      ...(options.note !== undefined ? { note: options.note } : {}),
      at: isoSeconds(atMs),
    });
    this.schedule(dispute);
  }

  /**
   * The money of a decision, before the move that records it: for the buyer, a refund of the capture
   * (the payments group writes it and its ledger lines) and the outcome; for the seller after an appeal
   * it won, the refunded amount paid back (the move's ledger line).
   */
  settle(dispute: StoredDispute, settlement: Settlement, atMs: number): void {
    const at = isoSeconds(atMs);
    const currency = dispute.internal.currency;
    const stage = dispute.body.dispute_life_cycle_stage;
    if (settlement.adjudication)
      (dispute.body.adjudications ??= []).push({
        type: settlement.adjudication,
        adjudication_time: at,
        ...(settlement.reason ? { reason: settlement.reason } : {}),
        dispute_life_cycle_stage: stage,
      });
    if (settlement.favour === 'BUYER') {
      const asked = settlement.refundMinor ?? BigInt(dispute.internal.amount_minor);
      const left = asked - BigInt(dispute.internal.refunded_minor);
      const refund =
        left > 0n
          ? this.payments.refund(
              { kind: dispute.internal.transaction_kind ?? 'capture', id: dispute.internal.capture_id },
              left,
              settlement.refundCode ?? 'T1106',
              `Refund for dispute ${dispute.id}`,
            )
          : undefined;
      if (refund) {
        const total = BigInt(dispute.internal.refunded_minor) + refund.minor;
        dispute.internal.refunded_minor = String(total);
        dispute.internal.refund_ids.push(refund.id);
        (dispute.body.money_movements ??= []).push(
          {
            affected_party: 'SELLER',
            amount: money(refund.minor, currency),
            initiated_time: at,
            type: 'DEBIT',
            reason: 'DISPUTE_SETTLEMENT',
          },
          {
            affected_party: 'BUYER',
            amount: money(refund.minor, currency),
            initiated_time: at,
            type: 'CREDIT',
            reason: 'DISPUTE_SETTLEMENT',
          },
        );
      }
      dispute.body.dispute_outcome = {
        outcome_code: settlement.outcome ?? 'RESOLVED_BUYER_FAVOUR',
        amount_refunded: {
          currency_code: currency,
          value: fromMinor(BigInt(dispute.internal.refunded_minor), currency),
        },
      };
      return;
    }
    const refunded = BigInt(dispute.internal.refunded_minor);
    if (refunded > 0n && dispute.internal.reimbursed_minor === '0') {
      dispute.internal.reimbursed_minor = String(refunded);
      dispute.internal.reimbursement_transaction_id = newTransactionId();
      (dispute.body.money_movements ??= []).push({
        affected_party: 'SELLER',
        amount: money(refunded, currency),
        initiated_time: at,
        type: 'CREDIT',
        reason: 'DISPUTE_SETTLEMENT',
      });
    }
    dispute.body.dispute_outcome = { outcome_code: 'RESOLVED_SELLER_FAVOUR' };
  }
}
