import { defineFeature } from '../feature';
import { lazyPage } from '../lazy-page';

const InvoiceDetailPage = lazyPage(() => import('./invoice-detail-page'), 'InvoiceDetailPage');
const InvoicesPage = lazyPage(() => import('./invoices-page'), 'InvoicesPage');

/**
 * Invoicing v1: the invoices with search, the form with items, taxes, discount and live totals, and each
 * invoice's machine with send, remind, cancel, record payment and the customer's page.
 */
export const invoicesFeature = defineFeature({
  name: 'invoices',
  nav: [{ section: 'Billing', path: 'invoices', label: 'Invoices' }],
  routes: { invoices: { list: InvoicesPage, detail: InvoiceDetailPage } },
  kinds: { invoice: 'invoices' },
});
