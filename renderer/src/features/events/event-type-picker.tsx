import Autocomplete from '@mui/material/Autocomplete';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import type { CatalogEventType } from '../../../../shared/api/webhooks';

export const WILDCARD = '*';

/**
 * Picks event types from the catalog; `*` (every type, including ones added later) excludes the rest,
 * as the API requires.
 */
export function EventTypePicker({
  catalog,
  value,
  onChange,
  testId = 'event-type-picker',
}: {
  catalog: CatalogEventType[];
  value: string[];
  onChange: (names: string[]) => void;
  testId?: string;
}) {
  const options = [WILDCARD, ...catalog.map((t) => t.name)];
  const describe = (name: string) =>
    name === WILDCARD
      ? 'Every event type, including future ones'
      : (catalog.find((t) => t.name === name)?.description ?? '');
  return (
    <Autocomplete
      multiple
      size="small"
      options={options}
      value={value}
      disableCloseOnSelect
      onChange={(_e, names) => {
        const added = names.find((n) => !value.includes(n));
        onChange(added === WILDCARD ? [WILDCARD] : names.filter((n) => n !== WILDCARD || !added));
      }}
      renderOption={(props, option) => {
        const { key, ...rest } = props as typeof props & { key: string };
        return (
          <li key={key} {...rest} data-testid={`event-type-option-${option}`}>
            <span>
              <strong>{option}</strong>
              <br />
              <small>{describe(option)}</small>
            </span>
          </li>
        );
      }}
      renderValue={(selected, getItemProps) =>
        selected.map((name, index) => {
          const { key, ...itemProps } = getItemProps({ index });
          return <Chip key={key} size="small" label={name} {...itemProps} />;
        })
      }
      renderInput={(params) => (
        <TextField
          {...params}
          label="Event types"
          placeholder={value.length === 0 ? 'Pick types, or * for all' : ''}
        />
      )}
      data-testid={testId}
      sx={{ minWidth: 360, flex: 1 }}
    />
  );
}
