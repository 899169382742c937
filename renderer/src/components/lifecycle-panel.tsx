import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import type { ReactNode } from 'react';
import type { HistoryEntry } from '../../../shared/bridge';
import type { Machine } from '../../../shared/machines/machine';
import { HistoryTimeline } from './history-timeline';
import { Section } from './section';
import { StateMachineView, type MachineAction } from './state-machine-view';

/**
 * A resource's state machine with its actions beside the history that got it there: the middle of every
 * detail page with a lifecycle. `children` follow the machine (an action's error, a notice); `history`
 * replaces the timeline where the workbench keeps none for the resource.
 */
export function LifecyclePanel<S extends string>({
  title = 'Lifecycle',
  machine,
  current,
  history,
  actions,
  children,
  noHistory,
}: {
  title?: string;
  machine: Machine<S>;
  current: S;
  history: HistoryEntry[];
  actions?: MachineAction[];
  children?: ReactNode;
  /** Shown in place of the timeline: why there is no history to show. */
  noHistory?: ReactNode;
}) {
  return (
    <Paper sx={{ p: 2.5 }}>
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, lg: 7 }} sx={{ minWidth: 0 }}>
          <Section title={title} frame="none">
            <StateMachineView machine={machine} current={current} history={history} actions={actions} />
            {children}
          </Section>
        </Grid>
        <Grid size={{ xs: 12, lg: 5 }} sx={{ minWidth: 0 }}>
          <Section title="History" frame="none">
            {noHistory ?? <HistoryTimeline history={history} />}
          </Section>
        </Grid>
      </Grid>
    </Paper>
  );
}
