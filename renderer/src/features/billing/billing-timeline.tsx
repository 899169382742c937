import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Collapse from '@mui/material/Collapse';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Fragment, useState } from 'react';
import type { ProjectedCycle } from '../../../../shared/billing/schedule';
import { formatMoney, formatTime } from '../../api/format';
import { MONO } from '../../components/mono-font';
import { QueryState } from '../../components/query-state';
import { LedgerLines } from '../../components/ledger-lines';
import type { SubscriptionTransaction } from './billing-api';
import { useSaleLedger } from './billing-queries';
import { chargeText } from './schedule-preview';
import { ScheduleTrack, type TrackMark, type TrackSegment } from './schedule-track';

/** The ledger lines a sale wrote, read when its row opens. */
function SaleLedger({ saleId }: { saleId: string }) {
  const lines = useSaleLedger(saleId, true);
  return (
    <QueryState loading={lines.isLoading} error={lines.error}>
      <LedgerLines lines={lines.data ?? []} testId={`ledger-${saleId}`} />
    </QueryState>
  );
}

const STATUS_COLOURS: Record<string, 'success' | 'error' | 'default'> = {
  COMPLETED: 'success',
  DECLINED: 'error',
  REFUNDED: 'default',
};

/**
 * A subscription's billing on one line of time: each payment made so far (a sale and its ledger lines,
 * or a declined attempt) and each cycle still to come, with the simulated "now" between them. A paid
 * row opens to show the ledger lines its sale wrote, so every amount can be followed into the books.
 */
export function BillingTimeline({
  start,
  now,
  transactions,
  coming,
  retry,
  ongoing,
}: {
  start: string;
  now: string | undefined;
  transactions: readonly SubscriptionTransaction[];
  coming: readonly ProjectedCycle[];
  /** The retry of the last failed payment, when one is scheduled. */
  retry?: { at: string; amount: { currency_code: string; value: string } } | undefined;
  /** The schedule goes on past the coming cycles shown (an endless regular cycle). */
  ongoing: boolean;
}) {
  const [open, setOpen] = useState<string | undefined>();
  const past = [...transactions].sort((a, b) => Date.parse(a.time) - Date.parse(b.time));
  const end =
    coming.at(-1)?.period_end ?? (past.length > 0 ? past[past.length - 1]?.time : undefined) ?? now ?? start;
  const firstComing = coming[0]?.billing_time;
  const segments: TrackSegment[] = [
    { from: start, to: firstComing ?? now ?? end, kind: 'billed' as const, label: 'Billed so far' },
    ...(firstComing
      ? [{ from: firstComing, to: end, kind: 'regular' as const, label: 'Still to come' }]
      : []),
  ].filter((s) => Date.parse(s.to) > Date.parse(s.from));
  const marks: TrackMark[] = [
    ...past.map((t) => ({
      at: t.time,
      kind: t.status === 'DECLINED' ? ('failed' as const) : ('paid' as const),
      label: `${formatTime(t.time)}: ${t.status} ${formatMoney(t.amount_with_breakdown.gross_amount)}`,
    })),
    ...(retry
      ? [
          {
            at: retry.at,
            kind: 'failed' as const,
            label: `${formatTime(retry.at)}: retry of ${formatMoney(retry.amount)}`,
          },
        ]
      : []),
    ...coming.map((c) => ({
      at: c.billing_time,
      kind: c.tenure_type === 'TRIAL' ? ('trial' as const) : ('regular' as const),
      label: `${formatTime(c.billing_time)}: ${c.tenure_type.toLowerCase()} cycle ${c.cycle}, ${chargeText(c)}`,
    })),
  ];
  return (
    <Box data-testid="billing-timeline">
      {segments.length > 0 ? (
        <ScheduleTrack segments={segments} marks={marks} now={now} open={ongoing} testId="billing-track" />
      ) : null}
      <Table size="small">
        <TableHead>
          <TableRow>
            <TableCell sx={{ width: 40 }} />
            <TableCell>When</TableCell>
            <TableCell>What</TableCell>
            <TableCell>Transaction</TableCell>
            <TableCell align="right">Gross</TableCell>
            <TableCell align="right">Fee</TableCell>
            <TableCell align="right">Net</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {past.length === 0 && coming.length === 0 ? (
            <TableRow>
              <TableCell colSpan={7}>
                <Typography color="text.secondary" data-testid="billing-timeline-empty">
                  Nothing billed yet, and nothing scheduled: the buyer has not approved the subscription, or
                  it has ended.
                </Typography>
              </TableCell>
            </TableRow>
          ) : null}
          {past.map((transaction) => {
            // A declined attempt moved no money: it has no ledger lines to open.
            const booked = transaction.status !== 'DECLINED';
            const expanded = open === transaction.id;
            const breakdown = transaction.amount_with_breakdown;
            return (
              <Fragment key={transaction.id}>
                <TableRow
                  data-testid="billing-past"
                  data-status={transaction.status}
                  data-transaction-id={transaction.id}
                  hover
                >
                  <TableCell>
                    {booked ? (
                      <IconButton
                        size="small"
                        aria-label={expanded ? 'Hide ledger lines' : 'Show ledger lines'}
                        onClick={() => setOpen(expanded ? undefined : transaction.id)}
                        data-testid="billing-past-toggle"
                      >
                        {expanded ? '▾' : '▸'}
                      </IconButton>
                    ) : null}
                  </TableCell>
                  <TableCell sx={{ fontFamily: MONO, whiteSpace: 'nowrap' }}>
                    {formatTime(transaction.time)}
                  </TableCell>
                  <TableCell>
                    <Chip
                      size="small"
                      variant="outlined"
                      color={STATUS_COLOURS[transaction.status] ?? 'default'}
                      label={
                        transaction.status === 'DECLINED' ? 'Payment failed' : `Paid (${transaction.status})`
                      }
                    />
                    {breakdown.tax_amount && !/^0(\.0+)?$/.test(breakdown.tax_amount.value) ? (
                      <Typography variant="caption" color="text.secondary" sx={{ ml: 1 }}>
                        tax {formatMoney(breakdown.tax_amount)}
                      </Typography>
                    ) : null}
                  </TableCell>
                  <TableCell sx={{ fontFamily: MONO }}>{transaction.id}</TableCell>
                  <TableCell align="right" sx={{ fontFamily: MONO }}>
                    {formatMoney(breakdown.gross_amount)}
                  </TableCell>
                  <TableCell align="right" sx={{ fontFamily: MONO }}>
                    {formatMoney(breakdown.fee_amount)}
                  </TableCell>
                  <TableCell align="right" sx={{ fontFamily: MONO }}>
                    {formatMoney(breakdown.net_amount)}
                  </TableCell>
                </TableRow>
                {booked ? (
                  <TableRow>
                    <TableCell colSpan={7} sx={{ py: 0, borderBottom: expanded ? undefined : 'none' }}>
                      <Collapse in={expanded} unmountOnExit>
                        <Box sx={{ py: 1 }}>
                          <SaleLedger saleId={transaction.id} />
                        </Box>
                      </Collapse>
                    </TableCell>
                  </TableRow>
                ) : null}
              </Fragment>
            );
          })}
          {now && (past.length > 0 || coming.length > 0) ? (
            <TableRow data-testid="billing-now">
              <TableCell />
              <TableCell colSpan={6} sx={{ fontFamily: MONO, color: 'text.secondary', fontSize: 12.5 }}>
                ── now (simulated): {formatTime(now)} ──
              </TableCell>
            </TableRow>
          ) : null}
          {retry ? (
            <TableRow data-testid="billing-retry">
              <TableCell />
              <TableCell sx={{ fontFamily: MONO, whiteSpace: 'nowrap' }}>{formatTime(retry.at)}</TableCell>
              <TableCell>Retry of the failed payment</TableCell>
              <TableCell sx={{ color: 'text.secondary' }}>scheduled</TableCell>
              <TableCell align="right" sx={{ fontFamily: MONO }}>
                {formatMoney(retry.amount)}
              </TableCell>
              <TableCell />
              <TableCell />
            </TableRow>
          ) : null}
          {coming.map((cycle) => (
            <TableRow key={cycle.index} data-testid="billing-coming" data-tenure={cycle.tenure_type}>
              <TableCell />
              <TableCell sx={{ fontFamily: MONO, whiteSpace: 'nowrap' }}>
                {formatTime(cycle.billing_time)}
              </TableCell>
              <TableCell>
                {cycle.tenure_type === 'TRIAL' ? 'Trial' : 'Regular'} cycle {cycle.cycle}
                {cycle.total_cycles ? ` of ${cycle.total_cycles}` : ''}
              </TableCell>
              <TableCell sx={{ color: 'text.secondary' }}>scheduled</TableCell>
              <TableCell align="right" sx={{ fontFamily: MONO }}>
                {chargeText(cycle)}
              </TableCell>
              <TableCell />
              <TableCell />
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {ongoing ? (
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1 }}>
          The regular cycle goes on until the subscription is cancelled; the next {coming.length} are shown.
        </Typography>
      ) : null}
    </Box>
  );
}
