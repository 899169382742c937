import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { QueryState } from '../../components/query-state';
import { Section } from '../../components/section';
import type { Progress } from './payout-model';

/**
 * Items by status as processing advances: how many are decided, a bar, and one chip per status that
 * filters the item table (`payout-count-<STATUS>` with `data-count`; `payout-count-PENDING` for the
 * items still waiting in the batch).
 */
export function BatchProgress({
  progress,
  loading,
  error,
  status,
  selected,
  onSelect,
}: {
  progress: Progress;
  loading: boolean;
  error: unknown;
  /** The batch's status. */
  status: string;
  selected: string;
  onSelect(status: string): void;
}) {
  const { processed, pending, total } = progress;
  const denied = status === 'DENIED';
  return (
    <Section
      title="Progress"
      testId="payout-progress"
      action={
        <Typography variant="body2" color="text.secondary" data-testid="payout-progress-text">
          {denied
            ? 'Denied: nothing was paid'
            : `${processed.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} items processed`}
        </Typography>
      }
    >
      <QueryState loading={loading} error={error}>
        <Box data-processed={processed} data-total={total} data-testid="payout-progress-bar" sx={{ mb: 1.5 }}>
          <LinearProgress
            variant={status === 'PENDING' && processed === 0 ? 'indeterminate' : 'determinate'}
            value={progress.fraction * 100}
            color={denied ? 'error' : 'primary'}
            sx={{ height: 8, borderRadius: 4 }}
          />
        </Box>
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
          <Chip
            label={`All decided ${processed.toLocaleString('en-US')}`}
            variant={selected === '' ? 'filled' : 'outlined'}
            onClick={() => onSelect('')}
            data-testid="payout-count-ALL"
            data-count={processed}
          />
          {pending > 0 ? (
            <Chip
              label={`${denied ? 'DENIED with the batch' : 'PENDING'} ${pending.toLocaleString('en-US')}`}
              color={denied ? 'error' : 'info'}
              variant="outlined"
              data-testid="payout-count-PENDING"
              data-count={pending}
            />
          ) : null}
          {progress.byStatus.map(({ status: itemStatus, count }) => (
            <Chip
              key={itemStatus}
              label={`${itemStatus} ${count.toLocaleString('en-US')}`}
              color={CHIP_COLORS[itemStatus] ?? 'default'}
              variant={selected === itemStatus ? 'filled' : 'outlined'}
              onClick={() => onSelect(selected === itemStatus ? '' : itemStatus)}
              data-testid={`payout-count-${itemStatus}`}
              data-count={count}
            />
          ))}
        </Stack>
      </QueryState>
    </Section>
  );
}

const CHIP_COLORS: Record<string, 'success' | 'warning' | 'error' | 'info' | 'default' | 'secondary'> = {
  SUCCESS: 'success',
  UNCLAIMED: 'warning',
  ONHOLD: 'warning',
  RETURNED: 'secondary',
  REFUNDED: 'secondary',
  FAILED: 'error',
  BLOCKED: 'error',
  DENIED: 'error',
};
