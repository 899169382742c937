import { INVOICING_ENDPOINTS as E } from '../../../../shared/api/invoicing/endpoints.js';
import { HOUR } from '../../../clock.js';
import type { Store } from '../../../store/store.js';
import { defineRoute, type AnyRoute } from '../../route.js';
import { listInvoices, searchInvoices } from './invoice-search.js';
import type { InvoicingService } from './service.js';

/** Part 8 gives invoicing no retention: 72 hours, as the other v1 writes keep theirs. */
const CREATE_KEY_RETENTION_MS = 72 * HOUR;

/** The HTTP binding of Invoicing v1 (answer statuses are the platform's: 202 send and remind, 204 cancel). */
export function invoicingRoutes(invoices: InvoicingService, store: Store): AnyRoute[] {
  return [
    defineRoute(E.create, {
      partnerFeatures: ['INVOICE_READ_WRITE'],
      // A retry with the same Svc-Request-Id answers 200 with the invoice the first call made.
      idempotency: { retentionMs: CREATE_KEY_RETENTION_MS },
      handle: ({ body, ctx }) => ({ status: 201, resource: invoices.create(body, ctx) }),
    }),
    defineRoute(E.list, {
      partnerFeatures: ['INVOICE_READ_WRITE'],
      handle: ({ query, ctx }) => ({ status: 200, body: listInvoices(store, query, ctx) }),
    }),
    defineRoute(E.search, {
      partnerFeatures: ['INVOICE_READ_WRITE'],
      handle: ({ body, ctx }) => ({ status: 200, body: searchInvoices(store, body, ctx) }),
    }),
    defineRoute(E.nextNumber, {
      partnerFeatures: ['INVOICE_READ_WRITE'],
      handle: ({ ctx }) => ({ status: 200, body: { number: invoices.numbers.next(ctx.merchant.id) } }),
    }),
    defineRoute(E.show, {
      partnerFeatures: ['INVOICE_READ_WRITE'],
      handle: ({ params, ctx }) => ({ status: 200, resource: invoices.get(params.id, ctx) }),
    }),
    defineRoute(E.update, {
      partnerFeatures: ['INVOICE_READ_WRITE'],
      handle: ({ params, body, ctx }) => ({ status: 200, resource: invoices.update(params.id, body, ctx) }),
    }),
    defineRoute(E.delete, {
      partnerFeatures: ['INVOICE_READ_WRITE'],
      handle: ({ params, ctx }) => {
        invoices.delete(params.id, ctx);
        return { status: 204 };
      },
    }),
    defineRoute(E.send, {
      partnerFeatures: ['INVOICE_READ_WRITE'],
      handle: ({ params, query, body, ctx }) => {
        invoices.send(
          params.id,
          { subject: body?.subject, note: body?.note, notifyMerchant: query.notify_merchant ?? true },
          ctx,
        );
        return { status: 202 };
      },
    }),
    defineRoute(E.remind, {
      partnerFeatures: ['INVOICE_READ_WRITE'],
      handle: ({ params, body, ctx }) => {
        invoices.remind(params.id, body, ctx);
        return { status: 202 };
      },
    }),
    defineRoute(E.cancel, {
      partnerFeatures: ['INVOICE_READ_WRITE'],
      handle: ({ params, body, ctx }) => {
        invoices.cancel(params.id, body, ctx);
        return { status: 204 };
      },
    }),
    defineRoute(E.recordPayment, {
      partnerFeatures: ['INVOICE_READ_WRITE'],
      handle: ({ params, body, ctx }) => {
        invoices.recordPayment(params.id, body, ctx);
        return { status: 200 };
      },
    }),
    defineRoute(E.recordRefund, {
      partnerFeatures: ['INVOICE_READ_WRITE'],
      handle: ({ params, body, ctx }) => {
        invoices.recordRefund(params.id, body, ctx);
        return { status: 200 };
      },
    }),
  ];
}
