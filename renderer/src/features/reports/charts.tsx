import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import type { ReactNode } from 'react';

/** One point of a series: a label (a day) and a decimal string (exact; parsed only to draw). */
export interface SeriesPoint {
  label: string;
  value: string;
}

const WIDTH = 560;
const HEIGHT = 180;
const PAD = { left: 76, right: 12, top: 12, bottom: 26 };

function scale(points: readonly SeriesPoint[]) {
  const values = points.map((p) => Number(p.value));
  const low = Math.min(0, ...values);
  const high = Math.max(0, ...values);
  let min = low;
  let max = high;
  if (min === max) max = min + 1;
  const span = max - min;
  min -= span * 0.05;
  max += span * 0.05;
  const innerW = WIDTH - PAD.left - PAD.right;
  const innerH = HEIGHT - PAD.top - PAD.bottom;
  const x = (i: number) => PAD.left + (points.length <= 1 ? innerW / 2 : (i * innerW) / (points.length - 1));
  const y = (v: number) => PAD.top + innerH - ((v - min) / (max - min)) * innerH;
  return { x, y, low, high, innerW, innerH, values };
}

function Frame({
  title,
  testId,
  children,
  empty,
}: {
  title: string;
  testId: string;
  children: ReactNode;
  empty: boolean;
}) {
  return (
    <Box data-testid={testId} sx={{ minWidth: 0 }}>
      <Typography variant="subtitle2" sx={{ mb: 0.5 }}>
        {title}
      </Typography>
      {empty ? (
        <Typography color="text.secondary" variant="body2">
          No data.
        </Typography>
      ) : (
        children
      )}
    </Box>
  );
}

/** Axis labels: the extremes and zero, and the first and last day. */
function Axes({ points, s }: { points: readonly SeriesPoint[]; s: ReturnType<typeof scale> }) {
  const theme = useTheme();
  const ticks = [...new Set([s.high, 0, s.low])];
  return (
    <g fontSize={10.5} fill={theme.palette.text.secondary}>
      {ticks.map((t) => (
        <g key={t}>
          <line
            x1={PAD.left}
            x2={WIDTH - PAD.right}
            y1={s.y(t)}
            y2={s.y(t)}
            stroke={theme.palette.divider}
            strokeDasharray={t === 0 ? undefined : '3 3'}
          />
          <text x={PAD.left - 6} y={s.y(t) + 3.5} textAnchor="end">
            {t.toLocaleString('en-US', { maximumFractionDigits: 2 })}
          </text>
        </g>
      ))}
      <text x={PAD.left} y={HEIGHT - 6}>
        {points[0]?.label}
      </text>
      <text x={WIDTH - PAD.right} y={HEIGHT - 6} textAnchor="end">
        {points.at(-1)?.label}
      </text>
    </g>
  );
}

/** A line chart (e.g. the balance at the end of each day). */
export function LineChart({
  title,
  points,
  unit,
  testId,
}: {
  title: string;
  points: readonly SeriesPoint[];
  unit: string;
  testId: string;
}) {
  const theme = useTheme();
  const s = scale(points);
  const path = points
    .map((p, i) => `${i === 0 ? 'M' : 'L'}${s.x(i).toFixed(1)},${s.y(Number(p.value)).toFixed(1)}`)
    .join(' ');
  return (
    <Frame title={unit ? `${title} (${unit})` : title} testId={testId} empty={points.length === 0}>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} width="100%" role="img" aria-label={title}>
        <Axes points={points} s={s} />
        <path d={path} fill="none" stroke={theme.palette.primary.main} strokeWidth={2} />
        {points.map((p, i) => (
          <circle
            key={p.label}
            cx={s.x(i)}
            cy={s.y(Number(p.value))}
            r={2.5}
            fill={theme.palette.primary.main}
            data-testid={`${testId}-point`}
          >
            <title>{`${p.label}: ${p.value} ${unit}`}</title>
          </circle>
        ))}
      </svg>
    </Frame>
  );
}

/** A bar chart, one bar per day (e.g. daily volume, fees); negative values go below the axis. */
export function BarChart({
  title,
  points,
  unit,
  testId,
  color,
}: {
  title: string;
  points: readonly SeriesPoint[];
  unit: string;
  testId: string;
  color?: string;
}) {
  const theme = useTheme();
  const s = scale(points);
  const slot = s.innerW / Math.max(points.length, 1);
  const barW = Math.max(1, slot * 0.7);
  return (
    <Frame title={unit ? `${title} (${unit})` : title} testId={testId} empty={points.length === 0}>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} width="100%" role="img" aria-label={title}>
        <Axes points={points} s={s} />
        {points.map((p, i) => {
          const v = Number(p.value);
          const top = Math.min(s.y(v), s.y(0));
          const x = PAD.left + i * slot + (slot - barW) / 2;
          return (
            <rect
              key={p.label}
              x={x}
              y={top}
              width={barW}
              height={Math.max(0.5, Math.abs(s.y(v) - s.y(0)))}
              fill={color ?? theme.palette.secondary.main}
              data-testid={`${testId}-bar`}
            >
              <title>{`${p.label}: ${p.value} ${unit}`}</title>
            </rect>
          );
        })}
      </svg>
    </Frame>
  );
}
