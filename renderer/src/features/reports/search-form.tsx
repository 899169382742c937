import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  FIELD_GROUPS,
  INSTRUMENT_TYPES,
  TRANSACTION_STATUSES,
  TRANSACTION_STATUS_LABELS,
  type FieldGroup,
} from '../../../../shared/api/reporting';
import { TRANSACTION_CODES } from '../../../../shared/api/registry';
import { CURRENCY_EXPONENTS } from '../../../../shared/money';
import { DateRangePicker } from './date-range-picker';
import { checkRange, type SearchForm as Form } from './search-model';
import { SelectField } from '../../components/select-field';

const CURRENCIES = Object.keys(CURRENCY_EXPONENTS).sort();

/** Every filter of spec 4.11: dates, id, type, status, amount range, currency, instrument, store, terminal, fields. */
export function SearchForm({
  form,
  nowMs,
  onChange,
  onSearch,
  busy,
}: {
  form: Form;
  nowMs: number;
  onChange(form: Form): void;
  onSearch(): void;
  busy: boolean;
}) {
  const set = <K extends keyof Form>(key: K, value: Form[K]) => onChange({ ...form, [key]: value });
  const valid = checkRange(form, nowMs).valid;
  const groups = form.fields === 'all' ? [...FIELD_GROUPS] : form.fields;
  const toggleGroup = (group: FieldGroup) => {
    const next = groups.includes(group) ? groups.filter((g) => g !== group) : [...groups, group];
    set('fields', next.length === FIELD_GROUPS.length ? 'all' : FIELD_GROUPS.filter((g) => next.includes(g)));
  };
  const text = (
    key: 'transactionId' | 'amountLow' | 'amountHigh' | 'storeId' | 'terminalId',
    label: string,
    width: number,
    testId: string,
    helper?: string,
  ) => (
    <TextField
      label={label}
      size="small"
      value={form[key]}
      onChange={(e) => set(key, e.target.value)}
      sx={{ width }}
      helperText={helper}
      slotProps={{ htmlInput: { 'data-testid': testId, spellCheck: false } }}
    />
  );
  const toggle = (key: 'balanceAffectingOnly' | 'iso8601', label: string, testId: string) => (
    <FormControlLabel
      control={
        <Switch
          checked={form[key]}
          onChange={(e) => set(key, e.target.checked)}
          slotProps={{ input: { 'data-testid': testId } as object }}
        />
      }
      label={label}
    />
  );

  return (
    <Paper
      variant="outlined"
      sx={{ p: 2 }}
      component="form"
      onSubmit={(e: React.FormEvent) => {
        e.preventDefault();
        if (valid) onSearch();
      }}
      data-testid="search-form"
    >
      <Stack spacing={2}>
        <DateRangePicker
          start={form.start}
          end={form.end}
          nowMs={nowMs}
          onChange={(range) => onChange({ ...form, ...range })}
        />
        <Stack direction="row" sx={{ gap: 1.5, flexWrap: 'wrap', alignItems: 'flex-start' }}>
          {text(
            'transactionId',
            'Transaction or order id',
            230,
            'filter-transaction-id',
            '17 chars, or O- and an order id',
          )}
          <SelectField
            label="Type (event code)"
            value={form.type}
            onChange={(type) => set('type', type)}
            emptyChoice="Any"
            choices={TRANSACTION_CODES.map((c) => ({ value: c.code, label: `${c.code} ${c.name}` }))}
            testId="filter-type"
            sx={{ width: 250 }}
          />
          <SelectField
            label="Status"
            value={form.status}
            onChange={(status) => set('status', status as Form['status'])}
            emptyChoice="Any"
            choices={TRANSACTION_STATUSES.map((s) => ({
              value: s,
              label: `${s} ${TRANSACTION_STATUS_LABELS[s]}`,
            }))}
            testId="filter-status"
            sx={{ width: 190 }}
          />
          {text('amountLow', 'Amount from', 130, 'filter-amount-low', 'minor units')}
          {text('amountHigh', 'Amount to', 130, 'filter-amount-high', 'e.g. 10000 = 100.00')}
          <SelectField
            label="Currency"
            value={form.currency}
            onChange={(currency) => set('currency', currency)}
            emptyChoice="Any"
            choices={CURRENCIES}
            testId="filter-currency"
            sx={{ width: 110 }}
          />
          <SelectField
            label="Instrument"
            value={form.instrument}
            onChange={(instrument) => set('instrument', instrument as Form['instrument'])}
            emptyChoice="Any"
            choices={INSTRUMENT_TYPES}
            testId="filter-instrument"
            sx={{ width: 150 }}
          />
          {text('storeId', 'Store id', 130, 'filter-store')}
          {text('terminalId', 'Terminal id', 130, 'filter-terminal')}
        </Stack>
        <Stack direction="row" sx={{ gap: 0.5, flexWrap: 'wrap', alignItems: 'center' }}>
          <Typography variant="body2" color="text.secondary" sx={{ mr: 1 }}>
            Fields:
          </Typography>
          {FIELD_GROUPS.map((group) => (
            <FormControlLabel
              key={group}
              control={
                <Checkbox
                  size="small"
                  checked={groups.includes(group)}
                  onChange={() => toggleGroup(group)}
                  slotProps={{ input: { 'data-testid': `field-${group}` } as object }}
                />
              }
              label={<Typography variant="body2">{group}</Typography>}
            />
          ))}
        </Stack>
        <Stack direction="row" sx={{ gap: 2, flexWrap: 'wrap', alignItems: 'center' }}>
          {toggle('balanceAffectingOnly', 'Balance-affecting only', 'filter-balance-affecting')}
          {toggle('iso8601', 'Svc-Enforce-ISO8601-Format', 'filter-iso8601')}
          <Button type="submit" variant="contained" disabled={!valid || busy} data-testid="search-submit">
            {busy ? 'Searching…' : 'Search'}
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
}
