import Box from '@mui/material/Box';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { alpha, useTheme } from '@mui/material/styles';

/** What a mark on the track stands for; each is drawn in its own colour. */
export type MarkKind = 'setup' | 'trial' | 'regular' | 'paid' | 'failed';

export interface TrackMark {
  at: string;
  /** Shown on hover (and under the track for the first and last marks). */
  label: string;
  kind: MarkKind;
}

export interface TrackSegment {
  from: string;
  to: string;
  /** A trial or regular tenure of a schedule, or the part of a subscription already billed. */
  kind: 'trial' | 'regular' | 'billed';
  label: string;
}

const day = (iso: string) => iso.slice(0, 10);

/**
 * Billing on a line of time: tenures as coloured bands whose widths follow their real lengths, each
 * billing as a tick, and the simulated "now" as a marker. Positions are fractions of the span from the
 * first band's start to the last band's end, so a week's trial looks short beside a year of months.
 * `open` draws the end fading out: the schedule goes on past what is shown.
 */
export function ScheduleTrack({
  segments,
  marks,
  now,
  open = false,
  testId = 'schedule-track',
}: {
  segments: readonly TrackSegment[];
  marks: readonly TrackMark[];
  now?: string | undefined;
  open?: boolean;
  testId?: string;
}) {
  const theme = useTheme();
  const first = segments[0];
  const last = segments.at(-1);
  if (!first || !last) return null;
  const start = Date.parse(first.from);
  const end = Math.max(Date.parse(last.to), now ? Date.parse(now) : 0);
  const span = Math.max(1, end - start);
  const position = (iso: string) => Math.min(100, Math.max(0, ((Date.parse(iso) - start) / span) * 100));
  const colours: Record<MarkKind, string> = {
    setup: theme.palette.warning.main,
    trial: theme.palette.info.main,
    regular: theme.palette.primary.main,
    paid: theme.palette.success.main,
    failed: theme.palette.error.main,
  };
  const nowInside = now !== undefined && Date.parse(now) >= start;
  return (
    <Box data-testid={testId} sx={{ pt: 3, pb: 3.5, px: 1 }}>
      <Box sx={{ position: 'relative', height: 14 }}>
        {segments.map((segment, index) => {
          const left = position(segment.from);
          const width = position(segment.to) - left;
          const colour = {
            trial: theme.palette.info.main,
            regular: theme.palette.primary.main,
            billed: theme.palette.success.main,
          }[segment.kind];
          const fades = open && index === segments.length - 1;
          return (
            <Tooltip key={index} title={segment.label}>
              <Box
                data-testid={`${testId}-segment`}
                data-kind={segment.kind}
                sx={{
                  position: 'absolute',
                  left: `${left}%`,
                  width: `${width}%`,
                  top: 0,
                  bottom: 0,
                  borderRadius: 1,
                  background: fades
                    ? `linear-gradient(to right, ${alpha(colour, 0.35)} 70%, ${alpha(colour, 0)})`
                    : alpha(colour, 0.35),
                  borderLeft: `2px solid ${colour}`,
                }}
              />
            </Tooltip>
          );
        })}
        {marks.map((mark, index) => (
          <Tooltip key={index} title={mark.label}>
            <Box
              data-testid={`${testId}-mark`}
              data-kind={mark.kind}
              data-at={mark.at}
              sx={{
                position: 'absolute',
                left: `calc(${position(mark.at)}% - 5px)`,
                top: mark.kind === 'setup' ? -12 : 2,
                width: 10,
                height: 10,
                borderRadius: mark.kind === 'setup' ? 0.5 : '50%',
                bgcolor: colours[mark.kind],
                border: `1.5px solid ${theme.palette.background.paper}`,
              }}
            />
          </Tooltip>
        ))}
        {nowInside ? (
          <Tooltip title={`Now (simulated): ${now}`}>
            <Box
              data-testid={`${testId}-now`}
              sx={{
                position: 'absolute',
                left: `${position(now)}%`,
                top: -10,
                bottom: -10,
                width: 2,
                bgcolor: theme.palette.text.primary,
              }}
            />
          </Tooltip>
        ) : null}
      </Box>
      <Box sx={{ position: 'relative', height: 16, mt: 0.75 }}>
        <Typography variant="caption" color="text.secondary" sx={{ position: 'absolute', left: 0 }}>
          {day(first.from)}
        </Typography>
        <Typography variant="caption" color="text.secondary" sx={{ position: 'absolute', right: 0 }}>
          {open ? `${day(last.to)} and on…` : day(last.to)}
        </Typography>
      </Box>
    </Box>
  );
}
