import { newAuthorizationId, newCaptureId, newOrderId, newRefundId } from '../../../../shared/ids.js';
import { money } from '../../../../shared/money.js';
import { DAY, isoSeconds } from '../../../clock.js';
import { SEED_MERCHANT } from '../../../store/seed.js';
import type { SampleContext } from '../../../webhooks/catalog.js';
import { captureFee } from '../../pipeline/capture-fees.js';
import {
  SELLER_PROTECTION,
  type StoredAuthorization,
  type StoredCapture,
  type StoredRefund,
} from './types.js';
import { authorizationView, captureView, refundView } from './views.js';
import { resourceEnvelope } from '../../../store/stored-resource.js';

/**
 * Sample resources for the simulator: synthetic stored resources of the sandbox world (the seeded
 * merchant, 30.00 USD, the real fee schedule) rendered by the same views the API uses, so a
 * mock event looks exactly like a real one.
 */

const AMOUNT_MINOR = 3000n;
const CURRENCY = 'USD';
const payee = { email_address: SEED_MERCHANT.email, merchant_id: SEED_MERCHANT.id };

export function sampleCapture(
  context: SampleContext,
  status: 'COMPLETED' | 'REFUNDED' = 'COMPLETED',
  orderId = newOrderId(),
): StoredCapture {
  const at = isoSeconds(context.now);
  const id = newCaptureId();
  const fee = captureFee(AMOUNT_MINOR, CURRENCY);
  return {
    ...resourceEnvelope({ kind: 'capture', id, app: null, status, parent: orderId, root: orderId, at }),
    body: {
      id,
      status,
      amount: money(AMOUNT_MINOR, CURRENCY),
      final_capture: true,
      seller_protection: SELLER_PROTECTION,
      seller_receivable_breakdown: {
        gross_amount: money(AMOUNT_MINOR, CURRENCY),
        svc_fee: money(fee.total, CURRENCY),
        net_amount: money(AMOUNT_MINOR - fee.total, CURRENCY),
      },
      payee,
      supplementary_data: { related_ids: { order_id: orderId } },
      create_time: at,
      update_time: at,
    },
    internal: {
      reference_id: 'default',
      gross_minor: String(AMOUNT_MINOR),
      fee_minor: String(fee.total),
      percent_fee_minor: String(fee.percentPart),
      refunded_minor: '0',
    },
  };
}

export const sampleCaptureResource = (context: SampleContext): Record<string, unknown> =>
  captureView(sampleCapture(context), context.baseUrl);

export function sampleAuthorizationResource(
  context: SampleContext,
  status: 'CREATED' | 'VOIDED',
): Record<string, unknown> {
  const at = isoSeconds(context.now);
  const id = newAuthorizationId();
  const orderId = newOrderId();
  const authorization: StoredAuthorization = {
    ...resourceEnvelope({ kind: 'authorization', id, app: null, status, parent: orderId, root: orderId, at }),
    body: {
      id,
      status,
      amount: money(AMOUNT_MINOR, CURRENCY),
      seller_protection: SELLER_PROTECTION,
      payee,
      expiration_time: isoSeconds(context.now + 29 * DAY),
      supplementary_data: { related_ids: { order_id: orderId } },
      create_time: at,
      update_time: at,
    },
    internal: {
      reference_id: 'default',
      original_amount_minor: String(AMOUNT_MINOR),
      amount_minor: String(AMOUNT_MINOR),
      captured_minor: '0',
      created_ms: context.now,
      honor_period_end_ms: context.now + 3 * DAY,
      expiration_ms: context.now + 29 * DAY,
    },
  };
  return authorizationView(authorization, context.baseUrl);
}

export function sampleRefundResource(context: SampleContext): Record<string, unknown> {
  const at = isoSeconds(context.now);
  const capture = sampleCapture(context, 'REFUNDED');
  const id = newRefundId();
  const feeBack = BigInt(capture.internal.percent_fee_minor);
  const refund: StoredRefund = {
    ...resourceEnvelope({
      kind: 'refund',
      id,
      app: null,
      status: 'COMPLETED',
      parent: capture.id,
      root: capture.root_id,
      at,
    }),
    body: {
      id,
      status: 'COMPLETED',
      amount: money(AMOUNT_MINOR, CURRENCY),
      seller_payable_breakdown: {
        gross_amount: money(AMOUNT_MINOR, CURRENCY),
        svc_fee: money(feeBack, CURRENCY),
        net_amount: money(AMOUNT_MINOR - feeBack, CURRENCY),
        total_refunded_amount: money(AMOUNT_MINOR, CURRENCY),
      },
      payee,
      supplementary_data: { related_ids: { order_id: capture.root_id ?? '', capture_id: capture.id } },
      create_time: at,
      update_time: at,
    },
    internal: { amount_minor: String(AMOUNT_MINOR), fee_refunded_minor: String(feeBack) },
  };
  return refundView(refund, context.baseUrl);
}
