import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import {
  describeSchedule,
  projectSchedule,
  type ProjectedCycle,
  type ScheduleProjection,
  type SchedulePlan,
} from '../../../../shared/billing/schedule';
import { formatTime } from '../../api/format';
import { MONO } from '../../components/mono-font';
import { ScheduleTrack, type TrackMark, type TrackSegment } from './schedule-track';

/** How many cycles a preview lists (an endless schedule has to stop somewhere). */
export const PREVIEW_CYCLES = 13;

/** The tenures of a projection as bands: each from its first billing to the end of its last projected period. */
export function segmentsOf(cycles: readonly ProjectedCycle[]): TrackSegment[] {
  const segments: TrackSegment[] = [];
  for (const cycle of cycles) {
    const current = segments.at(-1);
    const label = `${cycle.tenure_type === 'TRIAL' ? 'Trial' : 'Regular'} (sequence ${cycle.sequence})`;
    if (current && current.label === label) current.to = cycle.period_end;
    else
      segments.push({
        from: cycle.billing_time,
        to: cycle.period_end,
        kind: cycle.tenure_type === 'TRIAL' ? 'trial' : 'regular',
        label,
      });
  }
  return segments;
}

/** What a projected cycle charges, in words: `10.83 USD (0.83 USD tax)`, or `free`. */
export function chargeText(cycle: ProjectedCycle): string {
  if (!cycle.charge) return 'free';
  const { total, tax } = cycle.charge;
  return /^0(\.0+)?$/.test(tax.value)
    ? `${total.value} ${total.currency_code}`
    : `${total.value} ${total.currency_code} (${tax.value} tax)`;
}

/** The setup fee and each projected cycle as marks on the track. */
export function marksOf(projection: ScheduleProjection): TrackMark[] {
  return [
    ...(projection.setupFee
      ? [
          {
            at: projection.setupFee.at,
            kind: 'setup' as const,
            label: `Setup fee ${projection.setupFee.amount.value} ${projection.setupFee.amount.currency_code}`,
          },
        ]
      : []),
    ...projection.cycles.map((cycle) => ({
      at: cycle.billing_time,
      kind: cycle.tenure_type === 'TRIAL' ? ('trial' as const) : ('regular' as const),
      label: `${formatTime(cycle.billing_time)}: ${cycle.tenure_type.toLowerCase()} ${cycle.cycle}${cycle.total_cycles ? ` of ${cycle.total_cycles}` : ''}, ${chargeText(cycle)}`,
    })),
  ];
}

/**
 * A plan's whole schedule before anyone subscribes: the sentence (`1 month free, then 12 x 10.00 USD
 * monthly`), the timeline from `start`, and the first cycles' dates and charges. Shared by the plan
 * form (on the draft, as it is typed) and the plan's page.
 */
export function SchedulePreview({
  plan,
  start,
  quantity = 1,
  testId = 'schedule-preview',
}: {
  plan: SchedulePlan;
  /** When a subscription made now would start: the simulated clock. */
  start: string | undefined;
  quantity?: number;
  testId?: string;
}) {
  const description = describeSchedule(plan);
  let projection: ScheduleProjection | undefined;
  try {
    projection = start ? projectSchedule(plan, { start, limit: PREVIEW_CYCLES, quantity }) : undefined;
  } catch {
    // A draft price that does not parse yet: the words still show, the dates wait for a valid draft.
    projection = undefined;
  }
  const open = projection !== undefined && projection.totalCycles === undefined;
  const shown = projection?.cycles.length ?? 0;
  return (
    <Box data-testid={testId}>
      <Typography sx={{ fontWeight: 600 }} data-testid={`${testId}-text`}>
        {description.text}
      </Typography>
      {projection && projection.cycles.length > 0 ? (
        <>
          <ScheduleTrack
            segments={segmentsOf(projection.cycles)}
            marks={marksOf(projection)}
            open={open}
            testId={`${testId}-track`}
          />
          <Table size="small" data-testid={`${testId}-table`}>
            <TableHead>
              <TableRow>
                <TableCell>#</TableCell>
                <TableCell>Billed</TableCell>
                <TableCell>Cycle</TableCell>
                <TableCell align="right">Charge</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {projection.setupFee ? (
                <TableRow data-testid={`${testId}-setup-fee`}>
                  <TableCell />
                  <TableCell sx={{ fontFamily: MONO }} title={formatTime(projection.setupFee.at)}>
                    {projection.setupFee.at.slice(0, 10)}
                  </TableCell>
                  <TableCell>Setup fee</TableCell>
                  <TableCell align="right" sx={{ fontFamily: MONO }}>
                    {projection.setupFee.amount.value} {projection.setupFee.amount.currency_code}
                  </TableCell>
                </TableRow>
              ) : null}
              {projection.cycles.map((cycle) => (
                <TableRow key={cycle.index} data-testid={`${testId}-cycle`} data-tenure={cycle.tenure_type}>
                  <TableCell>{cycle.index}</TableCell>
                  {/* Every cycle bills at the start's time of day (the caption says it): the day is what differs. */}
                  <TableCell sx={{ fontFamily: MONO }} title={formatTime(cycle.billing_time)}>
                    {cycle.billing_time.slice(0, 10)}
                  </TableCell>
                  <TableCell>
                    {cycle.tenure_type === 'TRIAL' ? 'Trial' : 'Regular'} {cycle.cycle}
                    {cycle.total_cycles ? ` of ${cycle.total_cycles}` : ''}
                  </TableCell>
                  <TableCell align="right" sx={{ fontFamily: MONO }}>
                    {chargeText(cycle)}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1 }}>
            {open
              ? `The first ${shown} cycles from ${formatTime(start)}; the regular cycle goes on until the subscription is cancelled.`
              : projection.totalCycles !== undefined && projection.totalCycles > shown
                ? `The first ${shown} of ${projection.totalCycles} cycles; the last period ends ${formatTime(projection.endTime)}.`
                : `Starting ${formatTime(start)}; the last period ends ${formatTime(projection.endTime)}.`}
          </Typography>
        </>
      ) : null}
    </Box>
  );
}
