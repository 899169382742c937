import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { describeCycle, type ScheduleCycle } from '../../../../shared/billing/schedule';
import { MONO } from '../../components/mono-font';
import {
  INTERVAL_UNITS,
  MAX_INTERVAL_COUNT,
  MAX_TRIAL_CYCLES,
  trialCount,
  type CycleDraft,
  type PlanDraft,
} from './plan-draft';
import { SelectField } from '../../components/select-field';

const UNIT_LABELS = { DAY: 'days', WEEK: 'weeks', MONTH: 'months', YEAR: 'years' } as const;

/**
 * The billing cycles of the plan form: up to two trial cycles, then the one regular cycle, each with
 * its length, how many times it runs and its price. Each row says in words what it is as it is typed.
 * The order of the rows is the cycles' `sequence`.
 */
export function CycleBuilder({
  draft,
  errorOf,
  onChange,
  onAddTrial,
  onRemove,
}: {
  draft: PlanDraft;
  errorOf(pointer: string): string | undefined;
  onChange(key: number, change: Partial<CycleDraft>, pointer: string): void;
  onAddTrial(): void;
  onRemove(key: number): void;
}) {
  const trials = trialCount(draft);
  return (
    <Stack spacing={1.5} data-testid="cycle-builder">
      {draft.cycles.map((cycle, index) => (
        <CycleRow
          key={cycle.key}
          cycle={cycle}
          index={index}
          currency={draft.currency}
          errorOf={errorOf}
          onChange={(change, member) => onChange(cycle.key, change, `/billing_cycles/${index}${member}`)}
          onRemove={() => onRemove(cycle.key)}
        />
      ))}
      <Box>
        <Tooltip title={trials >= MAX_TRIAL_CYCLES ? 'A plan has at most two trial cycles.' : ''}>
          <span>
            <Button
              size="small"
              onClick={onAddTrial}
              disabled={trials >= MAX_TRIAL_CYCLES}
              data-testid="add-trial-cycle"
            >
              Add trial cycle
            </Button>
          </span>
        </Tooltip>
      </Box>
    </Stack>
  );
}

function CycleRow({
  cycle,
  index,
  currency,
  errorOf,
  onChange,
  onRemove,
}: {
  cycle: CycleDraft;
  index: number;
  currency: string;
  errorOf(pointer: string): string | undefined;
  onChange(change: Partial<CycleDraft>, member: string): void;
  onRemove(): void;
}) {
  const at = `/billing_cycles/${index}`;
  const trial = cycle.tenure === 'TRIAL';
  const forever = !trial && cycle.totalCycles.trim() === '0';
  const countError = errorOf(`${at}/frequency/interval_count`);
  const totalError = errorOf(`${at}/total_cycles`);
  const priceError =
    errorOf(`${at}/pricing_scheme/fixed_price/value`) ?? errorOf(`${at}/pricing_scheme/fixed_price`);
  const testId = `cycle-${index}`;
  return (
    <Paper variant="outlined" sx={{ p: 1.5 }} data-testid={testId} data-tenure={cycle.tenure}>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start', flexWrap: 'wrap', rowGap: 1.5 }}>
        <Stack spacing={0.5} sx={{ width: 92, pt: 0.75 }}>
          <Chip
            size="small"
            label={trial ? 'Trial' : 'Regular'}
            color={trial ? 'info' : 'primary'}
            variant="outlined"
          />
          <Typography variant="caption" color="text.secondary">
            sequence {index + 1}
          </Typography>
        </Stack>
        <TextField
          label="Every"
          size="small"
          value={cycle.intervalCount}
          onChange={(e) => onChange({ intervalCount: e.target.value }, '/frequency/interval_count')}
          error={Boolean(countError)}
          helperText={countError ?? `1 to ${MAX_INTERVAL_COUNT[cycle.unit]}`}
          sx={{ width: 96 }}
          slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': `${testId}-interval-count` } }}
        />
        <SelectField
          native
          label="Unit"
          value={cycle.unit}
          onChange={(unit) => onChange({ unit: unit as CycleDraft['unit'] }, '/frequency/interval_count')}
          choices={INTERVAL_UNITS.map((unit) => ({ value: unit, label: UNIT_LABELS[unit] }))}
          testId={`${testId}-unit`}
          sx={{ width: 116 }}
        />
        <Stack spacing={0}>
          <TextField
            label="Cycles"
            size="small"
            value={forever ? '' : cycle.totalCycles}
            disabled={forever}
            placeholder={forever ? '∞' : undefined}
            onChange={(e) => onChange({ totalCycles: e.target.value }, '/total_cycles')}
            error={Boolean(totalError)}
            helperText={totalError ?? (trial ? '1 to 999' : forever ? 'until cancelled' : '1 to 999')}
            sx={{ width: 110 }}
            slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': `${testId}-total-cycles` } }}
          />
          {trial ? null : (
            <FormControlLabel
              sx={{ mt: -0.5 }}
              control={
                <Checkbox
                  size="small"
                  checked={forever}
                  onChange={(e) => onChange({ totalCycles: e.target.checked ? '0' : '12' }, '/total_cycles')}
                  slotProps={{ input: { 'data-testid': `${testId}-forever` } as object }}
                />
              }
              label={<Typography variant="caption">Until cancelled</Typography>}
            />
          )}
        </Stack>
        <Stack spacing={0}>
          <TextField
            label={`Price (${currency})`}
            size="small"
            value={trial && cycle.free ? '' : cycle.price}
            disabled={trial && cycle.free}
            placeholder={trial && cycle.free ? 'free' : '10.00'}
            onChange={(e) => onChange({ price: e.target.value }, '/pricing_scheme/fixed_price/value')}
            error={Boolean(priceError)}
            helperText={priceError ?? (trial ? 'per cycle' : 'per cycle, per unit')}
            sx={{ width: 150 }}
            slotProps={{
              htmlInput: {
                inputMode: 'decimal',
                style: { fontFamily: MONO },
                'data-testid': `${testId}-price`,
              },
            }}
          />
          {trial ? (
            <FormControlLabel
              sx={{ mt: -0.5 }}
              control={
                <Checkbox
                  size="small"
                  checked={cycle.free}
                  onChange={(e) => onChange({ free: e.target.checked }, '/pricing_scheme/fixed_price/value')}
                  slotProps={{ input: { 'data-testid': `${testId}-free` } as object }}
                />
              }
              label={<Typography variant="caption">Free</Typography>}
            />
          ) : null}
        </Stack>
        <Box sx={{ flexGrow: 1, minWidth: 160, pt: 1 }}>
          <Typography variant="body2" color="text.secondary" data-testid={`${testId}-words`}>
            {cycleWords(cycle, currency)}
          </Typography>
        </Box>
        {trial ? (
          <IconButton
            size="small"
            aria-label="Remove trial cycle"
            title="Remove this trial cycle"
            onClick={onRemove}
            data-testid={`${testId}-remove`}
          >
            ✕
          </IconButton>
        ) : null}
      </Stack>
    </Paper>
  );
}

/** The row in words once its numbers read as numbers; a hint while they do not. */
function cycleWords(cycle: CycleDraft, currency: string): string {
  const count = Number(cycle.intervalCount);
  const total = Number(cycle.totalCycles);
  if (!Number.isInteger(count) || count < 1 || !Number.isInteger(total) || total < 0) return '…';
  const schedule: ScheduleCycle = {
    tenure_type: cycle.tenure,
    sequence: 1,
    total_cycles: total,
    frequency: { interval_unit: cycle.unit, interval_count: count },
    ...(cycle.tenure === 'TRIAL' && cycle.free
      ? {}
      : { pricing_scheme: { fixed_price: { currency_code: currency, value: cycle.price.trim() || '0' } } }),
  };
  return describeCycle(schedule);
}
