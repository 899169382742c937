import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useInfiniteQuery, useMutation } from '@tanstack/react-query';
import { useCallback, useDeferredValue, useMemo, useState } from 'react';
import type { RequestLogSummary } from '../../../../shared/bridge';
import { bridge } from '../../bridge';
import { useUi } from '../../app/ui-store';
import { QueryState } from '../../components/query-state';
import { LogDetail } from './log-detail';
import {
  NO_FILTERS,
  PAGE_SIZE,
  SINCE_OPTIONS,
  SOURCE_OPTIONS,
  STATUS_OPTIONS,
  downloadHar,
  isFiltered,
  listInput,
  type LogFilters,
} from './log-filters';
import { queryKeys } from '../../api/query-keys';
import { useSimulatedToday } from '../../api/use-simulated-now';
import { LogRow } from './log-row';
import { SpacerRow, useVirtualRows } from '../../components/virtual-rows';
import { SelectField } from '../../components/select-field';
import { useDebounced } from '../../components/use-debounced';

/** The table's scrolling height: what the window leaves beside the filters. */
const VIEW_HEIGHT = '70vh';
/**
 * A row's height as drawn (small chips in small cells): an estimate that matches the measure changes
 * nothing when the rows are measured, where a wrong one moves every row and draws the list again.
 */
const ROW_HEIGHT = 41;

/**
 * Every API request the sandbox answered (from this UI, an SDK or curl), live: the shell invalidates
 * `['request-log']` on each host event. Filters, paging by id, detail, replay and HAR export.
 */
export function RequestLogPage() {
  const notify = useUi((s) => s.notify);
  const simulatedToday = useSimulatedToday();
  const realToday = new Date().toISOString().slice(0, 10);
  const [filters, setFilters] = useState<LogFilters>(NO_FILTERS);
  const [selected, setSelected] = useState<number | undefined>();
  const path = useDebounced(filters.path, 250);
  const active: LogFilters = { ...filters, path };

  const log = useInfiniteQuery({
    queryKey: queryKeys.requestLog.list(active),
    queryFn: ({ pageParam }) => bridge.listRequestLog(listInput(active, pageParam)),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) =>
      last.items.length === PAGE_SIZE ? last.items[last.items.length - 1]?.id : undefined,
    placeholderData: keepPreviousData,
    // Host events keep this live; the slow poll only covers a dropped event stream.
    refetchInterval: 15_000,
  });
  const pages = log.data?.pages;
  const rows = useMemo<RequestLogSummary[]>(() => pages?.flatMap((p) => p.items) ?? [], [pages]);
  // Rows that arrive (the first page, an older page, a live refresh) are drawn in a transition, in
  // slices that keep the page responsive; the filters and the count follow the query at once.
  const shownRows = useDeferredValue(rows);
  const firstPageDrawing = shownRows !== rows && shownRows.length === 0;
  const toggle = useCallback((id: number) => setSelected((now) => (now === id ? undefined : id)), []);
  const filtered = isFiltered(active);
  // Scrolling near the oldest row shown asks the host for the page before it.
  const virtual = useVirtualRows<HTMLDivElement>(shownRows.length, ROW_HEIGHT, {
    pages: log,
    drawing: shownRows !== rows,
    viewHeight: VIEW_HEIGHT,
  });

  const exportHar = useMutation({
    mutationFn: (ids: number[] | undefined) => bridge.exportHar(ids ? { ids } : {}),
    onSuccess: ({ har, count }) => {
      downloadHar(har);
      notify(`Exported ${count} request${count === 1 ? '' : 's'} as HAR`, 'success');
    },
    onError: (error) => notify((error as Error).message, 'error'),
  });

  const set = (patch: Partial<LogFilters>) => setFilters((f) => ({ ...f, ...patch }));
  /** A filter picked from a short list (test id `log-filter-<key>`). */
  const choice = <K extends 'status' | 'source' | 'since'>(
    key: K,
    label: string,
    choices: readonly { value: LogFilters[K]; label: string }[],
    width: number,
  ) => (
    <SelectField
      native
      label={label}
      value={filters[key]}
      onChange={(value) => set({ [key]: value as LogFilters[K] })}
      choices={choices}
      testId={`log-filter-${key}`}
      sx={{ width }}
    />
  );

  return (
    <Stack spacing={2} data-testid="request-log-page">
      <Stack direction="row" sx={{ alignItems: 'baseline', gap: 2 }}>
        <Typography variant="h5">Request log</Typography>
        <Typography variant="body2" color="text.secondary">
          Every call to the sandbox, from this workbench, an SDK or curl (told by its User-Agent). Secrets and
          card numbers are redacted.
        </Typography>
      </Stack>

      <Paper sx={{ p: 2 }}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1.5 }}>
          <TextField
            size="small"
            label="Path contains"
            value={filters.path}
            onChange={(e) => set({ path: e.target.value })}
            slotProps={{ htmlInput: { 'data-testid': 'log-filter-path', maxLength: 200, spellCheck: false } }}
            sx={{ minWidth: 260, flex: 1, '& input': { fontFamily: 'ui-monospace, monospace' } }}
          />
          {choice('status', 'Status', STATUS_OPTIONS, 170)}
          {choice('source', 'Source', SOURCE_OPTIONS, 150)}
          {choice('since', 'Time', SINCE_OPTIONS, 180)}
          {filtered ? (
            <Button size="small" onClick={() => setFilters(NO_FILTERS)} data-testid="log-filter-clear">
              Clear filters
            </Button>
          ) : null}
          <Box sx={{ flexGrow: 1 }} />
          <Button
            variant="outlined"
            size="small"
            disabled={exportHar.isPending || (filtered && rows.length === 0)}
            onClick={() => exportHar.mutate(filtered ? rows.map((r) => r.id).slice(0, 5000) : undefined)}
            data-testid="log-export-har"
            title={
              filtered ? 'Download the rows shown as a HAR file' : 'Download the whole log as a HAR file'
            }
          >
            {filtered ? `Export HAR (${rows.length} shown)` : 'Export HAR (all)'}
          </Button>
          {filtered ? (
            <Button
              size="small"
              disabled={exportHar.isPending}
              onClick={() => exportHar.mutate(undefined)}
              data-testid="log-export-har-all"
            >
              Export all
            </Button>
          ) : null}
        </Stack>
      </Paper>

      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns:
            selected !== undefined ? { xs: '1fr', lg: 'minmax(0, 1.2fr) minmax(0, 1fr)' } : '1fr',
          gap: 2,
          alignItems: 'start',
        }}
      >
        <Paper sx={{ minWidth: 0 }}>
          <QueryState
            loading={log.isLoading || firstPageDrawing}
            error={log.error}
            empty={rows.length === 0}
            emptyText={
              filtered
                ? 'No requests match these filters.'
                : 'No requests yet. Send one from the console, an SDK or curl.'
            }
          >
            <TableContainer
              ref={virtual.scrollRef}
              sx={{ maxHeight: VIEW_HEIGHT }}
              data-testid="request-log-scroll"
            >
              <Table size="small" data-testid="request-log-table" stickyHeader>
                <TableHead>
                  <TableRow>
                    <TableCell sx={{ width: 120 }} title="The sandbox's simulated clock when it answered">
                      Simulated
                    </TableCell>
                    <TableCell sx={{ width: 120 }} title="Your computer's clock when it answered">
                      Real
                    </TableCell>
                    <TableCell sx={{ width: 96 }}>Source</TableCell>
                    <TableCell sx={{ width: 72 }}>Method</TableCell>
                    <TableCell>Path</TableCell>
                    <TableCell sx={{ width: 80 }}>Status</TableCell>
                    <TableCell sx={{ width: 90 }} align="right">
                      Duration
                    </TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  <SpacerRow height={virtual.before} colSpan={7} />
                  {virtual.items.map(({ index }) => {
                    const row = shownRows[index]!;
                    return (
                      <LogRow
                        key={row.id}
                        row={row}
                        index={index}
                        selected={row.id === selected}
                        onSelect={toggle}
                        measure={virtual.measure}
                        simulatedToday={simulatedToday}
                        realToday={realToday}
                      />
                    );
                  })}
                  <SpacerRow height={virtual.after} colSpan={7} />
                </TableBody>
              </Table>
            </TableContainer>
            <Stack direction="row" spacing={2} sx={{ p: 1.5, alignItems: 'center' }}>
              {/* The rows drawn, which follow the query a transition later: a count of the query's rows
                  would name a new filter's total above the old filter's rows for a moment. */}
              <Typography variant="body2" color="text.secondary" data-testid="log-count">
                {shownRows.length} request{shownRows.length === 1 ? '' : 's'} shown
              </Typography>
              {log.hasNextPage ? (
                <Button
                  size="small"
                  onClick={() => void log.fetchNextPage()}
                  disabled={log.isFetchingNextPage}
                  data-testid="log-load-older"
                >
                  {log.isFetchingNextPage ? 'Loading…' : 'Load older'}
                </Button>
              ) : null}
            </Stack>
          </QueryState>
        </Paper>
        {selected !== undefined ? (
          <LogDetail key={selected} id={selected} onClose={() => setSelected(undefined)} />
        ) : null}
      </Box>
    </Stack>
  );
}
