import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { DAY_MS, REPORTING_LIMITS } from '../../../../shared/api/reporting';
import { checkRange, toLocalInput } from './search-model';

const PRESETS = [
  { label: 'Last 24 h', ms: DAY_MS },
  { label: 'Last 7 days', ms: 7 * DAY_MS },
  { label: `Last ${REPORTING_LIMITS.maxRangeDays} days`, ms: REPORTING_LIMITS.maxRangeDays * DAY_MS },
];

/**
 * Start and end (UTC, to the second) with the spec's rules shown live: at most 31 days apart, at most
 * 3 years back. The search button stays off while the range breaks a rule, so nothing bad is sent.
 */
export function DateRangePicker({
  start,
  end,
  nowMs,
  onChange,
}: {
  start: string;
  end: string;
  nowMs: number;
  onChange(range: { start: string; end: string }): void;
}) {
  const range = checkRange({ start, end }, nowMs);
  return (
    <Stack spacing={1}>
      <Stack direction="row" sx={{ gap: 1.5, flexWrap: 'wrap', alignItems: 'center' }}>
        <TextField
          label="Start (UTC)"
          type="datetime-local"
          size="small"
          value={start}
          onChange={(e) => onChange({ start: e.target.value, end })}
          error={range.problems.some((p) => p.field === 'start_date')}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { step: 1, 'data-testid': 'search-start' } }}
        />
        <TextField
          label="End (UTC)"
          type="datetime-local"
          size="small"
          value={end}
          onChange={(e) => onChange({ start, end: e.target.value })}
          error={range.problems.some((p) => p.field === 'end_date')}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { step: 1, 'data-testid': 'search-end' } }}
        />
        {PRESETS.map((preset) => (
          <Button
            key={preset.label}
            size="small"
            onClick={() =>
              onChange({
                start: toLocalInput(nowMs - preset.ms),
                end: toLocalInput(nowMs),
              })
            }
            data-testid={`preset-${preset.ms / DAY_MS}`}
          >
            {preset.label}
          </Button>
        ))}
      </Stack>
      <Typography
        variant="caption"
        color={range.valid ? 'text.secondary' : 'error'}
        data-testid="range-hint"
        data-valid={range.valid ? 'true' : 'false'}
      >
        {range.valid ? `Range: ${range.text}. ` : `${range.text} `}
        Searches cover at most {REPORTING_LIMITS.maxRangeDays} days and reach back{' '}
        {REPORTING_LIMITS.historyYears} years.
      </Typography>
    </Stack>
  );
}
