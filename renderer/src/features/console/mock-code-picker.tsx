import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import {
  mockCodeOf,
  mockCodesFor,
  mockResponseHeader,
  type MockCode,
} from '../../../../shared/api/mock-codes';
import { ENDPOINTS as SHARED_ENDPOINTS } from '../../../../shared/api/registry';
import { pathTemplate } from '../../../../shared/api/endpoint';
import type { Endpoint } from './endpoint-schemas';
import type { HeaderRow } from './console-store';
import { dropHeader, putHeader } from './headers-editor';

export const MOCK_HEADER = 'Svc-Mock-Response';

type Option = MockCode & { group: string };

/** The mock code the rows ask for, if any. */
export const mockCodeInRows = (rows: readonly HeaderRow[]): string | undefined =>
  mockCodeOf(rows.find((r) => r.name.trim().toLowerCase() === MOCK_HEADER.toLowerCase())?.value);

/**
 * Negative testing: pick one of the documented error codes the chosen endpoint can answer with, and the
 * `Svc-Mock-Response` header is set in the form the sandbox parses (`{"mock_application_codes":"CODE"}`).
 */
export function MockCodePicker({
  endpoint,
  rows,
  onChange,
}: {
  endpoint: Endpoint | undefined;
  rows: HeaderRow[];
  onChange(rows: HeaderRow[]): void;
}) {
  const options = useMemo<Option[]>(() => {
    const shared = endpoint
      ? SHARED_ENDPOINTS.find(
          (e) => e.method === endpoint.method && pathTemplate(e.path) === endpoint.template,
        )
      : undefined;
    return mockCodesFor(shared).flatMap((group) =>
      group.codes.map((code) => ({ ...code, group: group.label })),
    );
  }, [endpoint]);
  const code = mockCodeInRows(rows);
  const value = options.find((o) => o.code === code) ?? null;

  return (
    <Box data-testid="console-mock-picker" data-code={code ?? ''}>
      <Autocomplete<Option>
        size="small"
        options={options}
        value={value}
        groupBy={(o) => o.group}
        getOptionLabel={(o) => `${o.code} (${o.status})`}
        isOptionEqualToValue={(a, b) => a.code === b.code}
        onChange={(_, picked) =>
          onChange(
            picked
              ? putHeader(rows, MOCK_HEADER, mockResponseHeader(picked.code))
              : dropHeader(rows, MOCK_HEADER),
          )
        }
        renderOption={(props, option) => {
          const { key, ...rest } = props;
          return (
            <Box component="li" key={key} {...rest} data-testid="console-mock-option" data-code={option.code}>
              <Stack sx={{ minWidth: 0 }}>
                <Typography variant="body2" sx={{ fontFamily: 'ui-monospace, monospace' }}>
                  {option.code} · {option.status}
                </Typography>
                <Typography variant="caption" color="text.secondary">
                  {option.description}
                </Typography>
              </Stack>
            </Box>
          );
        }}
        renderInput={(params) => (
          <TextField
            {...params}
            label="Mock response (negative testing)"
            placeholder={endpoint ? `Errors of ${endpoint.summary}` : 'Pick an endpoint for its own errors'}
            helperText={
              code && !value
                ? `${MOCK_HEADER} asks for ${code}, which is not a documented code.`
                : value
                  ? `The sandbox answers ${value.status} ${value.name} instead of running the operation.`
                  : `Sets the ${MOCK_HEADER} header.`
            }
            slotProps={{
              ...params.slotProps,
              htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'console-mock-input' },
            }}
          />
        )}
      />
    </Box>
  );
}
