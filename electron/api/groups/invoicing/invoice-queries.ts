import type { Store } from '../../../store/store.js';
import { INVOICE_KIND, type StoredInvoice } from './types.js';

// An app's invoices, newest first, without its deleted drafts. Lists and searches read them all and
// filter in memory: a sandbox app holds hundreds of invoices, not millions, and search matches on
// computed totals and due dates that no column holds.
const APP_INVOICES_SQL = `SELECT kind, id, app_id, status, parent_id, root_id, create_time, update_time, body, internal
  FROM resources WHERE kind = '${INVOICE_KIND}' AND app_id = ? AND status <> 'DELETED'
  ORDER BY create_time DESC, rowid DESC`;

interface Row extends Omit<StoredInvoice, 'body' | 'internal'> {
  body: string;
  internal: string;
}

export function appInvoices(store: Store, appId: string): StoredInvoice[] {
  return (store.db.prepare(APP_INVOICES_SQL).all(appId) as unknown as Row[]).map((row) => ({
    ...row,
    body: JSON.parse(row.body) as StoredInvoice['body'],
    internal: JSON.parse(row.internal) as StoredInvoice['internal'],
  }));
}
