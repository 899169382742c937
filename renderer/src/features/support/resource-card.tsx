import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { LedgerLine, ResourceSummary, SupportResource } from '../../../../shared/bridge';
import { MACHINES } from '../../../../shared/api/registry';
import { formatMoney } from '../../api/format';
import { kindLabel } from '../../api/kind-label';
import { hrefFor, resourceRoute } from '../../app/router';
import { StateMachineView } from '../../components/state-machine-view';
import { StatusChip } from '../../components/status-chip';
import { MONO } from '../../components/mono-font';
import { LedgerLines } from '../../components/ledger-lines';
import { OpenDisputeButton } from '../disputes';

/** The transactions a buyer can dispute: a v2 capture, a v1 sale or capture. */
const DISPUTABLE_KINDS: ReadonlySet<string> = new Set(['capture', 'sale-v1', 'capture-v1']);

/** A resource's kind, id (a link to its page), status and amount: the head of its card. */
export function ResourceHeading({ summary }: { summary: ResourceSummary }) {
  const { kind, id, status, amount } = summary;
  return (
    <Stack direction="row" sx={{ alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
      <Typography variant="subtitle1" data-testid="resource-kind">
        {kindLabel(kind)}
      </Typography>
      <Link href={hrefFor(resourceRoute(kind, id))} sx={{ fontFamily: MONO }}>
        {id}
      </Link>
      <StatusChip status={status} />
      {amount ? (
        <Typography variant="body2" color="text.secondary">
          {formatMoney(amount)}
        </Typography>
      ) : null}
      {DISPUTABLE_KINDS.has(kind) && status.toUpperCase() !== 'REFUNDED' ? (
        <OpenDisputeButton transactionId={id} {...(amount ? { currency: amount.currency_code } : {})} />
      ) : null}
    </Stack>
  );
}

/**
 * One resource of the looked-up flow: its state machine at its current state, with the path it took,
 * and its ledger lines. `summaryOnly` shows just the heading (a large batch an item belongs to).
 */
export function ResourceCard({
  resource,
  lines,
  summaryOnly = false,
}: {
  resource: SupportResource;
  lines: readonly LedgerLine[];
  summaryOnly?: boolean;
}) {
  const { kind, id, status } = resource.summary;
  // Every kind's machine comes from the shared registry: a new group's resources draw themselves.
  const machine = MACHINES[kind];
  return (
    <Paper
      variant="outlined"
      sx={{ p: 2 }}
      data-testid={`resource-${kind}`}
      data-resource-id={id}
      data-summary-only={summaryOnly ? 'true' : 'false'}
    >
      <ResourceHeading summary={resource.summary} />
      {summaryOnly ? null : (
        <>
          {machine ? (
            <Box sx={{ mt: 1.5 }}>
              <StateMachineView machine={machine} current={status} history={resource.history} />
            </Box>
          ) : null}
          {kind !== 'order' ? (
            <Box sx={{ mt: 2 }}>
              <Typography variant="subtitle2">Ledger lines</Typography>
              <LedgerLines lines={lines} testId={`ledger-lines-${id}`} />
            </Box>
          ) : null}
        </>
      )}
    </Paper>
  );
}
