import { invoicingShared } from '../../../../shared/api/invoicing/index.js';
import type { GroupDeps } from '../../group-deps.js';
import type { GroupModule } from '../../group-module.js';
import { CustomerPayments } from './customer-payment.js';
import { INVOICE_EVENTS } from './events.js';
import { registerInvoicePage } from './invoice-page.js';
import { OVERDUE_JOB, overdueJob } from './jobs.js';
import { invoicePostings } from './ledger.js';
import { invoicingRoutes } from './routes.js';
import { InvoicingService } from './service.js';
import { INVOICE_RESOURCE_KINDS } from './views.js';

export type { InvoicingService } from './service.js';
export type { StoredInvoice } from './types.js';
export { invoicePageCsrfToken } from './invoice-page.js';
export { PAYER_VIEW_PATH, payerViewPath } from './views.js';
export { OVERDUE_JOB } from './jobs.js';
export { INVOICE_PAYMENT_CODE } from './ledger.js';
export * from './events.js';

/**
 * Invoicing v1 (spec 2.11, 4.12; deprecated for `/v2/invoices`): drafts with every rule of 2.11, list and
 * search, update, delete, send (the customer is e-mailed a link), remind, cancel, recorded payments and
 * refunds; the customer's invoice page, where they pay with a sandbox wallet or a card; an automatic
 * reminder once an invoice is overdue on the simulated clock.
 */
export function defineInvoicing(deps: GroupDeps): GroupModule & { api: InvoicingService } {
  const invoices = new InvoicingService(deps);
  const payments = new CustomerPayments(deps, invoices.mail);
  return {
    name: 'invoicing',
    shared: invoicingShared,
    api: invoices,
    routes: invoicingRoutes(invoices, deps.store),
    pages: (app, table) => registerInvoicePage(app, table, invoices, payments, deps.store),
    resourceKinds: INVOICE_RESOURCE_KINDS,
    events: INVOICE_EVENTS,
    ledger: invoicePostings(),
    jobs: { [OVERDUE_JOB]: overdueJob(deps, invoices.mail) },
  };
}
