import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { SEARCHABLE_STATUSES, type InvoiceSearch } from '../../../../shared/api/invoicing';
import { hrefFor, navigate } from '../../app/router';
import { MONO } from '../../components/mono-font';
import { StatusChip } from '../../components/status-chip';
import { useDebounced } from '../../components/use-debounced';
import { InvoiceForm } from './invoice-form';
import { formatMoneyV1, isOverdue, v1Day } from './invoice-format';
import { searchInvoices } from './invoices-api';
import { useToday } from './use-today';
import { queryKeys } from '../../api/query-keys';
import { SelectField } from '../../components/select-field';
import { ListTable } from '../../components/list-table';

const PAGE_SIZE = 20;

interface Criteria {
  status: string;
  email: string;
  number: string;
  lower: string;
  upper: string;
}

/** The search body of the criteria (`POST /v1/invoicing/search`), empty members left out. */
function searchOf(criteria: Criteria, page: number): InvoiceSearch {
  const text = (value: string) => (value.trim() ? value.trim() : undefined);
  const body: InvoiceSearch = { page: page * PAGE_SIZE, page_size: PAGE_SIZE, total_count_required: true };
  if (criteria.status) body.status = [criteria.status as NonNullable<InvoiceSearch['status']>[number]];
  if (text(criteria.email)) body.email = text(criteria.email);
  if (text(criteria.number)) body.number = text(criteria.number);
  if (/^\d+(\.\d+)?$/.test(criteria.lower.trim())) body.lower_total_amount = criteria.lower.trim();
  if (/^\d+(\.\d+)?$/.test(criteria.upper.trim())) body.upper_total_amount = criteria.upper.trim();
  return body;
}

/**
 * The Invoices page: the merchant's invoices through the API's own search (status, recipient, number,
 * total), newest first, with the create form.
 */
export function InvoicesPage() {
  const [creating, setCreating] = useState(false);
  const [criteria, setCriteria] = useState<Criteria>({
    status: '',
    email: '',
    number: '',
    lower: '',
    upper: '',
  });
  const [page, setPage] = useState(0);
  const settled = useDebounced(criteria, 300);
  const search = searchOf(settled, page);
  const today = useToday();
  const result = useQuery({
    queryKey: queryKeys.invoices.search(search),
    queryFn: () => searchInvoices(search),
    placeholderData: keepPreviousData,
  });
  const set = (patch: Partial<Criteria>) => {
    setCriteria((c) => ({ ...c, ...patch }));
    setPage(0);
  };
  const total = result.data?.total_count ?? 0;

  return (
    <Stack spacing={2} data-testid="invoices-page">
      <Stack direction="row" sx={{ alignItems: 'center', gap: 2 }}>
        <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }}>
          Invoices
        </Typography>
        <Button variant="contained" onClick={() => setCreating(true)} data-testid="create-invoice-button">
          New invoice
        </Button>
      </Stack>
      <Typography variant="body2" color="text.secondary">
        Invoicing v1 is deprecated on the platform (replaced by <code>/v2/invoices</code>); it answers as
        before.
      </Typography>
      <Paper sx={{ p: 2 }}>
        <Stack direction="row" sx={{ gap: 2, flexWrap: 'wrap' }}>
          <SelectField
            label="Status"
            value={criteria.status}
            onChange={(status) => set({ status })}
            emptyChoice="Any"
            choices={SEARCHABLE_STATUSES}
            testId="invoice-search-status"
            sx={{ width: 200 }}
          />
          <TextField
            size="small"
            label="Recipient e-mail starts with"
            value={criteria.email}
            onChange={(e) => set({ email: e.target.value })}
            slotProps={{ htmlInput: { 'data-testid': 'invoice-search-email' } }}
          />
          <TextField
            size="small"
            label="Number contains"
            value={criteria.number}
            onChange={(e) => set({ number: e.target.value })}
            slotProps={{ htmlInput: { 'data-testid': 'invoice-search-number' } }}
          />
          <TextField
            size="small"
            label="Total from"
            value={criteria.lower}
            onChange={(e) => set({ lower: e.target.value })}
            sx={{ width: 120 }}
          />
          <TextField
            size="small"
            label="Total to"
            value={criteria.upper}
            onChange={(e) => set({ upper: e.target.value })}
            sx={{ width: 120 }}
          />
        </Stack>
      </Paper>
      <Paper>
        <ListTable
          query={result}
          empty={result.data?.invoices.length === 0}
          emptyText="No invoices match. Create one with New invoice."
          columns={['Number', 'Recipient', 'Status', 'Date', 'Due', { label: 'Total', align: 'right' }]}
          testId="invoices-table"
          footer={
            <Stack direction="row" sx={{ p: 1, gap: 1, alignItems: 'center', justifyContent: 'flex-end' }}>
              <Typography variant="body2" color="text.secondary" data-testid="invoice-count">
                {total} invoice{total === 1 ? '' : 's'}
              </Typography>
              <Box sx={{ flexGrow: 1 }} />
              <Button size="small" disabled={page === 0} onClick={() => setPage(page - 1)}>
                Previous
              </Button>
              <Button
                size="small"
                disabled={(page + 1) * PAGE_SIZE >= total}
                onClick={() => setPage(page + 1)}
              >
                Next
              </Button>
            </Stack>
          }
        >
          {(result.data?.invoices ?? []).map((invoice) => (
            <TableRow
              key={invoice.id}
              hover
              data-testid="invoice-row"
              data-invoice-id={invoice.id}
              data-status={invoice.status}
            >
              <TableCell sx={{ fontFamily: MONO }}>
                <Link
                  href={hrefFor(`/invoices/${encodeURIComponent(invoice.id)}`)}
                  data-testid="invoice-link"
                >
                  {invoice.number}
                </Link>
              </TableCell>
              <TableCell>{invoice.billing_info[0]?.email ?? '—'}</TableCell>
              <TableCell>
                <StatusChip status={invoice.status} />
                {isOverdue(invoice.status, invoice.payment_term?.due_date, today) ? (
                  <Chip size="small" color="error" label="Overdue" sx={{ ml: 1 }} />
                ) : null}
              </TableCell>
              <TableCell>{v1Day(invoice.invoice_date)}</TableCell>
              <TableCell>{v1Day(invoice.payment_term?.due_date)}</TableCell>
              <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                {formatMoneyV1(invoice.total_amount)}
              </TableCell>
            </TableRow>
          ))}
        </ListTable>
      </Paper>
      <Dialog
        open={creating}
        maxWidth="lg"
        fullWidth
        scroll="paper"
        aria-labelledby="invoice-form-title"
        data-testid="invoice-form-dialog"
      >
        {creating ? (
          <InvoiceForm
            onClose={() => setCreating(false)}
            onSaved={(id) => {
              setCreating(false);
              navigate(`/invoices/${encodeURIComponent(id)}`);
            }}
          />
        ) : null}
      </Dialog>
    </Stack>
  );
}
