import type { Store } from '../../../store/store.js';
import { INVOICE_KIND, type StoredInvoice } from './types.js';

/**
 * An app's invoices, newest first, without its deleted drafts. Lists and searches read them all and
 * filter in memory: a sandbox app holds hundreds of invoices, not millions, and search matches on
 * computed totals and due dates that no column holds.
 */
export function appInvoices(store: Store, appId: string): StoredInvoice[] {
  return store.resources.find<StoredInvoice>({ kind: INVOICE_KIND, app: appId, notStatus: 'DELETED' });
}
