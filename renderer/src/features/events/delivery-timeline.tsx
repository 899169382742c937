import { formatTime } from '../../api/format';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { Delivery, DeliveryStatus } from '../../../../shared/api/webhooks';

const STATUS_COLOR: Record<DeliveryStatus, 'default' | 'success' | 'error' | 'warning'> = {
  PENDING: 'warning',
  DELIVERED: 'success',
  FAILED: 'error',
  CANCELLED: 'default',
};

const mono = { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', fontSize: 12 };

/**
 * One event's deliveries, one per subscription: every attempt with when it was due and when it was made
 * (they differ when the clock jumped past a retry), its answer, and the next retry (simulated time).
 */
export function DeliveryTimeline({ deliveries }: { deliveries: Delivery[] }) {
  if (deliveries.length === 0) {
    return (
      <Typography color="text.secondary" variant="body2" data-testid="no-deliveries">
        No subscription listened to this event when it happened.
      </Typography>
    );
  }
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }} data-testid="delivery-timeline">
      {deliveries.map((d) => (
        <Paper key={d.id} variant="outlined" sx={{ p: 1.5 }} data-testid="delivery" data-status={d.status}>
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
            <Chip
              size="small"
              label={d.status}
              color={STATUS_COLOR[d.status]}
              data-testid="delivery-status"
              sx={{ fontWeight: 600 }}
            />
            <Typography variant="body2" sx={mono}>
              {d.webhook_id}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ ...mono, wordBreak: 'break-all' }}>
              → {d.url}
            </Typography>
            <Typography variant="body2" sx={{ ml: 'auto' }} data-testid="delivery-attempts">
              {d.attempt_count} / {d.max_attempts} attempts
            </Typography>
          </Box>
          {d.status === 'PENDING' && d.next_attempt_time ? (
            <Typography variant="body2" sx={{ mt: 0.5 }} data-testid="next-retry">
              Next attempt at{' '}
              <strong style={mono}>{formatTime(d.next_attempt_time, { milliseconds: true })}</strong> on the
              simulated clock
            </Typography>
          ) : null}
          <Box component="ol" sx={{ listStyle: 'none', m: 0, mt: 1, p: 0 }}>
            {d.attempts.map((a) => {
              const ok = a.status_code !== null && a.status_code >= 200 && a.status_code < 300;
              return (
                <Box
                  component="li"
                  key={a.number}
                  data-testid="attempt"
                  sx={{
                    display: 'grid',
                    gridTemplateColumns:
                      '32px minmax(150px, auto) minmax(150px, auto) 44px 72px minmax(0, 1fr)',
                    gap: 1,
                    py: 0.25,
                    borderLeft: 2,
                    borderColor: ok ? 'success.main' : 'error.main',
                    pl: 1,
                  }}
                >
                  <Typography variant="body2" sx={mono}>
                    #{a.number}
                  </Typography>
                  <Typography variant="body2" sx={mono} data-testid="attempt-due">
                    due {formatTime(a.due_time, { milliseconds: true })}
                  </Typography>
                  <Typography variant="body2" sx={mono} data-testid="attempt-made">
                    made {formatTime(a.attempt_time, { milliseconds: true })}
                  </Typography>
                  <Typography
                    variant="body2"
                    sx={{ ...mono, fontWeight: 600, color: ok ? 'success.main' : 'error.main' }}
                  >
                    {a.status_code ?? '—'}
                  </Typography>
                  <Typography variant="body2" sx={mono}>
                    {a.latency_ms.toFixed(1)} ms
                  </Typography>
                  <Typography
                    variant="body2"
                    color="text.secondary"
                    sx={{ ...mono, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
                    title={a.error ?? a.response_excerpt ?? ''}
                  >
                    {a.error ?? a.response_excerpt ?? ''}
                  </Typography>
                </Box>
              );
            })}
          </Box>
        </Paper>
      ))}
    </Box>
  );
}
