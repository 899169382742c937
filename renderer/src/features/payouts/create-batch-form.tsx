import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useRef, useState } from 'react';
import { ApiCallError, linksOf, newRequestId } from '../../api/api-call';
import { queryKeys } from '../../api/query-keys';
import { hrefFor } from '../../app/router';
import { useUi } from '../../app/ui-store';
import { ApiErrorAlert } from '../../components/api-error-alert';
import { FundDialog, useMerchantBalances } from './funding-bar';
import { shortfalls } from './funding-shortfall';
import { MONO } from '../../components/mono-font';
import { ItemGrid, type GridRow } from './item-grid';
import { CsvImportStatus, useCsvImport } from './csv-import';
import { CSV_HEADER, itemsToCsv } from './payout-csv';
import {
  buildCreateRequest,
  editItem,
  HEADER_FIELDS,
  hasErrors,
  isInvalid,
  mapApiErrors,
  MAX_PAYOUT_ITEMS,
  newItem,
  newSenderBatchId,
  draftTotals,
  validateHeader,
  withApiErrors,
  type DraftHeader,
  type DraftItem,
  type HeaderErrors,
  type HeaderField,
  type ItemField,
} from './payout-draft';
import { createPayoutBatch } from './payouts-api';
import { SandboxReceiversHelp } from './sandbox-receivers-help';
import { saveFile } from '../../components/save-file';
import { DialogButtons } from '../../components/dialog-buttons';

/**
 * The create-batch form: the sender batch header, the item grid (typed, or imported from CSV) with every
 * row checked before anything is sent, and the send. Test ids: `payout-header-<field>`,
 * `payout-csv-input`, `payout-add-item`, `payout-invalid-count`, `payout-only-invalid`,
 * `payout-remove-invalid`, `payout-next-problem`, `payout-create-submit`, `payout-create-error`.
 */

const HEADER_LABELS: Record<HeaderField, string> = {
  sender_batch_id: 'Sender batch id',
  email_subject: 'E-mail subject',
  email_message: 'E-mail message',
};

const TEMPLATE = `${CSV_HEADER}\r\nEMAIL,buyer@example.com,10.00,USD,"Thanks, see you soon",item-1\r\n`;

/** The batch a refused duplicate `sender_batch_id` belongs to: its detail links the original payout. */
function duplicateOf(error: ApiCallError): string | undefined {
  for (const detail of error.details) {
    if (detail.issue !== 'DUPLICATE_SENDER_BATCH_ID') continue;
    const href = linksOf({ links: (detail as { link?: unknown }).link }).find((l) => l.rel === 'self')?.href;
    return href?.split('?')[0]?.split('/').pop();
  }
  return undefined;
}

/** The size of the request body the form would send, in bytes (UTF-8). */
function requestBytes(header: DraftHeader, items: readonly DraftItem[]): number {
  return new TextEncoder().encode(JSON.stringify(buildCreateRequest(header, items))).length;
}

const formatBytes = (bytes: number): string =>
  bytes < 1024 * 1024 ? `${Math.ceil(bytes / 1024)} KB` : `${(bytes / (1024 * 1024)).toFixed(1)} MB`;

export function CreateBatchForm({
  onClose,
  onCreated,
}: {
  onClose(): void;
  onCreated(batchId: string): void;
}) {
  const queryClient = useQueryClient();
  const notify = useUi((s) => s.notify);
  const [header, setHeader] = useState<DraftHeader>(() => ({
    sender_batch_id: newSenderBatchId(),
    email_subject: 'You have a payout!',
    email_message: '',
  }));
  const [headerApiErrors, setHeaderApiErrors] = useState<HeaderErrors>({});
  const [items, setItems] = useState<DraftItem[]>(() => [newItem()]);
  const [onlyProblems, setOnlyProblems] = useState<ReadonlySet<number> | undefined>();
  const [scrollTo, setScrollTo] = useState<{ position: number }>();
  // Every edit is a new version; a resend of the same version (after a 5xx) reuses its Svc-Request-Id.
  const [version, setVersion] = useState(0);
  const retry = useRef<{ version: number; requestId: string } | undefined>(undefined);
  const fileInput = useRef<HTMLInputElement>(null);

  const changed = () => setVersion((v) => v + 1);

  const onEdit = useCallback((key: number, field: ItemField, value: string) => {
    setItems((rows) => rows.map((row) => (row.key === key ? editItem(row, field, value) : row)));
    changed();
  }, []);
  const onRemove = useCallback((key: number) => {
    setItems((rows) => rows.filter((row) => row.key !== key));
    changed();
  }, []);

  const headerErrors = useMemo(() => validateHeader(header), [header]);
  const invalid = useMemo(() => {
    const positions: number[] = [];
    items.forEach((item, index) => {
      if (isInvalid(item) || item.apiErrors) positions.push(index);
    });
    return positions;
  }, [items]);
  const invalidCount = useMemo(() => items.filter(isInvalid).length, [items]);
  const totals = useMemo(() => draftTotals(items), [items]);
  const { balances } = useMerchantBalances();
  // Told before sending: the sandbox denies a batch the balance cannot fund, fees included, and pays nothing.
  const unfunded = useMemo(() => shortfalls(totals, balances), [totals, balances]);
  const [funding, setFunding] = useState(false);
  const rows: GridRow[] = useMemo(() => {
    const all = items.map((item, index) => ({ item, index }));
    return onlyProblems ? all.filter((row) => onlyProblems.has(row.item.key)) : all;
  }, [items, onlyProblems]);

  const create = useMutation({
    mutationFn: (requestId: string) => createPayoutBatch(buildCreateRequest(header, items), requestId),
    onSuccess: (response) => {
      retry.current = undefined;
      const batch = (response.body as { batch_header?: { payout_batch_id?: string; batch_status?: string } })
        .batch_header;
      void queryClient.invalidateQueries({ queryKey: queryKeys.resources.all });
      notify(
        `Payout batch ${batch?.payout_batch_id ?? ''} created (${batch?.batch_status ?? 'PENDING'})`,
        'success',
      );
      if (batch?.payout_batch_id) onCreated(batch.payout_batch_id);
      else onClose();
    },
    onError: (error, requestId) => {
      // After a 5xx or a lost answer the same batch may be resent safely with the same request id.
      if (!(error instanceof ApiCallError) || error.status >= 500) retry.current = { version, requestId };
      if (!(error instanceof ApiCallError)) return;
      const mapped = mapApiErrors(error.details, items.length);
      setHeaderApiErrors(mapped.header);
      setItems((rows) => withApiErrors(rows, mapped));
      const first = [...mapped.items.keys()].sort((a, b) => a - b)[0];
      if (first !== undefined) {
        setOnlyProblems(undefined);
        setScrollTo({ position: first });
      }
    },
  });

  const send = () => {
    const requestId = retry.current?.version === version ? retry.current.requestId : newRequestId();
    create.mutate(requestId);
  };

  const csv = useCsvImport((rows) => {
    setItems(rows);
    setOnlyProblems(undefined);
    setScrollTo({ position: 0 });
    create.reset();
    changed();
  });

  const toggleOnlyProblems = (on: boolean) => {
    setOnlyProblems(on ? new Set(invalid.map((index) => items[index]?.key ?? -1)) : undefined);
    setScrollTo({ position: 0 });
  };

  const nextProblem = () => {
    if (invalid.length === 0) return;
    setOnlyProblems(undefined);
    // The first problem below the one last jumped to, wrapping around.
    const after = scrollTo?.position ?? -1;
    setScrollTo({ position: invalid.find((index) => index > after) ?? invalid[0] ?? 0 });
  };

  const removeInvalid = () => {
    setItems((current) => current.filter((item) => !isInvalid(item)));
    setOnlyProblems(undefined);
    changed();
  };

  const importing = csv.importing;
  const originalBatch = create.error instanceof ApiCallError ? duplicateOf(create.error) : undefined;
  const blocked =
    items.length === 0 ||
    items.length > MAX_PAYOUT_ITEMS ||
    invalidCount > 0 ||
    hasErrors(headerErrors) ||
    importing;

  return (
    <>
      <DialogTitle id="create-payout-title">Create payout batch</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2}>
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
            {HEADER_FIELDS.map((field) => {
              const error = headerErrors[field] ?? headerApiErrors[field];
              return (
                <TextField
                  key={field}
                  label={HEADER_LABELS[field]}
                  value={header[field]}
                  required={field === 'sender_batch_id'}
                  onChange={(e) => {
                    setHeader((h) => ({ ...h, [field]: e.target.value }));
                    setHeaderApiErrors((errors) => {
                      const next = { ...errors };
                      delete next[field];
                      return next;
                    });
                    changed();
                  }}
                  error={!!error}
                  helperText={
                    error ??
                    (field === 'sender_batch_id'
                      ? 'Unique for 30 days: the API refuses a batch id it has seen.'
                      : ' ')
                  }
                  size="small"
                  sx={{ flex: field === 'email_message' ? 2 : 1 }}
                  slotProps={{
                    htmlInput: {
                      'data-testid': `payout-header-${field}`,
                      ...(field === 'sender_batch_id'
                        ? { style: { fontFamily: MONO }, spellCheck: false }
                        : {}),
                    },
                    formHelperText: {
                      'data-testid': `payout-header-${field}-helper`,
                      'data-error': error ? 'true' : 'false',
                    } as object,
                  }}
                />
              );
            })}
          </Stack>

          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
            <Button
              variant="outlined"
              size="small"
              onClick={() => {
                setItems((current) => [...current, newItem()]);
                setOnlyProblems(undefined);
                setScrollTo({ position: items.length });
                changed();
              }}
              disabled={items.length >= MAX_PAYOUT_ITEMS || importing}
              data-testid="payout-add-item"
            >
              Add row
            </Button>
            <Button
              variant="outlined"
              size="small"
              onClick={() => fileInput.current?.click()}
              disabled={importing}
              title="Replaces the rows of the grid"
            >
              Import CSV…
            </Button>
            <input
              ref={fileInput}
              type="file"
              accept=".csv,text/csv,text/plain"
              hidden
              onChange={(e) => void csv.importFile(e)}
              data-testid="payout-csv-input"
            />
            <Link
              component="button"
              type="button"
              variant="body2"
              onClick={() => saveFile('payouts-template.csv', [TEMPLATE], 'text/csv')}
            >
              CSV template
            </Link>
            <Link
              component="button"
              type="button"
              variant="body2"
              onClick={() =>
                saveFile(`${header.sender_batch_id || 'payouts'}.csv`, [itemsToCsv(items)], 'text/csv')
              }
              disabled={items.length === 0}
            >
              Export rows
            </Link>
            <Box sx={{ flexGrow: 1 }} />
            <Typography variant="body2" data-testid="payout-row-count">
              {items.length.toLocaleString('en-US')} row{items.length === 1 ? '' : 's'}
            </Typography>
            <Typography
              variant="body2"
              color={invalidCount > 0 ? 'error' : 'text.secondary'}
              data-testid="payout-invalid-count"
              data-count={invalidCount}
            >
              {invalidCount === 0 ? 'no problems' : `${invalidCount.toLocaleString('en-US')} with problems`}
            </Typography>
            <Tooltip title="The sandbox's fee schedule: 2% of each item, with a minimum and a cap per currency. Items that are not paid are not charged; returned items get their fee back.">
              <Typography variant="body2" sx={{ fontFamily: MONO }} data-testid="payout-draft-total">
                {totals.length === 0
                  ? '—'
                  : totals.map((t) => `${t.amount} ${t.currency} + ${t.fees} fees`).join(' · ')}
              </Typography>
            </Tooltip>
          </Stack>

          {csv.state ? (
            <CsvImportStatus state={csv.state} rowCount={items.length} onDismiss={csv.dismiss} />
          ) : null}

          {invalid.length > 0 || onlyProblems ? (
            <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
              <FormControlLabel
                control={
                  <Switch
                    size="small"
                    checked={!!onlyProblems}
                    onChange={(e) => toggleOnlyProblems(e.target.checked)}
                    slotProps={{ input: { 'data-testid': 'payout-only-invalid' } as object }}
                  />
                }
                label="Only rows with problems"
              />
              <Button size="small" onClick={nextProblem} data-testid="payout-next-problem">
                Go to next problem
              </Button>
              <Button
                size="small"
                color="error"
                onClick={removeInvalid}
                disabled={invalidCount === 0}
                data-testid="payout-remove-invalid"
              >
                Remove {invalidCount.toLocaleString('en-US')} row{invalidCount === 1 ? '' : 's'} with problems
              </Button>
            </Stack>
          ) : null}

          {items.length > 0 ? (
            <ItemGrid rows={rows} onEdit={onEdit} onRemove={onRemove} scrollTo={scrollTo} />
          ) : (
            <Typography color="text.secondary" data-testid="payout-no-rows">
              No rows: add one or import a CSV file with the header <code>{CSV_HEADER}</code>.
            </Typography>
          )}

          <SandboxReceiversHelp />

          {unfunded.length > 0 ? (
            <Alert
              severity="warning"
              data-testid="payout-underfunded"
              action={
                <Button
                  color="inherit"
                  size="small"
                  onClick={() => setFunding(true)}
                  data-testid="payout-underfunded-fund"
                >
                  Add funds
                </Button>
              }
            >
              The merchant's balance cannot fund this batch:{' '}
              {unfunded
                .map(
                  (s) =>
                    `${s.needed} ${s.currency} needed (amount plus fees), ${s.available} ${s.currency} available`,
                )
                .join('; ')}
              . Sent as it is, the batch is DENIED and nothing is paid.
            </Alert>
          ) : null}
          <FundDialog
            open={funding}
            onClose={() => setFunding(false)}
            initial={unfunded[0] ? { currency: unfunded[0].currency, value: unfunded[0].short } : undefined}
          />

          {originalBatch ? (
            <Typography variant="body2" data-testid="payout-duplicate-original">
              This sender batch id belongs to{' '}
              <Link href={hrefFor(`/payouts/${encodeURIComponent(originalBatch)}`)} sx={{ fontFamily: MONO }}>
                batch {originalBatch}
              </Link>
              : give this batch a new one.
            </Typography>
          ) : null}
          <ApiErrorAlert
            error={create.error}
            title="The batch was not created"
            onClose={() => create.reset()}
            testId="payout-create-error"
          />
          {create.error instanceof Error && /\b413\b/.test(create.error.message) ? (
            <Alert severity="info" data-testid="payout-too-large">
              The request ({formatBytes(requestBytes(header, items))}) is larger than the host accepts in one
              call. Split the rows into smaller batches (export them, and import a part at a time).
            </Alert>
          ) : null}
        </Stack>
      </DialogContent>
      <DialogButtons
        onClose={onClose}
        submitLabel="Send batch"
        pendingLabel="Sending…"
        pending={create.isPending}
        disabled={blocked}
        onSubmit={send}
        testId="payout-create-submit"
      >
        <Typography variant="caption" color="text.secondary" sx={{ mr: 'auto', pl: 2 }}>
          {blocked && !importing && items.length > 0
            ? invalidCount > 0
              ? 'Fix or remove the rows with problems to send.'
              : hasErrors(headerErrors)
                ? 'The header needs a sender batch id.'
                : ''
            : `POST /v1/payments/payouts with ${items.length.toLocaleString('en-US')} item${items.length === 1 ? '' : 's'}`}
        </Typography>
      </DialogButtons>
    </>
  );
}
