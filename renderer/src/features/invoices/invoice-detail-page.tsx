import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { invoiceMachine, type InvoiceStatus, type InvoiceTrigger } from '../../../../shared/api/invoicing';
import { ApiCallError } from '../../api/api-call';
import { formatMinor } from '../../api/format';
import { machineAvailability } from '../../api/machine-actions';
import { queryKeys } from '../../api/query-keys';
import { hrefFor, navigate } from '../../app/router';
import { bridge } from '../../bridge';
import { ApiErrorAlert } from '../../components/api-error-alert';
import { BackLink } from '../../components/detail-parts';
import { DetailHeader, DetailMeta } from '../../components/detail-header';
import { LifecyclePanel } from '../../components/lifecycle-panel';
import { JsonView } from '../../components/json-view';
import { MONO } from '../../components/mono-font';
import { QueryState } from '../../components/query-state';
import { Section } from '../../components/section';
import { type MachineAction } from '../../components/state-machine-view';
import { InvoiceForm } from './invoice-form';
import { formatMoneyV1, isOverdue, v1Day } from './invoice-format';
import {
  cancelInvoice,
  deleteInvoice,
  getInvoice,
  remindInvoice,
  sendInvoice,
  type InvoiceView,
} from './invoices-api';
import { invoiceAmounts, suggestedRefund } from './invoice-amounts';
import { RecordDialog } from './record-dialog';
import { useToday } from './use-today';
import { useResourceDetail } from '../../api/use-resource-detail';
import { ColumnsTable } from '../../components/columns-table';

/**
 * `#/invoices/<id>`: one invoice as the API shows it: recipient, items and totals, payments and refunds,
 * its machine with every operation (send, remind, cancel, delete, edit, record a payment or a refund,
 * the customer's page), its history and raw JSON.
 */
export function InvoiceDetailPage({ id }: { id: string }) {
  const invoice = useQuery({
    queryKey: queryKeys.invoices.detail(id),
    queryFn: () => getInvoice(id),
    retry: (failures, error) => !(error instanceof ApiCallError && error.status === 404) && failures < 2,
  });
  if (invoice.error instanceof ApiCallError && invoice.error.status === 404) {
    return (
      <Alert severity="info" data-testid="invoice-not-found">
        No invoice {id} (a deleted draft is gone). <Link href={hrefFor('/invoices')}>All invoices</Link>
      </Alert>
    );
  }
  return (
    <QueryState loading={invoice.isLoading} error={invoice.error}>
      {invoice.data ? <InvoiceDetail invoice={invoice.data} /> : null}
    </QueryState>
  );
}

function InvoiceDetail({ invoice }: { invoice: InvoiceView }) {
  const status = invoice.status as InvoiceStatus;
  const today = useToday();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [recording, setRecording] = useState<'payment' | 'refund' | undefined>();
  const history = useResourceDetail('invoice', invoice.id);
  const operation = useMutation({
    mutationFn: async (trigger: InvoiceTrigger) => {
      if (trigger === 'send') await sendInvoice(invoice.id);
      else if (trigger === 'remind') await remindInvoice(invoice.id);
      else if (trigger === 'cancel') await cancelInvoice(invoice.id);
      else if (trigger === 'delete') await deleteInvoice(invoice.id);
      return trigger;
    },
    onSuccess: (trigger) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.resource.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.resources.all });
      if (trigger === 'delete') navigate('/invoices');
    },
  });
  const payerView = invoice.metadata.payer_view_url;
  const action = (trigger: InvoiceTrigger, label: string, onClick: () => void): MachineAction => ({
    key: trigger,
    label,
    onClick,
    ...machineAvailability(invoiceMachine, status, trigger),
    busy: operation.isPending && operation.variables === trigger,
  });
  const actions: MachineAction[] = [
    action('send', 'Send', () => operation.mutate('send')),
    action('update', 'Edit', () => setEditing(true)),
    action('remind', 'Remind', () => operation.mutate('remind')),
    action('mark-paid', 'Record payment', () => setRecording('payment')),
    action('refund', 'Record refund', () => setRecording('refund')),
    action('cancel', 'Cancel', () => operation.mutate('cancel')),
    action('delete', 'Delete draft', () => operation.mutate('delete')),
    action('pay', 'Open customer page', () => openCustomerPage(payerView)),
  ];

  return (
    <Stack spacing={2} data-testid="invoice-detail" data-invoice-id={invoice.id} data-status={status}>
      <BackLink to="/invoices" label="All invoices" />
      <DetailHeader
        title={invoice.number}
        titleTestId="invoice-number"
        status={status}
        statusTestId="invoice-status"
        badges={
          isOverdue(status, invoice.payment_term?.due_date, today) ? (
            <Chip color="error" label="Overdue" data-testid="invoice-overdue" />
          ) : null
        }
        figures={
          <Typography variant="h6" data-testid="invoice-total">
            {formatMoneyV1(invoice.total_amount)}
          </Typography>
        }
      >
        <DetailMeta>
          <span data-testid="invoice-id" style={{ fontFamily: MONO }}>
            {invoice.id}
          </span>
          <span>To {invoice.billing_info[0]?.email ?? 'no e-mail (share the link yourself)'}</span>
          <span>Issued {v1Day(invoice.invoice_date)}</span>
          <span data-testid="invoice-due-date">Due {v1Day(invoice.payment_term?.due_date)}</span>
          <Link href={payerView} target="_blank" rel="noreferrer" data-testid="invoice-payer-view-link">
            Customer's invoice page ↗
          </Link>
        </DetailMeta>
      </DetailHeader>

      <Paper sx={{ p: 2.5 }}>
        <ColumnsTable
          columns={[
            'Item',
            { label: 'Quantity', align: 'right' },
            { label: 'Unit price', align: 'right' },
            { label: 'Tax', align: 'right' },
          ]}
          testId="invoice-items-view"
        >
          {(invoice.items ?? []).map((item, index) => (
            <TableRow key={index}>
              <TableCell>{item.name}</TableCell>
              <TableCell align="right">{item.quantity}</TableCell>
              <TableCell align="right">{formatMoneyV1(item.unit_price)}</TableCell>
              <TableCell align="right">
                {item.tax ? `${item.tax.name} ${item.tax.percent}%: ${formatMoneyV1(item.tax.amount)}` : '—'}
              </TableCell>
            </TableRow>
          ))}
        </ColumnsTable>
        <InvoiceAmounts invoice={invoice} />
        {(invoice.payments ?? []).length > 0 || (invoice.refunds ?? []).length > 0 ? (
          <Box sx={{ mt: 2 }} data-testid="invoice-payments">
            <Typography variant="subtitle2">Payments and refunds</Typography>
            {(invoice.payments ?? []).map((p, i) => (
              <Typography key={`p${i}`} variant="body2" data-testid="invoice-payment">
                {p.date} · {p.type === 'SVC' ? 'paid by the customer' : 'recorded'} ({p.method}){' '}
                {formatMoneyV1(p.amount)}
                {p.tip ? ` + tip ${formatMoneyV1(p.tip)}` : ''}
                {p.transaction_id ? (
                  <>
                    {' · '}
                    <Link
                      href={hrefFor(`/support/${p.transaction_id}`)}
                      sx={{ fontFamily: MONO }}
                      data-testid="invoice-payment-transaction"
                    >
                      {p.transaction_id}
                    </Link>
                  </>
                ) : null}
              </Typography>
            ))}
            {(invoice.refunds ?? []).map((r, i) => (
              <Typography key={`r${i}`} variant="body2">
                {r.date} · refund recorded {formatMoneyV1(r.amount)}
              </Typography>
            ))}
          </Box>
        ) : null}
      </Paper>

      <LifecyclePanel
        title="Invoice lifecycle"
        machine={invoiceMachine}
        current={status}
        history={history.data?.history ?? []}
        actions={actions}
      >
        <ApiErrorAlert
          error={operation.error}
          title="The operation failed"
          onClose={() => operation.reset()}
          spaced
        />
      </LifecyclePanel>
      <Section title="Raw JSON">
        <JsonView value={invoice} maxHeight={480} testId="invoice-json" />
      </Section>

      <Dialog
        open={editing}
        maxWidth="lg"
        fullWidth
        scroll="paper"
        aria-labelledby="invoice-form-title"
        data-testid="invoice-form-dialog"
      >
        {editing ? (
          <InvoiceForm
            invoice={invoice}
            onClose={() => setEditing(false)}
            onSaved={() => setEditing(false)}
          />
        ) : null}
      </Dialog>
      <RecordDialog
        kind={recording}
        invoiceId={invoice.id}
        currency={invoice.total_amount.currency}
        suggested={recording === 'refund' ? suggestedRefund(invoice) : ''}
        onClose={() => setRecording(undefined)}
      />
    </Stack>
  );
}

/** The customer's page: the user's browser under Electron (the host opens it), a new tab in a browser. */
function openCustomerPage(url: string): void {
  if (window.workbench) void bridge.openExternal({ url });
  else window.open(url, '_blank', 'noopener,noreferrer');
}

/** The invoice's computed amounts as the API answered them, and what is paid and still due. */
function InvoiceAmounts({ invoice }: { invoice: InvoiceView }) {
  const currency = invoice.total_amount.currency;
  const { paid, due } = invoiceAmounts(invoice);
  const rows: [string, string, string?][] = [
    ...(invoice.discount?.amount
      ? [['Discount', `-${formatMoneyV1(invoice.discount.amount)}`] as [string, string]]
      : []),
    ...(invoice.shipping_cost?.amount
      ? [['Shipping', formatMoneyV1(invoice.shipping_cost.amount)] as [string, string]]
      : []),
    ...(invoice.custom?.amount
      ? [[invoice.custom.label ?? 'Other', formatMoneyV1(invoice.custom.amount)] as [string, string]]
      : []),
    ['Total', formatMoneyV1(invoice.total_amount)],
    ['Paid', formatMinor(paid, currency), 'invoice-paid'],
    ['Due', formatMinor(due, currency), 'invoice-due'],
  ];
  return (
    <Box sx={{ mt: 2, ml: 'auto', maxWidth: 320 }} data-testid="invoice-amounts">
      {rows.map(([label, value, testId]) => (
        <Stack key={label} direction="row" sx={{ justifyContent: 'space-between', gap: 4 }}>
          <Typography variant="body2">{label}</Typography>
          <Typography variant="body2" sx={{ fontVariantNumeric: 'tabular-nums' }} data-testid={testId}>
            {value}
          </Typography>
        </Stack>
      ))}
    </Box>
  );
}
