import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { INVOICE_LIMITS, PAYMENT_TERM_TYPES, type InvoiceRequest } from '../../../../shared/api/invoicing';
import { formatMinor } from '../../api/format';
import { ApiErrorAlert } from '../../components/api-error-alert';
import {
  checkDraft,
  describeField,
  draftOf,
  emptyDraft,
  emptyItem,
  type InvoiceDraft,
  type ItemDraft,
} from './invoice-draft';
import { createInvoice, sendInvoice, updateInvoice, type InvoiceView } from './invoices-api';
import { queryKeys } from '../../api/query-keys';
import { SelectField } from '../../components/select-field';

/**
 * The invoice form (create, or the full update of a draft or unpaid sent invoice): recipient, items
 * with their tax, discount, shipping, terms and payment options, and the totals the API will compute,
 * live, with the API's own problems named before anything is sent.
 */
export function InvoiceForm({
  invoice,
  onClose,
  onSaved,
}: {
  /** The invoice being edited; a new one when absent. */
  invoice?: InvoiceView;
  onClose(): void;
  onSaved(id: string): void;
}) {
  const [draft, setDraft] = useState<InvoiceDraft>(() => (invoice ? draftOf(invoice) : emptyDraft()));
  const [touched, setTouched] = useState(false);
  const merchantInfo = invoice?.merchant_info;
  const check = useMemo(() => checkDraft(draft, merchantInfo), [draft, merchantInfo]);
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: async ({ request, send }: { request: InvoiceRequest; send: boolean }) => {
      const saved = invoice ? await updateInvoice(invoice.id, request) : await createInvoice(request);
      if (send) await sendInvoice(saved.id);
      return saved;
    },
    onSuccess: (saved) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.resources.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.resource.all });
      onSaved(saved.id);
    },
  });
  const set = (patch: Partial<InvoiceDraft>) => setDraft((d) => ({ ...d, ...patch }));
  const setItem = (index: number, patch: Partial<ItemDraft>) =>
    setDraft((d) => ({
      ...d,
      items: d.items.map((item, i) => (i === index ? { ...item, ...patch } : item)),
    }));
  const problemAt = (prefix: string) => check.problems.find((p) => p.field.startsWith(prefix));
  const submit = (send: boolean) => {
    setTouched(true);
    if (check.request && check.problems.length === 0) save.mutate({ request: check.request, send });
  };
  const t = check.totals;
  const c = draft.currency;
  const canSend = !invoice || invoice.status === 'DRAFT';

  return (
    <>
      <DialogTitle id="invoice-form-title">
        {invoice ? `Edit invoice ${invoice.number}` : 'New invoice'}
      </DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2}>
          <Stack direction="row" sx={{ gap: 2, flexWrap: 'wrap' }}>
            <TextField
              label="Recipient e-mail"
              size="small"
              value={draft.recipientEmail}
              onChange={(e) => set({ recipientEmail: e.target.value })}
              sx={{ minWidth: 260 }}
              slotProps={{ htmlInput: { 'data-testid': 'invoice-recipient-email' } }}
            />
            <TextField
              label="First name"
              size="small"
              value={draft.firstName}
              onChange={(e) => set({ firstName: e.target.value })}
            />
            <TextField
              label="Last name"
              size="small"
              value={draft.lastName}
              onChange={(e) => set({ lastName: e.target.value })}
            />
            <TextField
              label="Number (blank: next)"
              size="small"
              value={draft.number}
              onChange={(e) => set({ number: e.target.value })}
              slotProps={{
                htmlInput: { maxLength: INVOICE_LIMITS.number, 'data-testid': 'invoice-number-input' },
              }}
            />
            <SelectField
              label="Currency"
              value={draft.currency}
              onChange={(currency) => set({ currency })}
              choices={['USD', 'EUR', 'GBP', 'CAD', 'AUD', 'JPY']}
              sx={{ width: 110 }}
            />
          </Stack>

          <Table size="small" data-testid="invoice-items">
            <TableHead>
              <TableRow>
                <TableCell>Item</TableCell>
                <TableCell sx={{ width: 100 }}>Quantity</TableCell>
                <TableCell sx={{ width: 130 }}>Unit price</TableCell>
                <TableCell sx={{ width: 130 }}>Tax name</TableCell>
                <TableCell sx={{ width: 100 }}>Tax %</TableCell>
                <TableCell align="right" sx={{ width: 130 }}>
                  Amount
                </TableCell>
                <TableCell sx={{ width: 48 }} />
              </TableRow>
            </TableHead>
            <TableBody>
              {draft.items.map((item, index) => (
                <TableRow key={index} data-testid={`invoice-item-${index}`}>
                  {(['name', 'quantity', 'unitPrice', 'taxName', 'taxPercent'] as const).map((key) => (
                    <TableCell key={key}>
                      <TextField
                        size="small"
                        fullWidth
                        value={item[key]}
                        error={touched && !!problemAt(`/items/${index}/${FIELD_OF[key]}`)}
                        onChange={(e) => setItem(index, { [key]: e.target.value })}
                        slotProps={{
                          htmlInput: {
                            'data-testid': `invoice-item-${index}-${key}`,
                            'aria-label': `Item ${index + 1} ${key}`,
                          },
                        }}
                      />
                    </TableCell>
                  ))}
                  <TableCell
                    align="right"
                    sx={{ fontVariantNumeric: 'tabular-nums' }}
                    data-testid={`invoice-item-${index}-amount`}
                  >
                    {t ? formatMinor(t.items[index]?.net, c) : '—'}
                  </TableCell>
                  <TableCell>
                    <IconButton
                      size="small"
                      aria-label={`Remove item ${index + 1}`}
                      disabled={draft.items.length === 1}
                      onClick={() => set({ items: draft.items.filter((_, i) => i !== index) })}
                    >
                      ×
                    </IconButton>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          <Box>
            <Button
              size="small"
              onClick={() => set({ items: [...draft.items, emptyItem()] })}
              disabled={draft.items.length >= INVOICE_LIMITS.maxItems}
              data-testid="invoice-add-item"
            >
              Add item
            </Button>
          </Box>

          <Stack direction="row" sx={{ gap: 2, flexWrap: 'wrap', alignItems: 'center' }}>
            <TextField
              label="Discount %"
              size="small"
              value={draft.discountPercent}
              onChange={(e) => set({ discountPercent: e.target.value })}
              sx={{ width: 120 }}
              slotProps={{ htmlInput: { 'data-testid': 'invoice-discount' } }}
            />
            <TextField
              label={`Shipping (${c})`}
              size="small"
              value={draft.shipping}
              onChange={(e) => set({ shipping: e.target.value })}
              sx={{ width: 140 }}
              slotProps={{ htmlInput: { 'data-testid': 'invoice-shipping' } }}
            />
            <FormControlLabel
              control={
                <Checkbox
                  checked={draft.taxInclusive}
                  onChange={(e) => set({ taxInclusive: e.target.checked })}
                />
              }
              label="Prices include tax"
            />
            <FormControlLabel
              control={
                <Checkbox
                  checked={draft.taxAfterDiscount}
                  onChange={(e) => set({ taxAfterDiscount: e.target.checked })}
                />
              }
              label="Tax after discount"
            />
          </Stack>

          <Stack direction="row" sx={{ gap: 2, flexWrap: 'wrap', alignItems: 'center' }}>
            <SelectField
              label="Payment term"
              value={draft.termType}
              onChange={(termType) => set({ termType: termType as InvoiceDraft['termType'] })}
              emptyChoice="A due date of my own"
              choices={PAYMENT_TERM_TYPES.filter((term) => term !== 'DUE_ON_DATE_SPECIFIED')}
              testId="invoice-term"
              sx={{ width: 220 }}
            />
            {draft.termType === '' ? (
              <TextField
                label="Due date"
                type="date"
                size="small"
                value={draft.dueDate}
                onChange={(e) => set({ dueDate: e.target.value })}
                slotProps={{ inputLabel: { shrink: true } }}
              />
            ) : null}
            <FormControlLabel
              control={
                <Checkbox
                  checked={draft.allowPartial}
                  onChange={(e) => set({ allowPartial: e.target.checked })}
                  slotProps={{ input: { 'data-testid': 'invoice-allow-partial' } as object }}
                />
              }
              label="Allow partial payment"
            />
            {draft.allowPartial ? (
              <TextField
                label={`Minimum due (${c})`}
                size="small"
                value={draft.minimumDue}
                onChange={(e) => set({ minimumDue: e.target.value })}
                sx={{ width: 160 }}
              />
            ) : null}
            <FormControlLabel
              control={
                <Checkbox
                  checked={draft.allowTip}
                  onChange={(e) => set({ allowTip: e.target.checked })}
                  slotProps={{ input: { 'data-testid': 'invoice-allow-tip' } as object }}
                />
              }
              label="Allow tip"
            />
          </Stack>

          <Stack direction="row" sx={{ gap: 2 }}>
            <TextField
              label="Note to the recipient"
              size="small"
              multiline
              minRows={2}
              fullWidth
              value={draft.note}
              onChange={(e) => set({ note: e.target.value })}
              slotProps={{ htmlInput: { maxLength: INVOICE_LIMITS.note } }}
            />
            <TextField
              label="Terms"
              size="small"
              multiline
              minRows={2}
              fullWidth
              value={draft.terms}
              onChange={(e) => set({ terms: e.target.value })}
              slotProps={{ htmlInput: { maxLength: INVOICE_LIMITS.terms } }}
            />
          </Stack>

          <Box data-testid="invoice-totals" sx={{ alignSelf: 'flex-end', minWidth: 280 }}>
            <TotalRow label="Subtotal" value={t ? formatMinor(t.subtotal, c) : '—'} />
            <TotalRow label="Discount" value={t ? formatMinor(-t.discount, c) : '—'} />
            <TotalRow
              label={draft.taxInclusive ? 'Tax (included)' : 'Tax'}
              value={t ? formatMinor(t.tax, c) : '—'}
              testId="invoice-tax-total"
            />
            <TotalRow label="Shipping" value={t ? formatMinor(t.shipping, c) : '—'} />
            <TotalRow
              label="Total"
              value={t ? formatMinor(t.total, c) : '—'}
              testId="invoice-draft-total"
              strong
            />
          </Box>

          {check.problems.length > 0 &&
          (touched || check.problems.some((p) => p.issue !== 'INVALID_PARAMETER_VALUE')) ? (
            <Alert severity="warning" data-testid="invoice-form-problems">
              {check.problems.map((p) => (
                <div key={p.field + p.issue}>
                  {describeField(p.field)}: {p.description}
                </div>
              ))}
            </Alert>
          ) : null}
          {save.error ? (
            <ApiErrorAlert error={save.error} title="Saving failed" testId="invoice-form-error" />
          ) : null}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button
          onClick={() => submit(false)}
          disabled={save.isPending || (touched && check.problems.length > 0)}
          data-testid="invoice-save"
        >
          {invoice ? 'Save' : 'Save draft'}
        </Button>
        {canSend ? (
          <Button
            variant="contained"
            onClick={() => submit(true)}
            disabled={save.isPending || (touched && check.problems.length > 0)}
            data-testid="invoice-save-send"
          >
            Save and send
          </Button>
        ) : null}
      </DialogActions>
    </>
  );
}

/** The request member each item column fills (for the problem that names it). */
const FIELD_OF: Record<keyof ItemDraft, string> = {
  name: 'name',
  quantity: 'quantity',
  unitPrice: 'unit_price',
  taxName: 'tax',
  taxPercent: 'tax',
};

function TotalRow({
  label,
  value,
  testId,
  strong,
}: {
  label: string;
  value: string;
  testId?: string;
  strong?: boolean;
}) {
  return (
    <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 4 }}>
      <Typography variant="body2" sx={{ fontWeight: strong ? 700 : 400 }}>
        {label}
      </Typography>
      <Typography
        variant="body2"
        sx={{ fontWeight: strong ? 700 : 400, fontVariantNumeric: 'tabular-nums' }}
        data-testid={testId}
      >
        {value}
      </Typography>
    </Stack>
  );
}
