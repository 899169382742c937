import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { formatCount } from '../../api/format';
import { useUi } from '../../app/ui-store';
import { ApiErrorAlert } from '../../components/api-error-alert';
import { saveFile } from '../../components/save-file';
import type { ExportProgress } from './csv-export';
import { exportInWorker, type RunningExport } from './export-in-worker';
import { pathOf, searchParams, type SearchForm } from './search-model';

const EXPORT_PAGE_SIZE = 500;

/**
 * "Export CSV (whole search)": the pages are read and turned into CSV by a worker, so the page stays
 * responsive at 200,000 rows; this component alone re-renders with the progress (never the grid), and
 * Cancel terminates the worker at once.
 */
export function ExportControl({ search }: { search: SearchForm }) {
  const notify = useUi((s) => s.notify);
  const [progress, setProgress] = useState<ExportProgress | undefined>();
  const [error, setError] = useState<unknown>();
  const running = useRef<RunningExport | undefined>(undefined);
  // Leaving the page cancels an export in flight: nobody is left to save it.
  useEffect(() => () => running.current?.cancel(), []);

  const start = async () => {
    setError(undefined);
    const params: Record<string, string> = { ...searchParams(search, 1, EXPORT_PAGE_SIZE), fields: 'all' };
    delete params.page;
    const run = exportInWorker(
      {
        pathTemplate: `${pathOf(params)}&page={page}`,
        ...(search.iso8601 ? { headers: { 'Svc-Enforce-ISO8601-Format': 'true' } } : {}),
      },
      setProgress,
    );
    running.current = run;
    setProgress({ pages: 0, totalPages: 1, rows: 0 });
    try {
      const { file, rows } = await run.done;
      saveFile(`transactions-${search.start.slice(0, 10)}-${search.end.slice(0, 10)}.csv`, [file], file.type);
      notify(`Exported ${formatCount(rows)} entries as CSV`, 'success');
    } catch (failure) {
      if (failure instanceof DOMException && failure.name === 'AbortError')
        notify('CSV export cancelled; nothing was saved', 'info');
      else setError(failure);
    } finally {
      running.current = undefined;
      setProgress(undefined);
    }
  };

  return (
    <>
      <Stack direction="row" sx={{ gap: 2, alignItems: 'center' }}>
        <Button
          variant="outlined"
          size="small"
          onClick={() => void start()}
          disabled={progress !== undefined}
          data-testid="export-csv"
        >
          {progress ? 'Exporting…' : 'Export CSV (whole search)'}
        </Button>
        {progress ? (
          <>
            <LinearProgress
              variant="determinate"
              value={(progress.pages / progress.totalPages) * 100}
              sx={{ flexGrow: 1 }}
              data-testid="export-progress"
              data-rows={progress.rows}
            />
            <Typography variant="body2" data-testid="export-progress-text" sx={{ whiteSpace: 'nowrap' }}>
              {formatCount(progress.rows)} entries, page {formatCount(progress.pages)} of{' '}
              {formatCount(progress.totalPages)}
            </Typography>
            <Button
              size="small"
              color="warning"
              onClick={() => running.current?.cancel()}
              data-testid="export-cancel"
            >
              Cancel export
            </Button>
          </>
        ) : null}
      </Stack>
      {error ? <ApiErrorAlert error={error} title="Export" /> : null}
    </>
  );
}
