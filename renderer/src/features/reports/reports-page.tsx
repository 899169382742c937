import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { TransactionSearchResponse } from '../../../../shared/api/reporting';
import { callApi } from '../../api/api-call';
import { useUi } from '../../app/ui-store';
import { ApiErrorAlert } from '../../components/api-error-alert';
import { BalancesPanel } from './balances-panel';
import { ExportControl } from './export-control';
import { GenerateDialog } from './generate-dialog';
import { ResultsGrid } from './results-grid';
import { SearchForm } from './search-form';
import { useReportsView } from './reports-view-state';
import { defaultForm, pathOf, searchParams } from './search-model';
import { queryKeys } from '../../api/query-keys';
import { useHostInfo } from '../../api/use-host-info';

/**
 * Reports: the transaction search of spec 4.11 with every filter (sent through the active environment,
 * so each search is a real API call in the request log), a server-paged grid, CSV export of a whole
 * search, and balances per currency with charts. Bulk history for demos comes from the generator.
 */
export function ReportsPage() {
  const queryClient = useQueryClient();
  const notify = useUi((s) => s.notify);
  const info = useHostInfo(({ clock, active_environment }) => ({
    offsetSeconds: clock.offset_seconds,
    embedded: active_environment.kind === 'embedded',
  }));
  // The simulated now as of this render: real time plus the clock's offset (the info query's `now` is
  // as old as its last refetch), so presets end at now.
  const nowMs = Date.now() + (info.data?.offsetSeconds ?? 0) * 1000;
  const { tab, form, submitted, page, pageSize, sort, set } = useReportsView();
  const current = form ?? defaultForm(nowMs);
  const setPage = (next: number) => set({ page: next });
  const [generating, setGenerating] = useState(false);

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
      <Tabs value={tab} onChange={(_e, value: 'transactions' | 'balances') => set({ tab: value })}>
        <Tab value="transactions" label="Transactions" data-testid="tab-transactions" />
        <Tab value="balances" label="Balances and charts" data-testid="tab-balances" />
      </Tabs>
      {tab === 'transactions' ? (
        <>
          <SearchForm
            form={current}
            nowMs={nowMs}
            onChange={(next) => set({ form: next })}
            busy={search.isFetching}
            onSearch={() => {
              set({ submitted: { ...current }, page: 1 });
              void queryClient.invalidateQueries({ queryKey: queryKeys.reports.searches });
            }}
          />
          {search.error ? <ApiErrorAlert error={search.error} title="Search" testId="search-error" /> : null}
          {search.data && submitted ? (
            <>
              <ExportControl search={submitted} />
              <ResultsGrid
                result={search.data}
                page={page}
                pageSize={pageSize}
                loading={search.isFetching}
                sort={sort}
                onPage={setPage}
                onPageSize={(size) => set({ pageSize: size, page: 1 })}
                onSort={(next) => set({ sort: next })}
              />
            </>
          ) : null}
        </>
      ) : (
        <BalancesPanel embedded={info.data?.embedded ?? false} />
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
