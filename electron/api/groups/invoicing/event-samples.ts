import { isoSeconds } from '../../../clock.js';
import { SEED_BUYER, SEED_MERCHANT } from '../../../store/seed.js';
import type { SampleContext } from '../../../webhooks/catalog.js';
import { v1DateTime } from './dates.js';
import { newInvoiceId } from './ids.js';
import type { StoredInvoice } from './types.js';
import { invoiceLinks, invoiceView } from './views.js';
import { resourceEnvelope } from '../../../store/stored-resource.js';

/** A sample invoice for the simulator: the seeded merchant billing the seeded buyer 25.00 USD. */
export function sampleInvoice(context: SampleContext, status: string): Record<string, unknown> {
  const id = newInvoiceId();
  const at = isoSeconds(context.now);
  const invoice: StoredInvoice = {
    ...resourceEnvelope({ kind: 'invoice', id, app: null, status, at }),
    body: {
      id,
      number: '0001',
      status,
      merchant_info: { email: SEED_MERCHANT.email, business_name: SEED_MERCHANT.business_name },
      billing_info: [
        {
          email: SEED_BUYER.email,
          first_name: SEED_BUYER.name.given_name,
          last_name: SEED_BUYER.name.surname,
        },
      ],
      items: [{ name: 'Consulting', quantity: 1, unit_price: { currency: 'USD', value: '25.00' } }],
      invoice_date: `${at.slice(0, 10)} UTC`,
      metadata: { created_date: v1DateTime(context.now), created_by: SEED_MERCHANT.email },
    },
    internal: {
      merchant_id: SEED_MERCHANT.id,
      currency: 'USD',
      total_minor: '2500',
      paid_svc_minor: status === 'PAID' || status === 'REFUNDED' ? '2500' : '0',
      paid_other_minor: '0',
      refunded_minor: status === 'REFUNDED' ? '2500' : '0',
    },
  };
  return { ...invoiceView(invoice, context.baseUrl), links: invoiceLinks(invoice, context.baseUrl) };
}
