import { newOrderId } from '../../../../shared/ids.js';
import { money } from '../../../../shared/money.js';
import type { OrderStatus } from '../../../../shared/api/orders-v2/machines.js';
import { isoSeconds } from '../../../clock.js';
import { SEED_BUYER, SEED_MERCHANT } from '../../../store/seed.js';
import type { SampleContext } from '../../../webhooks/catalog.js';
import { captureView, sampleCapture } from '../payments-v2/index.js';
import { orderLinks } from './views.js';
import type { StoredOrder } from './types.js';
import { resourceEnvelope } from '../../../store/stored-resource.js';

const AMOUNT_MINOR = 3000n;
const CURRENCY = 'USD';

/**
 * An order of the seeded buyer for the webhook simulator, rendered like a real one; a COMPLETED one
 * carries its capture.
 */
export function sampleOrderResource(context: SampleContext, status: OrderStatus): Record<string, unknown> {
  const at = isoSeconds(context.now);
  const id = newOrderId();
  const buyerName = { given_name: SEED_BUYER.name.given_name, surname: SEED_BUYER.name.surname };
  const payee = { email_address: SEED_MERCHANT.email, merchant_id: SEED_MERCHANT.id };
  const order: StoredOrder = {
    ...resourceEnvelope({ kind: 'order', id, app: null, status, at }),
    body: {
      id,
      intent: 'CAPTURE',
      status,
      payment_source: {
        svc: { email_address: SEED_BUYER.email, account_id: SEED_BUYER.id, name: buyerName },
      },
      purchase_units: [{ reference_id: 'default', amount: money(AMOUNT_MINOR, CURRENCY), payee }],
      payer: {
        name: buyerName,
        email_address: SEED_BUYER.email,
        payer_id: SEED_BUYER.id,
        address: { country_code: SEED_BUYER.country_code },
      },
      create_time: at,
      update_time: at,
    },
    internal: {},
  };
  const units =
    status === 'COMPLETED'
      ? order.body.purchase_units.map((unit) => ({
          ...unit,
          payments: { captures: [captureView(sampleCapture(context, 'COMPLETED', id), context.baseUrl)] },
        }))
      : order.body.purchase_units;
  return { ...order.body, purchase_units: units, links: orderLinks(order, context.baseUrl) };
}
