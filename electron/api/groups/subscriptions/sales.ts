import {
  subscriptionSaleMachine,
  type PaymentFailureReason,
} from '../../../../shared/api/subscriptions/index.js';
import { money } from '../../../../shared/money.js';
import { isoSeconds } from '../../../clock.js';
import type { ApiDeps } from '../../deps.js';
import { createResource } from '../../transition.js';
import { captureFee } from '../../pipeline/capture-fees.js';
import { newSaleId } from './ids.js';
import type { SalePurpose, StoredSale, StoredSubscription } from './types.js';
import { resourceEnvelope } from '../../../store/stored-resource.js';

export interface SaleAmounts {
  gross: bigint;
  tax: bigint;
  shipping: bigint;
}

/**
 * Records one payment attempt of a subscription as a sale resource: COMPLETED (the ledger writes its
 * T0002 entry from this transition, the webhooks its PAYMENT.SALE.COMPLETED) with the sandbox's capture
 * fee, or DECLINED with the reason (no money moved).
 */
export function recordSale(
  deps: ApiDeps,
  subscription: StoredSubscription,
  purpose: SalePurpose,
  amounts: SaleAmounts,
  outcome: { ok: true } | { ok: false; reason: PaymentFailureReason },
  atMs: number,
  planName: string,
): StoredSale {
  const currency = subscription.internal.currency;
  const fee = outcome.ok ? captureFee(amounts.gross, currency).total : 0n;
  const at = isoSeconds(atMs);
  const id = newSaleId();
  const payer = subscription.internal.payer;
  const sale: StoredSale = {
    ...resourceEnvelope({
      kind: 'subscription-sale',
      id,
      app: subscription.app_id,
      status: outcome.ok ? 'COMPLETED' : 'DECLINED',
      parent: subscription.id,
      root: subscription.id,
      at,
    }),
    body: {
      id,
      status: outcome.ok ? 'COMPLETED' : 'DECLINED',
      amount_with_breakdown: {
        gross_amount: money(amounts.gross, currency),
        ...(outcome.ok
          ? { fee_amount: money(fee, currency), net_amount: money(amounts.gross - fee, currency) }
          : {}),
        ...(amounts.tax > 0n ? { tax_amount: money(amounts.tax, currency) } : {}),
        ...(amounts.shipping > 0n ? { shipping_amount: money(amounts.shipping, currency) } : {}),
      },
      ...(payer
        ? { payer_name: { given_name: payer.given_name, surname: payer.surname }, payer_email: payer.email }
        : {}),
      time: at,
    },
    internal: {
      subscription_id: subscription.id,
      merchant_id: subscription.internal.merchant_id,
      purpose,
      ...(purpose === 'CYCLE' || purpose === 'RETRY' ? { cycle: subscription.internal.cycles_billed } : {}),
      currency,
      gross_minor: String(amounts.gross),
      fee_minor: String(fee),
      tax_minor: String(amounts.tax),
      plan_name: planName,
      ...(payer ? { payer } : {}),
      ...(outcome.ok ? {} : { reason_code: outcome.reason }),
    },
  };
  createResource(deps, subscriptionSaleMachine, sale, outcome.ok ? 'complete' : 'decline');
  return sale;
}
