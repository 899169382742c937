import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { HistoryEntry } from '../../../shared/bridge';
import { JsonView } from './json-view';
import { Section } from './section';
import { StatusChip } from './status-chip';
import { TimelineItem } from './timeline-item';

/** A resource's transitions, oldest first, in simulated time. */
export function HistoryTimeline({ history }: { history: HistoryEntry[] }) {
  if (history.length === 0) return <Typography color="text.secondary">No history yet.</Typography>;
  return (
    <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0 }} data-testid="history-timeline">
      {history.map((entry, index) => (
        <TimelineItem key={index} at={entry.at}>
          <Box>
            <Typography variant="body2">
              <strong>{entry.trigger}</strong> {entry.from_status ? `${entry.from_status} → ` : ''}
              <StatusChip status={entry.to_status} />
            </Typography>
            {entry.note ? (
              <Typography variant="caption" color="text.secondary">
                {entry.note}
              </Typography>
            ) : null}
          </Box>
        </TimelineItem>
      ))}
    </Box>
  );
}

/** The last two sections of a resource's page: what happened to it, and the resource as the API shows it. */
export function HistoryAndResource({
  history,
  resource,
  jsonTestId,
}: {
  history: HistoryEntry[];
  resource: unknown;
  jsonTestId: string;
}) {
  return (
    <>
      <Section title="History">
        <HistoryTimeline history={history} />
      </Section>
      <Section title="As the API shows it">
        <JsonView value={resource} testId={jsonTestId} />
      </Section>
    </>
  );
}
