import { invoiceMachine, type InvoiceStatus } from '../../../../shared/api/invoicing/machines.js';
import { findTransition } from '../../../../shared/machines/machine.js';
import { isoSeconds } from '../../../clock.js';
import type { JobHandler } from '../../../scheduler.js';
import type { GroupDeps } from '../../group-deps.js';
import { transition } from '../../transition.js';
import { overdueAtMs } from './dates.js';
import type { InvoiceMail } from './invoice-mail.js';
import { INVOICE_KIND, type StoredInvoice } from './types.js';
import { dueDate } from './views.js';

/** The day after an invoice's due date: an automatic reminder if it is still not paid. */
export const OVERDUE_JOB = 'invoicing.overdue';
const overdueKey = (id: string): string => `${OVERDUE_JOB}:${id}`;

/**
 * Due dates move on the simulated clock: when a sent invoice has a due date, a job waits for the day
 * after it (moved when an update changes the date, dropped when the invoice has none).
 */
export function scheduleOverdue(deps: GroupDeps, invoice: StoredInvoice): void {
  const due = dueDate(invoice);
  if (!due) {
    deps.scheduler.cancel(overdueKey(invoice.id));
    return;
  }
  deps.scheduler.schedule(OVERDUE_JOB, overdueAtMs(due), { id: invoice.id }, overdueKey(invoice.id));
}

/**
 * The overdue job: an invoice still payable past its due date gets one automatic reminder (an e-mail
 * to the customer and a copy to the merchant), recorded in its history as a `remind`.
 */
export function overdueJob(deps: GroupDeps, mail: InvoiceMail): JobHandler {
  return (payload, run) => {
    const { id } = payload as { id: string };
    const invoice = deps.store.resources.get<StoredInvoice['body'], StoredInvoice['internal']>(
      INVOICE_KIND,
      id,
    );
    if (!invoice || !findTransition(invoiceMachine, invoice.status as InvoiceStatus, 'remind')) return;
    const due = dueDate(invoice);
    if (!due || invoice.internal.overdue_notified === due || overdueAtMs(due) > run.now) return;
    invoice.internal.overdue_notified = due;
    transition(deps, invoiceMachine, invoice, 'remind', {
      at: isoSeconds(run.dueAt),
      note: `overdue since ${due}: automatic reminder`,
    });
    mail.reminder(
      invoice,
      deps.store.accounts.byId(invoice.internal.merchant_id),
      { toMerchant: true },
      true,
    );
  };
}
