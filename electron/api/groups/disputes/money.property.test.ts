import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DAY } from '../../../clock.js';
import {
  advance,
  balanceMinor,
  capturedOrder,
  DISPUTES,
  getCapture,
  getDispute,
  getOrder,
  openDispute,
  startDisputesHarness,
  v1Sale,
  type Json,
} from './disputes-test-kit.js';
import { getJson, type PaymentsHarness } from '../payments-v2/payments-test-kit.js';

/** One thing a party (or the clock) may do to an open dispute; many are refused in a given state. */
type Step =
  | { kind: 'offer'; cents: number; type: 'REFUND' | 'REPLACEMENT_WITHOUT_REFUND' }
  | { kind: 'accept-offer' | 'escalate' | 'evidence' | 'appeal' | 'require-evidence' }
  | { kind: 'deny-offer' }
  | { kind: 'accept-claim'; cents: number | null }
  | { kind: 'adjudicate'; buyer: boolean }
  | { kind: 'clock'; days: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    kind: fc.constant('offer' as const),
    cents: fc.integer({ min: 1, max: 6000 }),
    type: fc.constantFrom('REFUND' as const, 'REPLACEMENT_WITHOUT_REFUND' as const),
  }),
  fc.record({
    kind: fc.constantFrom(
      'accept-offer' as const,
      'escalate' as const,
      'evidence' as const,
      'appeal' as const,
      'require-evidence' as const,
    ),
  }),
  fc.record({ kind: fc.constant('deny-offer' as const) }),
  fc.record({
    kind: fc.constant('accept-claim' as const),
    cents: fc.option(fc.integer({ min: 1, max: 6000 })),
  }),
  fc.record({ kind: fc.constant('adjudicate' as const), buyer: fc.boolean() }),
  fc.record({ kind: fc.constant('clock' as const), days: fc.integer({ min: 1, max: 25 }) }),
);

const usd = (cents: number) => ({ currency_code: 'USD', value: (cents / 100).toFixed(2) });

function bodyOf(s: Step): [string, unknown] {
  switch (s.kind) {
    case 'offer':
      return [
        'make-offer',
        { note: 'offer', offer_type: s.type, ...(s.type === 'REFUND' ? { offer_amount: usd(s.cents) } : {}) },
      ];
    case 'accept-offer':
      return ['accept-offer', {}];
    case 'deny-offer':
      return ['deny-offer', { note: 'no' }];
    case 'escalate':
      return ['escalate', { note: 'claim' }];
    case 'evidence':
      return ['provide-evidence', { evidences: [{ evidence_type: 'OTHER', notes: 'proof' }] }];
    case 'appeal':
      return ['appeal', { evidences: [{ evidence_type: 'OTHER', notes: 'again' }] }];
    case 'require-evidence':
      return ['require-evidence', { action: 'SELLER_EVIDENCE' }];
    case 'accept-claim':
      return [
        'accept-claim',
        s.cents === null ? {} : { accept_claim_type: 'PARTIAL_REFUND', refund_amount: usd(s.cents) },
      ];
    case 'adjudicate':
      return ['adjudicate', { adjudication_outcome: s.buyer ? 'BUYER_FAVOR' : 'SELLER_FAVOR' }];
    case 'clock':
      return ['', undefined];
  }
}

/** What was refunded of the disputed transaction and how it stands, read through its own group's API. */
interface Refunded {
  gross: bigint;
  net: bigint;
  status: string;
}

const cents = (value: string) => BigInt(value.replace('.', ''));

/** A v2 capture: its order's refunds, the capture's status. */
async function v2Refunded(api: PaymentsHarness, orderId: string, captureId: string): Promise<Refunded> {
  const order = await getOrder(api, orderId);
  const refunds = (order.purchase_units[0].payments.refunds ?? []) as {
    amount: { value: string };
    seller_payable_breakdown: { net_amount: { value: string } };
  }[];
  return {
    gross: refunds.reduce((sum, r) => sum + cents(r.amount.value), 0n),
    net: refunds.reduce((sum, r) => sum + cents(r.seller_payable_breakdown.net_amount.value), 0n),
    status: (await getCapture(api, captureId)).status as string,
  };
}

/** A v1 sale: the payment's refunds (`related_resources`), the sale's state in v2's words. */
async function v1Refunded(api: PaymentsHarness, paymentId: string, saleId: string): Promise<Refunded> {
  const payment = await getJson(api, `/v1/payments/payment/${paymentId}`);
  const refunds = (payment.transactions[0].related_resources as Json[])
    .filter((r) => r.refund)
    .map((r) => r.refund as { amount: { total: string }; refund_from_received_amount: { value: string } });
  const sale = await getJson(api, `/v1/payments/sale/${saleId}`);
  return {
    gross: refunds.reduce((sum, r) => sum + cents(r.amount.total), 0n),
    net: refunds.reduce((sum, r) => sum + cents(r.refund_from_received_amount.value), 0n),
    status: String(sale.state).toUpperCase(),
  };
}

describe('money through any sequence of dispute actions', () => {
  it('what left the seller is what the buyer got back, less the fee returned, plus what an appeal repaid (a v2 capture or a v1 sale)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('v2-capture' as const, 'v1-sale' as const),
        fc.array(step, { minLength: 1, maxLength: 10 }),
        async (disputed, steps) => {
          const api = await startDisputesHarness();
          try {
            let transactionId: string;
            let refunded: () => Promise<Refunded>;
            if (disputed === 'v2-capture') {
              const { captureId, orderId } = await capturedOrder(api, '50.00');
              transactionId = captureId;
              refunded = () => v2Refunded(api, orderId, captureId);
            } else {
              const { paymentId, saleId } = await v1Sale(api, '50.00');
              transactionId = saleId;
              refunded = () => v1Refunded(api, paymentId, saleId);
            }
            const start = await balanceMinor(api);
            const { dispute_id: id } = await openDispute(api, transactionId, {
              reason: 'MERCHANDISE_OR_SERVICE_NOT_RECEIVED',
            });
            for (const s of steps) {
              if (s.kind === 'clock') {
                await advance(api, s.days * DAY);
                continue;
              }
              const [action, body] = bodyOf(s);
              const reply = await api.request('POST', `${DISPUTES}/${id}/${action}`, { body });
              // Every answer is a success or a documented refusal, never a server error.
              expect([200, 422], reply.text).toContain(reply.status);
            }
            const dispute = await getDispute(api, id);
            const decided = dispute.status === 'RESOLVED';
            const { gross: refundedGross, net: refundedNet, status } = await refunded();
            const repaid = (
              (dispute.money_movements ?? []) as {
                affected_party: string;
                type: string;
                amount: { value: string };
              }[]
            )
              .filter((m) => m.affected_party === 'SELLER' && m.type === 'CREDIT')
              .reduce((sum, m) => sum + cents(m.amount.value), 0n);
            const held = decided ? 0n : 5000n;
            expect(await balanceMinor(api)).toBe(start - held - refundedNet + repaid);
            // The buyer never gets more than the disputed amount, and the outcome says what it got.
            expect(refundedGross).toBeLessThanOrEqual(5000n);
            if (dispute.dispute_outcome?.amount_refunded)
              expect(cents(dispute.dispute_outcome.amount_refunded.value)).toBe(refundedGross);
            expect(status).toBe(
              refundedGross === 0n
                ? 'COMPLETED'
                : refundedGross === 5000n
                  ? 'REFUNDED'
                  : 'PARTIALLY_REFUNDED',
            );
          } finally {
            await api.close();
          }
        },
      ),
      { numRuns: 30 },
    );
  }, 300_000);
});
