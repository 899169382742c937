import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { TransactionDetail, TransactionSearchResponse } from '../../../../shared/api/reporting';
import { callApi } from '../../api/api-call';
import { useUi } from '../../app/ui-store';
import { bridge } from '../../bridge';
import { ApiErrorAlert } from '../../components/api-error-alert';
import { BalancesPanel } from './balances-panel';
import { GenerateDialog } from './generate-dialog';
import { ResultsGrid } from './results-grid';
import { SearchForm } from './search-form';
import { defaultForm, pathOf, searchParams, toCsv, type SearchForm as Form } from './search-model';
import { queryKeys } from '../../api/query-keys';

const EXPORT_PAGE_SIZE = 500;

function download(name: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = name;
  anchor.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * Reports: the transaction search of spec 4.11 with every filter (sent through the active environment,
 * so each search is a real API call in the request log), a server-paged grid, CSV export of a whole
 * search, and balances per currency with charts. Bulk history for demos comes from the generator.
 */
export function ReportsPage() {
  const queryClient = useQueryClient();
  const notify = useUi((s) => s.notify);
  const info = useQuery({ queryKey: queryKeys.info, queryFn: () => bridge.getInfo({}) });
  const nowMs = info.data ? Date.parse(info.data.clock.now) : Date.now();
  const [tab, setTab] = useState<'transactions' | 'balances'>('transactions');
  const [form, setForm] = useState<Form | undefined>();
  const current = form ?? defaultForm(nowMs);
  const [submitted, setSubmitted] = useState<Form | undefined>();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(100);
  const [generating, setGenerating] = useState(false);
  const [exporting, setExporting] = useState<{ done: number; total: number } | undefined>();
  const [exportError, setExportError] = useState<unknown>();

  const search = useQuery({
    queryKey: queryKeys.reports.search(submitted, page, pageSize),
    enabled: submitted !== undefined,
    placeholderData: keepPreviousData,
    retry: false,
    queryFn: async () => {
      if (!submitted) throw new Error('No search yet.');
      const response = await callApi({
        method: 'GET',
        path: pathOf(searchParams(submitted, page, pageSize)),
        ...(submitted.iso8601 ? { headers: { 'Svc-Enforce-ISO8601-Format': 'true' } } : {}),
      });
      return response.body as TransactionSearchResponse;
    },
  });

  const exportCsv = async () => {
    if (!submitted) return;
    setExportError(undefined);
    const all: TransactionDetail[] = [];
    try {
      for (let p = 1; ; p++) {
        const response = await callApi({
          method: 'GET',
          path: pathOf({ ...searchParams(submitted, p, EXPORT_PAGE_SIZE), fields: 'all' }),
          ...(submitted.iso8601 ? { headers: { 'Svc-Enforce-ISO8601-Format': 'true' } } : {}),
        });
        const body = response.body as TransactionSearchResponse;
        all.push(...body.transaction_details);
        setExporting({ done: p, total: Math.max(1, body.total_pages) });
        if (p >= body.total_pages) break;
      }
      download(`transactions-${submitted.start.slice(0, 10)}-${submitted.end.slice(0, 10)}.csv`, toCsv(all));
      notify(`Exported ${all.length} entries as CSV`, 'success');
    } catch (error) {
      setExportError(error);
    } finally {
      setExporting(undefined);
    }
  };

  return (
    <Stack spacing={2} data-testid="reports-page">
      <Stack direction="row" sx={{ alignItems: 'center', gap: 2 }}>
        <Typography variant="h5" sx={{ flexGrow: 1 }}>
          Reports
        </Typography>
        <Button variant="outlined" onClick={() => setGenerating(true)} data-testid="generate-open">
          Generate history
        </Button>
      </Stack>
      <Tabs value={tab} onChange={(_e, value: 'transactions' | 'balances') => setTab(value)}>
        <Tab value="transactions" label="Transactions" data-testid="tab-transactions" />
        <Tab value="balances" label="Balances and charts" data-testid="tab-balances" />
      </Tabs>
      {tab === 'transactions' ? (
        <>
          <SearchForm
            form={current}
            nowMs={nowMs}
            onChange={setForm}
            busy={search.isFetching}
            onSearch={() => {
              setSubmitted({ ...current });
              setPage(1);
              void queryClient.invalidateQueries({ queryKey: queryKeys.reports.searches });
            }}
          />
          {search.error ? <ApiErrorAlert error={search.error} title="Search" testId="search-error" /> : null}
          {search.data && submitted ? (
            <>
              <Stack direction="row" sx={{ gap: 2, alignItems: 'center' }}>
                <Button
                  variant="outlined"
                  size="small"
                  onClick={() => void exportCsv()}
                  disabled={exporting !== undefined}
                  data-testid="export-csv"
                >
                  {exporting
                    ? `Exporting page ${exporting.done} of ${exporting.total}…`
                    : 'Export CSV (whole search)'}
                </Button>
                {exporting ? (
                  <LinearProgress
                    variant="determinate"
                    value={(exporting.done / exporting.total) * 100}
                    sx={{ flexGrow: 1 }}
                  />
                ) : null}
              </Stack>
              {exportError ? <ApiErrorAlert error={exportError} title="Export" /> : null}
              <ResultsGrid
                result={search.data}
                page={page}
                pageSize={pageSize}
                loading={search.isFetching}
                onPage={setPage}
                onPageSize={(size) => {
                  setPageSize(size);
                  setPage(1);
                }}
              />
            </>
          ) : null}
        </>
      ) : (
        <BalancesPanel embedded={info.data?.active_environment.kind === 'embedded'} />
      )}
      <GenerateDialog
        open={generating}
        onClose={() => setGenerating(false)}
        onDone={() => {
          void queryClient.invalidateQueries({ queryKey: queryKeys.reports.all });
          notify('History generated', 'success');
        }}
      />
    </Stack>
  );
}
