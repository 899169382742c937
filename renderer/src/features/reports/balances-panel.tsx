import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { BalancesResponse } from '../../../../shared/api/reporting';
import { callApi } from '../../api/api-call';
import { bridge } from '../../bridge';
import { ApiErrorAlert } from '../../components/api-error-alert';
import { QueryState } from '../../components/query-state';
import { BarChart, LineChart } from './charts';
import { queryKeys } from '../../api/query-keys';
import { SelectField } from '../../components/select-field';

const MONO = 'ui-monospace, SFMono-Regular, Menlo, monospace';

/**
 * Balances per currency (GET /v1/reporting/balances of the active environment) and, for the embedded
 * sandbox's merchant, charts of the last days from the ledger: balance at the end of each day, daily
 * volume received, and fees paid.
 */
export function BalancesPanel({ embedded }: { embedded: boolean }) {
  const [days, setDays] = useState(31);
  const [chosen, setChosen] = useState<string | undefined>();
  const balances = useQuery({
    queryKey: queryKeys.reports.balances,
    queryFn: async () =>
      (await callApi({ method: 'GET', path: '/v1/reporting/balances' })).body as BalancesResponse,
  });
  const summary = useQuery({
    queryKey: queryKeys.reports.summary(days),
    queryFn: () => bridge.reportingSummary({ days }),
    enabled: embedded,
  });
  const currencies = summary.data?.currencies ?? [];
  const current = currencies.find((c) => c.currency === chosen) ?? currencies[0];
  const point = (key: 'balance' | 'volume' | 'fees') =>
    (current?.days ?? []).map((d) => ({ label: d.day, value: d[key] }));

  return (
    <Stack spacing={2} data-testid="balances-panel">
      {balances.error ? <ApiErrorAlert error={balances.error} title="Balances" /> : null}
      <QueryState loading={balances.isLoading} error={undefined}>
        <Stack direction="row" sx={{ gap: 2, flexWrap: 'wrap' }}>
          {(balances.data?.balances ?? []).map((b) => (
            <Paper
              key={b.currency}
              variant="outlined"
              sx={{ p: 2, minWidth: 220 }}
              data-testid={`balance-${b.currency}`}
            >
              <Stack direction="row" sx={{ alignItems: 'center', gap: 1, mb: 1 }}>
                <Typography variant="h6">{b.currency}</Typography>
                {b.primary ? <Chip size="small" label="primary" /> : null}
              </Stack>
              <Typography variant="h5" sx={{ fontFamily: MONO }} data-testid={`balance-${b.currency}-total`}>
                {b.total_balance.value}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                available{' '}
                <Box component="span" sx={{ fontFamily: MONO }}>
                  {b.available_balance.value}
                </Box>{' '}
                · withheld{' '}
                <Box
                  component="span"
                  sx={{ fontFamily: MONO }}
                  data-testid={`balance-${b.currency}-withheld`}
                >
                  {b.withheld_balance.value}
                </Box>
              </Typography>
            </Paper>
          ))}
        </Stack>
        {balances.data ? (
          <Typography variant="caption" color="text.secondary">
            Account {balances.data.account_id}, as of {balances.data.as_of_time} (last refresh{' '}
            {balances.data.last_refresh_time}).
          </Typography>
        ) : null}
      </QueryState>
      {embedded ? (
        <Paper variant="outlined" sx={{ p: 2 }} data-testid="charts">
          <Stack direction="row" sx={{ gap: 2, alignItems: 'center', mb: 2 }}>
            <Typography variant="subtitle1" sx={{ flexGrow: 1 }}>
              Last {days} days (
              {summary.data ? `${summary.data.first_day} to ${summary.data.last_day}, UTC` : '…'})
            </Typography>
            <SelectField
              label="Currency"
              value={current?.currency ?? ''}
              onChange={setChosen}
              choices={currencies.map((c) => c.currency)}
              testId="chart-currency"
              sx={{ width: 120 }}
            />
            <SelectField
              label="Days"
              value={days}
              onChange={(value) => setDays(Number(value))}
              choices={[7, 31, 90, 365]}
              sx={{ width: 100 }}
            />
          </Stack>
          <QueryState loading={summary.isLoading} error={summary.error}>
            <Box
              sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(380px, 1fr))', gap: 3 }}
            >
              <LineChart
                title="Balance at the end of each day"
                points={point('balance')}
                unit={current?.currency ?? ''}
                testId="chart-balance"
              />
              <BarChart
                title="Daily volume received"
                points={point('volume')}
                unit={current?.currency ?? ''}
                testId="chart-volume"
              />
              <BarChart
                title="Fees paid per day (net of fees returned)"
                points={point('fees')}
                unit={current?.currency ?? ''}
                testId="chart-fees"
                color="#d97706"
              />
            </Box>
          </QueryState>
        </Paper>
      ) : (
        <Typography color="text.secondary">
          Charts read the embedded sandbox's ledger; switch to it to see them.
        </Typography>
      )}
    </Stack>
  );
}
