import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { bridge } from '../bridge';
import { useUi } from './ui-store';
import { queryKeys } from '../api/query-keys';
import { clockMoveRequest, toLocalInput, type ClockMoveRequest } from './clock-move';
import { moveClockInSteps, type ClockApi, type ClockProgress } from './clock-steps';

const PRESETS = [
  { label: '+1 hour', seconds: 3600 },
  { label: '+1 day', seconds: 86_400 },
  { label: '+3 days', seconds: 3 * 86_400 },
  { label: '+30 days', seconds: 30 * 86_400 },
];

/** The sandbox clock helper through the active bridge; a refusal is thrown in the API's own words. */
const CLOCK_API: ClockApi = {
  read: async (query) => {
    const search = query ? `?until=${encodeURIComponent(query.until)}&step=${query.step}` : '';
    const response = await bridge.sendRequest({ method: 'GET', path: `/v1/test-helpers/clock${search}` });
    if (response.status !== 200) throw new Error(refusal(response.status, response.body));
    return response.body as { now: string; jobs_due?: number; step_until?: string };
  },
  move: async (request) => {
    const response = await bridge.sendRequest({
      method: 'POST',
      path: '/v1/test-helpers/clock',
      body: request,
    });
    if (response.status !== 200) throw new Error(refusal(response.status, response.body));
    return response.body as { now: string; jobs_run: number };
  },
};

/** The API's own words for a refused move (its first detail), else the status. */
function refusal(status: number, body: unknown): string {
  const details = (body as { details?: { description?: string }[] } | undefined)?.details;
  return details?.[0]?.description ?? `The clock did not move (${status}).`;
}

/** Seconds since `running` turned true, ticking while it stays so (what a long move shows). */
function useElapsedSeconds(running: boolean): number {
  const [elapsed, setElapsed] = useState(0);
  useEffect(() => {
    if (!running) return;
    const started = Date.now();
    setElapsed(0);
    const timer = setInterval(() => setElapsed(Math.floor((Date.now() - started) / 1000)), 500);
    return () => clearInterval(timer);
  }, [running]);
  return elapsed;
}

/**
 * Simulated time, and what moves it (through the sandbox control API, so due jobs run): presets, a number
 * of days, or a date and time. A move with many jobs due goes in steps of at most 2,000 jobs
 * (`clock-steps.ts`), so the widget shows how many have run; the whole workbench is refreshed once at the end.
 */
export function ClockWidget() {
  const queryClient = useQueryClient();
  const notify = useUi((s) => s.notify);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [customOpen, setCustomOpen] = useState(false);
  const [mode, setMode] = useState<'by' | 'to'>('by');
  const [daysText, setDays] = useState('2');
  const [at, setAt] = useState('');
  const info = useQuery({
    queryKey: queryKeys.info,
    queryFn: () => bridge.getInfo({}),
    refetchInterval: 30_000,
  });
  const embedded = info.data?.active_environment.kind === 'embedded';
  const [progress, setProgress] = useState<ClockProgress | undefined>();
  const advance = useMutation({
    mutationFn: async (request: ClockMoveRequest) => {
      setProgress(undefined);
      try {
        return await moveClockInSteps(request, CLOCK_API, setProgress);
      } finally {
        setProgress(undefined);
      }
    },
    onSuccess: (result) => {
      notify(
        `Clock at ${result.now}; ${result.jobs_run.toLocaleString('en-US')} job${result.jobs_run === 1 ? '' : 's'} ran`,
        'success',
      );
      void queryClient.invalidateQueries();
    },
    onError: (error) => notify((error as Error).message, 'error'),
  });
  const elapsed = useElapsedSeconds(advance.isPending);
  const now = info.data?.clock.now;
  const days = Math.round((info.data?.clock.offset_seconds ?? 0) / 864) / 100;
  const checked = clockMoveRequest(mode === 'by' ? { mode, days: daysText } : { mode, at }, now);
  const openCustom = () => {
    setAnchor(null);
    if (now) setAt(toLocalInput(new Date(Date.parse(now) + 86_400_000).toISOString()));
    setCustomOpen(true);
  };
  return (
    <>
      <Button
        color="inherit"
        onClick={(e) => setAnchor(e.currentTarget)}
        disabled={!embedded || advance.isPending}
        data-testid="clock-widget"
        title={embedded ? 'Move simulated time forward' : 'The clock belongs to the embedded sandbox'}
        sx={{ textTransform: 'none', fontFamily: 'ui-monospace, monospace', position: 'relative' }}
      >
        {advance.isPending
          ? progress && progress.jobsDue > 0
            ? `Moving the clock: ${progress.jobsRun.toLocaleString('en-US')} of ${progress.jobsDue.toLocaleString('en-US')} due jobs… ${elapsed} s`
            : `Moving the clock, running due jobs… ${elapsed} s`
          : now
            ? `${now.replace('T', ' ').slice(0, 16)} UTC${days > 0 ? ` (+${days} d)` : ''}`
            : 'clock…'}
        {advance.isPending && (
          <LinearProgress
            data-testid="clock-busy"
            {...(progress && progress.jobsDue > 0
              ? { variant: 'determinate', value: (100 * progress.jobsRun) / progress.jobsDue }
              : {})}
            sx={{ position: 'absolute', left: 0, right: 0, bottom: 0 }}
            color="inherit"
          />
        )}
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {PRESETS.map((preset) => (
          <MenuItem
            key={preset.label}
            data-testid={`clock-${preset.seconds}`}
            onClick={() => {
              setAnchor(null);
              advance.mutate({ advance_seconds: preset.seconds });
            }}
          >
            {preset.label}
          </MenuItem>
        ))}
        <MenuItem data-testid="clock-custom" onClick={openCustom}>
          Custom…
        </MenuItem>
      </Menu>
      <Dialog open={customOpen} onClose={() => setCustomOpen(false)}>
        <DialogTitle>Move the simulated clock</DialogTitle>
        <DialogContent>
          <ToggleButtonGroup
            exclusive
            size="small"
            value={mode}
            onChange={(_, next: 'by' | 'to' | null) => next && setMode(next)}
            sx={{ mb: 2, mt: 1 }}
          >
            <ToggleButton value="by" data-testid="clock-mode-by">
              Forward by
            </ToggleButton>
            <ToggleButton value="to" data-testid="clock-mode-to">
              Go to a date
            </ToggleButton>
          </ToggleButtonGroup>
          {mode === 'by' ? (
            <TextField
              autoFocus
              fullWidth
              label="Days"
              type="number"
              value={daysText}
              onChange={(e) => setDays(e.target.value)}
              error={'error' in checked}
              helperText={'error' in checked ? checked.error : 'Fractions move by hours: 0.25 is six hours.'}
              slotProps={{ htmlInput: { 'data-testid': 'clock-days', step: 'any' } }}
            />
          ) : (
            <TextField
              autoFocus
              fullWidth
              label="Date and time (UTC)"
              type="datetime-local"
              value={at}
              onChange={(e) => setAt(e.target.value)}
              error={'error' in checked}
              helperText={
                'error' in checked ? checked.error : `Now ${now?.replace('T', ' ').slice(0, 16)} UTC`
              }
              slotProps={{ htmlInput: { 'data-testid': 'clock-at' }, inputLabel: { shrink: true } }}
            />
          )}
          <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
            Jobs that fall due (expiries, renewals, retries) run in order as the clock passes them. Access
            tokens keep their real-time lifetime.
          </Typography>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setCustomOpen(false)}>Cancel</Button>
          <Button
            variant="contained"
            data-testid="clock-move"
            disabled={'error' in checked}
            onClick={() => {
              if (!('request' in checked)) return;
              setCustomOpen(false);
              advance.mutate(checked.request);
            }}
          >
            Move the clock
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
