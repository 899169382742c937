import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { disputeMachine, type DisputeState } from '../../../../shared/api/disputes';
import type { ResourceDetail } from '../../../../shared/bridge';
import { actionsFrom } from '../../../../shared/machines/machine';
import { isNotFound } from '../../api/api-call';
import { formatMoney, formatTime } from '../../api/format';
import { machineAvailability } from '../../api/machine-actions';
import { queryKeys } from '../../api/query-keys';
import { useSimulatedNow } from '../../api/use-simulated-now';
import { hrefFor, resourceRoute } from '../../app/router';
import { bridge } from '../../bridge';
import { ApiErrorAlert } from '../../components/api-error-alert';
import { BackLink, FieldRow, Fields, Figure, NotFound } from '../../components/detail-parts';
import { HistoryAndResource } from '../../components/history-timeline';
import { MONO } from '../../components/mono-font';
import { QueryState } from '../../components/query-state';
import { Section } from '../../components/section';
import { StateMachineView, type MachineAction } from '../../components/state-machine-view';
import { StatusChip } from '../../components/status-chip';
import { DisputeActionDialog } from './dispute-action-dialog';
import { ACTION_FORMS } from './dispute-action-forms';
import { DISPUTE_KIND, dueDateOf, timeLeft, waitingFor, type DisputeView } from './dispute-model';
import { DisputeRecord } from './dispute-record';
import { moveClockTo } from './disputes-api';

/**
 * `#/disputes/<id>`: one dispute. Its machine with every action the platform offers (disabled, with the
 * reason, when its state does not allow it), the due date and the time left on the simulated clock
 * ("advance to the due date" moves the clock there, after a confirmation), then its messages, offers,
 * evidence and outcome, its history and the API's own view of it.
 */
export function DisputeDetailPage({ id }: { id: string }) {
  const detail = useQuery({
    queryKey: queryKeys.resource.detail(DISPUTE_KIND, id),
    queryFn: () => bridge.getResource({ kind: DISPUTE_KIND, id }),
  });
  if (detail.error && isNotFound(detail.error))
    return (
      <NotFound noun="dispute" id={id} back="/disputes" backLabel="All disputes" testId="dispute-not-found" />
    );
  return (
    <QueryState loading={detail.isLoading} error={detail.error}>
      {detail.data ? <DisputeDetail detail={detail.data} /> : null}
    </QueryState>
  );
}

function DisputeDetail({ detail }: { detail: ResourceDetail }) {
  const dispute = detail.resource as unknown as DisputeView;
  const state = detail.summary.status as DisputeState;
  const [acting, setActing] = useState<string | undefined>();
  const [confirming, setConfirming] = useState(false);
  const now = useSimulatedNow();
  const due = dueDateOf(dispute);
  const actions: MachineAction[] = actionsFrom(disputeMachine, state)
    .filter((a) => ACTION_FORMS[a.trigger])
    .map((a) => ({
      key: a.trigger,
      label: ACTION_FORMS[a.trigger]?.title ?? a.label,
      onClick: () => setActing(a.trigger),
      ...machineAvailability(disputeMachine, state, a.trigger),
    }));
  const transactionId = dispute.disputed_transactions?.[0]?.seller_transaction_id;
  // The disputed transaction is in the dispute's lineage: a v2 capture, or a v1 sale or capture.
  const transactionKind = detail.related.find((r) => r.id === transactionId)?.kind ?? 'capture';
  const form = acting ? ACTION_FORMS[acting] : undefined;
  return (
    <Stack spacing={2} data-testid="dispute-detail" data-dispute-id={dispute.dispute_id} data-state={state}>
      <BackLink to="/disputes" label="All disputes" />
      <Paper sx={{ p: 2.5 }}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
          <Typography variant="h5" component="h1" sx={{ fontFamily: MONO, fontWeight: 600 }}>
            {dispute.dispute_id}
          </Typography>
          <Box component="span" data-testid="dispute-status" data-status={dispute.status}>
            <StatusChip status={dispute.status} size="medium" />
          </Box>
          <Typography data-testid="dispute-stage">{dispute.dispute_life_cycle_stage}</Typography>
          <Box sx={{ flexGrow: 1 }} />
          <Figure label="Disputed" testId="dispute-amount">
            {formatMoney(dispute.dispute_amount)}
          </Figure>
        </Stack>
        <Box sx={{ mt: 2 }}>
          <Fields>
            <FieldRow label="Reason">{dispute.reason}</FieldRow>
            <FieldRow label="State">
              {dispute.dispute_state} (waiting for {waitingFor(state)})
            </FieldRow>
            <FieldRow label="Transaction" mono>
              {transactionId ? (
                <Link
                  href={hrefFor(resourceRoute(transactionKind, transactionId))}
                  data-testid="dispute-transaction"
                >
                  {transactionId}
                </Link>
              ) : (
                '—'
              )}
            </FieldRow>
            <FieldRow label="Due" testId="dispute-due">
              {due ? `${formatTime(due)} (${timeLeft(due, now)} left on the simulated clock)` : 'No due date'}
            </FieldRow>
            {dispute.dispute_outcome ? (
              <FieldRow label="Outcome" testId="dispute-outcome">
                {dispute.dispute_outcome.outcome_code}
                {dispute.dispute_outcome.amount_refunded
                  ? `, ${formatMoney(dispute.dispute_outcome.amount_refunded)} refunded`
                  : ''}
              </FieldRow>
            ) : null}
          </Fields>
        </Box>
        {due ? (
          <Box sx={{ mt: 2 }}>
            <Button variant="outlined" onClick={() => setConfirming(true)} data-testid="advance-to-due">
              Advance to the due date
            </Button>
          </Box>
        ) : null}
      </Paper>
      <Paper sx={{ p: 2.5 }}>
        <Grid container spacing={3}>
          <Grid size={{ xs: 12 }} sx={{ minWidth: 0 }}>
            <Section title="Life cycle" frame="none">
              <StateMachineView
                machine={disputeMachine}
                current={state}
                history={detail.history}
                actions={actions}
              />
            </Section>
          </Grid>
        </Grid>
      </Paper>
      <DisputeRecord dispute={dispute} />
      <HistoryAndResource history={detail.history} resource={detail.resource} jsonTestId="dispute-json" />
      {form && acting ? (
        <DisputeActionDialog
          key={acting}
          form={form}
          dispute={dispute}
          onClose={() => setActing(undefined)}
        />
      ) : null}
      {confirming && due ? <AdvanceDialog due={due} onClose={() => setConfirming(false)} /> : null}
    </Stack>
  );
}

/** The confirmation before the clock moves: every job due until then runs, not only this dispute's. */
function AdvanceDialog({ due, onClose }: { due: string; onClose(): void }) {
  const client = useQueryClient();
  const move = useMutation({
    mutationFn: () => moveClockTo(due),
    onSuccess: async () => {
      await client.invalidateQueries();
      onClose();
    },
  });
  return (
    <Dialog open onClose={onClose} data-testid="advance-dialog">
      <DialogTitle>Advance the clock to {formatTime(due)}?</DialogTitle>
      <DialogContent>
        <DialogContentText>
          The simulated clock moves to the due date and everything that falls due on the way runs: this
          dispute's next step, and the jobs of every other resource (other disputes, payouts, billing). The
          clock never moves back.
        </DialogContentText>
        <ApiErrorAlert error={move.error} title="The clock did not move" testId="advance-error" />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button
          variant="contained"
          onClick={() => move.mutate()}
          disabled={move.isPending}
          data-testid="advance-confirm"
        >
          {move.isPending ? 'Moving…' : 'Move the clock'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
