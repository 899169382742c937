import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { GENERATE_LIMITS, type GenerationJob } from '../../../../shared/api/reporting';
import { callApi } from '../../api/api-call';
import { ApiErrorAlert } from '../../components/api-error-alert';

const GENERATE = '/v1/test-helpers/reporting/generate';

/**
 * Bulk history for demos and scale tests: N ledger entries over M days, written in the background
 * (`Prefer: respond-async`) while the dialog shows the job's progress.
 */
export function GenerateDialog({
  open,
  onClose,
  onDone,
}: {
  open: boolean;
  onClose(): void;
  onDone(): void;
}) {
  const [entries, setEntries] = useState('10000');
  const [days, setDays] = useState('31');
  const [currencies, setCurrencies] = useState('USD, EUR, GBP, JPY, CAD, AUD');
  const [job, setJob] = useState<GenerationJob | undefined>();
  const [error, setError] = useState<unknown>();
  const polling = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(polling.current), []);

  const poll = (self: string) => {
    polling.current = setTimeout(async () => {
      try {
        const response = await callApi({ method: 'GET', path: self });
        const next = response.body as GenerationJob;
        setJob(next);
        if (next.status === 'RUNNING') poll(self);
        else onDone();
      } catch (e) {
        setError(e);
      }
    }, 250);
  };

  const start = async () => {
    setError(undefined);
    try {
      const list = currencies
        .split(/[\s,]+/)
        .map((c) => c.trim().toUpperCase())
        .filter(Boolean);
      const response = await callApi({
        method: 'POST',
        path: GENERATE,
        headers: { Prefer: 'respond-async' },
        body: {
          entries: Number(entries),
          days: Number(days),
          ...(list.length > 0 ? { currencies: list } : {}),
        },
      });
      const started = response.body as GenerationJob;
      setJob(started);
      const self = started.links[0]?.href
        ? new URL(started.links[0].href).pathname
        : `${GENERATE}/${started.id}`;
      if (started.status === 'RUNNING') poll(self);
      else onDone();
    } catch (e) {
      setError(e);
    }
  };

  const running = job?.status === 'RUNNING';
  const percent = job ? (job.entries_written / Math.max(1, job.entries_requested)) * 100 : 0;
  /** One of the three settings, read as text (checked on Generate) and fixed while a run goes on. */
  const field = (
    label: string,
    value: string,
    change: (value: string) => void,
    testId: string,
    inputMode?: 'numeric',
  ) => (
    <TextField
      label={label}
      size="small"
      value={value}
      onChange={(e) => change(e.target.value)}
      disabled={running}
      slotProps={{ htmlInput: { 'data-testid': testId, inputMode } }}
    />
  );
  return (
    <Dialog
      open={open}
      onClose={running ? undefined : onClose}
      maxWidth="sm"
      fullWidth
      data-testid="generate-dialog"
    >
      <DialogTitle>Generate history</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ mt: 1 }}>
          <Typography variant="body2" color="text.secondary">
            Writes realistic ledger entries for the sandbox merchant: checkout payments and donations,
            refunds, authorizations, declined and pending payments, by a few hundred buyers, fees by the fee
            schedule. Up to {GENERATE_LIMITS.maxEntries.toLocaleString('en-US')} entries over up to{' '}
            {GENERATE_LIMITS.maxDays} days.
          </Typography>
          <Stack direction="row" spacing={2}>
            {field('Entries', entries, setEntries, 'generate-entries', 'numeric')}
            {field('Days', days, setDays, 'generate-days', 'numeric')}
          </Stack>
          {field('Currencies', currencies, setCurrencies, 'generate-currencies')}
          {job ? (
            <Stack spacing={0.5} data-testid="generate-progress" data-status={job.status}>
              <LinearProgress variant="determinate" value={percent} />
              <Typography variant="body2" data-testid="generate-progress-text">
                {job.status === 'COMPLETED' ? 'Done: ' : job.status === 'FAILED' ? 'Failed: ' : ''}
                {job.entries_written.toLocaleString('en-US')} of{' '}
                {job.entries_requested.toLocaleString('en-US')} entries
                {job.entries_per_second > 0
                  ? ` · ${job.entries_per_second.toLocaleString('en-US')} entries/s`
                  : ''}
              </Typography>
              {job.error ? <Alert severity="error">{job.error}</Alert> : null}
            </Stack>
          ) : null}
          <ApiErrorAlert error={error} title="Generation" testId="generate-error" />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={running} data-testid="generate-close">
          Close
        </Button>
        <Button
          variant="contained"
          onClick={() => void start()}
          disabled={running}
          data-testid="generate-start"
        >
          {running ? 'Generating…' : 'Generate'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
