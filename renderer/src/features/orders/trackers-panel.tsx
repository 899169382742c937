import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { trackingNumberProblem } from '../../../../shared/api/trackers/tracking-number';
import { queryKeys } from '../../api/query-keys';
import { ApiErrorAlert } from '../../components/api-error-alert';
import { MONO } from '../../components/mono-font';
import { StatusChip } from '../../components/status-chip';
import {
  CARRIERS,
  TRACKER_STATUSES,
  putTrackerStatus,
  type NewTracker,
  type TrackerRow,
} from './trackers-api';
import { SelectField } from '../../components/select-field';

/**
 * Shipment trackers of an order or a capture: the list (status, carrier), a form to add one (its
 * tracking number checked as the API checks it), a status change and a cancel per tracker. The page
 * says how each is sent (`add`, `cancel`); a status change is the v1 PUT.
 */
export function TrackersPanel({
  trackers,
  captures,
  add,
  cancel,
  testId = 'trackers',
}: {
  trackers: TrackerRow[];
  /** Capture ids a tracker can be added to (COMPLETED). */
  captures: string[];
  add(tracker: NewTracker): Promise<unknown>;
  cancel(tracker: TrackerRow): Promise<unknown>;
  testId?: string;
}) {
  const queryClient = useQueryClient();
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.resource.all });
    void queryClient.invalidateQueries({ queryKey: queryKeys.resources.all });
  };
  const [draft, setDraft] = useState<NewTracker>({
    captureId: captures[0] ?? '',
    trackingNumber: '',
    carrier: 'FEDEX',
    carrierNameOther: '',
    notify: false,
  });
  const [statuses, setStatuses] = useState<Record<string, string>>({});
  const captureId = captures.includes(draft.captureId) ? draft.captureId : (captures[0] ?? '');
  const numberProblem = draft.trackingNumber.trim()
    ? trackingNumberProblem(draft.trackingNumber.trim())
    : undefined;
  const otherMissing = draft.carrier === 'OTHER' && !draft.carrierNameOther.trim();
  const ready = captureId !== '' && draft.trackingNumber.trim() !== '' && !numberProblem && !otherMissing;

  const adding = useMutation({
    mutationFn: () => add({ ...draft, captureId }),
    onSuccess: () => {
      setDraft((d) => ({ ...d, trackingNumber: '' }));
      refresh();
    },
  });
  const changing = useMutation({
    mutationFn: ({ row, status }: { row: TrackerRow; status: string }) =>
      status === 'CANCELLED' ? cancel(row) : putTrackerStatus(row, status),
    onSuccess: refresh,
  });

  return (
    <Stack spacing={1.5} data-testid={testId}>
      {trackers.length === 0 ? (
        <Typography color="text.secondary" variant="body2" data-testid={`${testId}-empty`}>
          No shipment trackers yet.
        </Typography>
      ) : (
        <Table size="small" data-testid={`${testId}-table`}>
          <TableHead>
            <TableRow>
              <TableCell>Tracker</TableCell>
              <TableCell>Status</TableCell>
              <TableCell align="right">Change</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {trackers.map((row) => {
              const cancelled = row.status === 'CANCELLED';
              const next = statuses[row.id] ?? row.status;
              return (
                <TableRow key={row.id} data-testid={`tracker-${row.id}`} data-status={row.status}>
                  <TableCell sx={{ fontFamily: MONO, fontSize: 13 }}>
                    {row.trackingNumber}
                    {row.carrier ? ` · ${row.carrier}` : ''}
                  </TableCell>
                  <TableCell>
                    <StatusChip status={row.status} />
                  </TableCell>
                  <TableCell align="right">
                    {cancelled ? (
                      <Typography variant="caption" color="text.secondary">
                        Cancelled trackers are final.
                      </Typography>
                    ) : (
                      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
                        <SelectField
                          value={next}
                          onChange={(status) => setStatuses((s) => ({ ...s, [row.id]: status }))}
                          choices={TRACKER_STATUSES}
                          testId={`tracker-status-${row.id}`}
                          sx={{ width: 150 }}
                        />
                        <Button
                          size="small"
                          disabled={changing.isPending}
                          onClick={() => changing.mutate({ row, status: next })}
                          data-testid={`tracker-update-${row.id}`}
                        >
                          Update
                        </Button>
                        <Button
                          size="small"
                          color="error"
                          disabled={changing.isPending}
                          onClick={() => changing.mutate({ row, status: 'CANCELLED' })}
                          data-testid={`tracker-cancel-${row.id}`}
                        >
                          Cancel
                        </Button>
                      </Stack>
                    )}
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      )}
      {changing.error ? (
        <ApiErrorAlert error={changing.error} title="Tracker update" onClose={() => changing.reset()} />
      ) : null}

      {captures.length === 0 ? (
        <Typography variant="caption" color="text.secondary">
          Trackers attach to COMPLETED captures: capture the order first.
        </Typography>
      ) : (
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start', flexWrap: 'wrap', rowGap: 1 }}>
          {captures.length > 1 ? (
            <SelectField
              label="Capture"
              value={captureId}
              onChange={(id) => setDraft((d) => ({ ...d, captureId: id }))}
              choices={captures}
              sx={{ width: 210 }}
            />
          ) : null}
          <TextField
            size="small"
            label="Tracking number"
            value={draft.trackingNumber}
            onChange={(e) => setDraft((d) => ({ ...d, trackingNumber: e.target.value }))}
            error={numberProblem !== undefined}
            helperText={numberProblem ?? ' '}
            sx={{ width: 240 }}
            slotProps={{ htmlInput: { 'data-testid': `${testId}-number` } }}
          />
          <SelectField
            label="Carrier"
            value={draft.carrier}
            onChange={(carrier) => setDraft((d) => ({ ...d, carrier }))}
            choices={CARRIERS}
            testId={`${testId}-carrier`}
            sx={{ width: 130 }}
          />
          {draft.carrier === 'OTHER' ? (
            <TextField
              size="small"
              label="Carrier name"
              value={draft.carrierNameOther}
              onChange={(e) => setDraft((d) => ({ ...d, carrierNameOther: e.target.value }))}
              error={otherMissing}
              helperText={otherMissing ? 'OTHER needs the carrier name.' : ' '}
              sx={{ width: 180 }}
            />
          ) : null}
          <FormControlLabel
            label="Notify the buyer"
            control={
              <Checkbox
                size="small"
                checked={draft.notify}
                onChange={(e) => setDraft((d) => ({ ...d, notify: e.target.checked }))}
              />
            }
          />
          <Button
            variant="outlined"
            disabled={!ready || adding.isPending}
            onClick={() => adding.mutate()}
            data-testid={`${testId}-add`}
            sx={{ mt: 0.25 }}
          >
            Add tracker
          </Button>
        </Stack>
      )}
      {adding.error ? (
        <ApiErrorAlert error={adding.error} title="Add tracker" onClose={() => adding.reset()} />
      ) : null}
    </Stack>
  );
}
