import {
  newPaymentV1Id,
  newTransactionV1Id,
  PAYMENT_V1_KINDS as KINDS,
} from '../../../../shared/api/payments-v1/index.js';
import { isoSeconds } from '../../../clock.js';
import { SEED_MERCHANT } from '../../../store/seed.js';
import type { SampleContext } from '../../../webhooks/catalog.js';
import { captureFee, refundedFee } from '../../pipeline/capture-fees.js';
import { feeV1, totalV1 } from './money-v1.js';
import { PROTECTION_TYPE, type StoredRefundV1, type StoredSaleV1 } from './types.js';
import { refundLinks, refundView, saleLinks, saleView } from './views.js';
import { resourceEnvelope } from '../../../store/stored-resource.js';

/**
 * Samples for the simulator: synthetic v1 resources of the sandbox world (the seeded merchant, 30.00
 * USD, the real fee schedule) shown by the views the API uses, so a mock event looks like a real one.
 */
const MINOR = 3000n;
const CURRENCY = 'USD';
const payee = { merchant_id: SEED_MERCHANT.id, email: SEED_MERCHANT.email };

function sampleSale(context: SampleContext, status: 'completed' | 'refunded'): StoredSaleV1 {
  const at = isoSeconds(context.now);
  const id = newTransactionV1Id();
  const paymentId = newPaymentV1Id();
  const fee = captureFee(MINOR, CURRENCY);
  return {
    ...resourceEnvelope({ kind: KINDS.sale, id, app: null, status, parent: paymentId, root: paymentId, at }),
    body: {
      id,
      amount: totalV1(MINOR, CURRENCY),
      payment_mode: 'INSTANT_TRANSFER',
      protection_eligibility: 'ELIGIBLE',
      protection_eligibility_type: PROTECTION_TYPE,
      transaction_fee: feeV1(fee.total, CURRENCY),
      parent_payment: paymentId,
      create_time: at,
      update_time: at,
    },
    internal: {
      transaction_index: 0,
      payee,
      gross_minor: String(MINOR),
      fee_minor: String(fee.total),
      percent_fee_minor: String(fee.percentPart),
      refunded_minor: status === 'refunded' ? String(MINOR) : '0',
    },
  };
}

export const sampleSaleResource = (context: SampleContext): Record<string, unknown> => {
  const sale = sampleSale(context, 'completed');
  return { ...saleView(sale), links: saleLinks(sale, context.baseUrl) };
};

export function sampleSaleRefundResource(context: SampleContext): Record<string, unknown> {
  const sale = sampleSale(context, 'refunded');
  const at = isoSeconds(context.now);
  const id = newTransactionV1Id();
  const feeBack = refundedFee(BigInt(sale.internal.percent_fee_minor), MINOR, MINOR);
  const refund: StoredRefundV1 = {
    ...resourceEnvelope({
      kind: KINDS.refund,
      id,
      app: null,
      status: 'completed',
      parent: sale.id,
      root: sale.root_id,
      at,
    }),
    body: {
      id,
      amount: totalV1(MINOR, CURRENCY),
      sale_id: sale.id,
      parent_payment: sale.body.parent_payment,
      refund_from_transaction_fee: feeV1(feeBack, CURRENCY),
      refund_from_received_amount: feeV1(MINOR - feeBack, CURRENCY),
      total_refunded_amount: feeV1(MINOR, CURRENCY),
      create_time: at,
      update_time: at,
    },
    internal: {
      transaction_index: 0,
      payee,
      amount_minor: String(MINOR),
      fee_refunded_minor: String(feeBack),
    },
  };
  return { ...refundView(refund), links: refundLinks(refund, context.baseUrl) };
}
