import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import { headerRow, type HeaderRow } from './console-store';

/** Header names the sandbox reads (spec 4.1, 4.4, 4.5 and the negative-testing header). */
const KNOWN_HEADERS = [
  'Prefer',
  'Svc-Request-Id',
  'Svc-Mock-Response',
  'Svc-Auth-Assertion',
  'Svc-Partner-Attribution-Id',
  'Svc-Client-Metadata-Id',
  'Content-Type',
  'Accept',
];

const newRequestId = (): string =>
  typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : `${Date.now().toString(16)}-${Math.random().toString(16).slice(2, 14)}`;

/** The rows with a header set: a row of that name replaced, a blank one filled, or one added. */
export function putHeader(rows: HeaderRow[], name: string, value: string): HeaderRow[] {
  const existing = rows.find((r) => r.name.trim().toLowerCase() === name.toLowerCase());
  if (existing) return rows.map((r) => (r.id === existing.id ? { ...r, value } : r));
  const blank = rows.find((r) => r.name.trim() === '' && r.value === '');
  if (blank) return rows.map((r) => (r.id === blank.id ? { ...r, name, value } : r));
  return [...rows, headerRow(name, value)];
}

/** The rows without any header of that name (one blank row when none is left). */
export function dropHeader(rows: HeaderRow[], name: string): HeaderRow[] {
  const rest = rows.filter((r) => r.name.trim().toLowerCase() !== name.toLowerCase());
  return rest.length > 0 ? rest : [headerRow()];
}

/** Key/value rows; blank names are ignored when sending. */
export function HeadersEditor({ rows, onChange }: { rows: HeaderRow[]; onChange(rows: HeaderRow[]): void }) {
  const edit = (id: number, patch: Partial<HeaderRow>) =>
    onChange(rows.map((r) => (r.id === id ? { ...r, ...patch } : r)));
  const remove = (id: number) => {
    const rest = rows.filter((r) => r.id !== id);
    onChange(rest.length > 0 ? rest : [headerRow()]);
  };
  const put = (name: string, value: string) => onChange(putHeader(rows, name, value));

  return (
    <Box data-testid="console-headers">
      <datalist id="console-header-names">
        {KNOWN_HEADERS.map((name) => (
          <option key={name} value={name} />
        ))}
      </datalist>
      <Stack spacing={1}>
        {rows.map((row, index) => (
          <Stack direction="row" spacing={1} key={row.id} sx={{ alignItems: 'center' }}>
            <TextField
              size="small"
              placeholder="Header"
              value={row.name}
              onChange={(e) => edit(row.id, { name: e.target.value })}
              slotProps={{
                htmlInput: {
                  list: 'console-header-names',
                  'aria-label': `Header ${index + 1} name`,
                  'data-testid': `console-header-name-${index}`,
                  spellCheck: false,
                },
              }}
              sx={{ flex: '0 0 38%' }}
            />
            <TextField
              size="small"
              placeholder="Value"
              value={row.value}
              onChange={(e) => edit(row.id, { value: e.target.value })}
              slotProps={{
                htmlInput: {
                  'aria-label': `Header ${index + 1} value`,
                  'data-testid': `console-header-value-${index}`,
                  spellCheck: false,
                },
              }}
              sx={{ flex: 1, '& input': { fontFamily: 'ui-monospace, monospace', fontSize: 13 } }}
            />
            <Tooltip title="Remove this header">
              <IconButton
                size="small"
                onClick={() => remove(row.id)}
                aria-label={`Remove header ${index + 1}`}
              >
                ×
              </IconButton>
            </Tooltip>
          </Stack>
        ))}
      </Stack>
      <Stack direction="row" spacing={1} sx={{ mt: 1, flexWrap: 'wrap', rowGap: 1 }}>
        <Button
          size="small"
          onClick={() => onChange([...rows, headerRow()])}
          data-testid="console-add-header"
        >
          + Header
        </Button>
        <Button
          size="small"
          onClick={() => put('Svc-Request-Id', newRequestId())}
          title="A fresh idempotency key"
        >
          + Svc-Request-Id
        </Button>
        <Button size="small" onClick={() => put('Prefer', 'return=representation')}>
          + Prefer: representation
        </Button>
      </Stack>
    </Box>
  );
}
