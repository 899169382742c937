import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { bridge } from '../bridge';
import { useUi } from './ui-store';
import { queryKeys } from '../api/query-keys';

const PRESETS = [
  { label: '+1 hour', seconds: 3600 },
  { label: '+1 day', seconds: 86_400 },
  { label: '+3 days', seconds: 3 * 86_400 },
  { label: '+30 days', seconds: 30 * 86_400 },
];

/** Simulated time, and the presets that move it (through the sandbox control API, so jobs run). */
export function ClockWidget() {
  const queryClient = useQueryClient();
  const notify = useUi((s) => s.notify);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [customOpen, setCustomOpen] = useState(false);
  const [custom, setCustom] = useState('2');
  const info = useQuery({
    queryKey: queryKeys.info,
    queryFn: () => bridge.getInfo({}),
    refetchInterval: 30_000,
  });
  const embedded = info.data?.active_environment.kind === 'embedded';
  const advance = useMutation({
    mutationFn: async (seconds: number) => {
      const response = await bridge.sendRequest({
        method: 'POST',
        path: '/v1/test-helpers/clock',
        body: { advance_seconds: seconds },
      });
      if (response.status !== 200) throw new Error(`The clock did not move (${response.status}).`);
      return response.body as { now: string; jobs_run: number };
    },
    onSuccess: (result) => {
      notify(
        `Clock at ${result.now}; ${result.jobs_run} job${result.jobs_run === 1 ? '' : 's'} ran`,
        'success',
      );
      void queryClient.invalidateQueries();
    },
    onError: (error) => notify((error as Error).message, 'error'),
  });
  const now = info.data?.clock.now;
  const days = Math.round((info.data?.clock.offset_seconds ?? 0) / 864) / 100;
  return (
    <>
      <Button
        color="inherit"
        onClick={(e) => setAnchor(e.currentTarget)}
        disabled={!embedded}
        data-testid="clock-widget"
        title={embedded ? 'Move simulated time forward' : 'The clock belongs to the embedded sandbox'}
        sx={{ textTransform: 'none', fontFamily: 'ui-monospace, monospace' }}
      >
        {now ? `${now.replace('T', ' ').slice(0, 16)} UTC${days > 0 ? ` (+${days} d)` : ''}` : 'clock…'}
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {PRESETS.map((preset) => (
          <MenuItem
            key={preset.label}
            data-testid={`clock-${preset.seconds}`}
            onClick={() => {
              setAnchor(null);
              advance.mutate(preset.seconds);
            }}
          >
            {preset.label}
          </MenuItem>
        ))}
        <MenuItem
          onClick={() => {
            setAnchor(null);
            setCustomOpen(true);
          }}
        >
          Custom…
        </MenuItem>
      </Menu>
      <Dialog open={customOpen} onClose={() => setCustomOpen(false)}>
        <DialogTitle>Advance the simulated clock</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            label="Days"
            type="number"
            value={custom}
            onChange={(e) => setCustom(e.target.value)}
            error={!(Number(custom) > 0)}
            helperText="Jobs that fall due (expiries, retries) run as the clock passes them."
            sx={{ mt: 1 }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setCustomOpen(false)}>Cancel</Button>
          <Button
            variant="contained"
            disabled={!(Number(custom) > 0)}
            onClick={() => {
              setCustomOpen(false);
              advance.mutate(Math.round(Number(custom) * 86_400));
            }}
          >
            Advance
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
