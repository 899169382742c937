import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { kindLabelPlural } from '../../api/kind-label';
import { bridge } from '../../bridge';
import {
  ENDPOINTS,
  HTTP_METHODS,
  endpointsForPath,
  type Endpoint,
  type HttpMethod,
} from './endpoint-schemas';
import { activeRequest, useConsoleStore, type ConsoleRequest } from './console-store';
import { chooseEndpoint, filterEndpoints, kindForTemplate } from './request-model';
import { queryKeys } from '../../api/query-keys';
import { DeprecatedChip } from '../../components/deprecation';
import { SelectField } from '../../components/select-field';

const METHOD_COLORS: Record<HttpMethod, 'success' | 'primary' | 'warning' | 'secondary' | 'error'> = {
  GET: 'success',
  POST: 'primary',
  PATCH: 'warning',
  PUT: 'secondary',
  DELETE: 'error',
};

function EndpointOption({ endpoint }: { endpoint: Endpoint }) {
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0 }}>
      <Chip
        label={endpoint.method}
        size="small"
        color={METHOD_COLORS[endpoint.method]}
        variant="outlined"
        sx={{ width: 64, fontWeight: 700 }}
      />
      <Typography variant="body2" sx={{ fontFamily: 'ui-monospace, monospace' }} noWrap>
        {endpoint.template}
      </Typography>
      {endpoint.deprecated ? (
        <DeprecatedChip replacement={endpoint.deprecated.replacement} testId="console-endpoint-deprecated" />
      ) : null}
      <Typography variant="caption" color="text.secondary" noWrap>
        {endpoint.summary}
        {endpoint.deprecated ? ` · use ${endpoint.deprecated.replacement}` : ''}
      </Typography>
    </Stack>
  );
}

/** Ids of recent resources of the kind a `{id}` placeholder names, to fill it with one click. */
function IdSuggestions({ path, onPick }: { path: string; onPick(id: string): void }) {
  const kind = kindForTemplate(path);
  const recent = useQuery({
    queryKey: queryKeys.resources.recent(kind),
    queryFn: () => bridge.listResources({ kind: kind ?? 'order', page: 1, page_size: 6 }),
    enabled: kind !== undefined,
  });
  if (!kind || !recent.data || recent.data.items.length === 0) return null;
  return (
    <Stack
      direction="row"
      spacing={1}
      sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}
      data-testid="console-id-suggestions"
    >
      <Typography variant="caption" color="text.secondary">
        Recent {kindLabelPlural(kind).toLowerCase()}:
      </Typography>
      {recent.data.items.map((item) => (
        <Chip
          key={item.id}
          size="small"
          label={`${item.id} · ${item.status}`}
          onClick={() => onPick(item.id)}
          sx={{ fontFamily: 'ui-monospace, monospace' }}
        />
      ))}
    </Stack>
  );
}

/** Method, path (with the sandbox's endpoints as suggestions) and Send. */
export function RequestBar({
  request,
  update,
  endpoint,
  formError,
  sending,
  onSend,
}: {
  request: ConsoleRequest;
  update(patch: Partial<ConsoleRequest>): void;
  endpoint: Endpoint | undefined;
  formError: string | undefined;
  sending: boolean;
  onSend(): void;
}) {
  const otherMethods = endpoint ? [] : endpointsForPath(request.path).map((e) => e.method);
  // The suggestions close once the request goes (by the button or by Enter in the path), so the list
  // never covers the response that comes back.
  const [suggesting, setSuggesting] = useState(false);
  useEffect(() => {
    if (sending) setSuggesting(false);
  }, [sending]);
  const send = () => {
    setSuggesting(false);
    onSend();
  };
  return (
    <Paper sx={{ p: 2 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
        <SelectField
          native
          value={request.method}
          onChange={(method) => update({ method: method as HttpMethod })}
          choices={HTTP_METHODS}
          testId="console-method"
          inputAttributes={{ 'aria-label': 'Method' }}
          sx={{
            width: 116,
            flexShrink: 0,
            '& select': { fontWeight: 700, fontFamily: 'ui-monospace, monospace' },
          }}
        />
        <Autocomplete<Endpoint, false, false, true>
          freeSolo
          fullWidth
          size="small"
          open={suggesting}
          onOpen={() => setSuggesting(true)}
          onClose={() => setSuggesting(false)}
          options={ENDPOINTS}
          value={null}
          inputValue={request.path}
          onInputChange={(_, value, reason) => {
            if (reason === 'input' || reason === 'clear') update({ path: value });
          }}
          onChange={(_, value) => {
            if (value && typeof value !== 'string')
              update(chooseEndpoint(activeRequest(useConsoleStore.getState()), value));
          }}
          groupBy={(option) => option.group}
          getOptionLabel={(option) => (typeof option === 'string' ? option : option.template)}
          filterOptions={(options, state) => filterEndpoints(options, state.inputValue)}
          renderOption={(props, option) => {
            const { key, ...rest } = props;
            return (
              <Box component="li" key={key} {...rest} data-testid="console-endpoint-option">
                <EndpointOption endpoint={option} />
              </Box>
            );
          }}
          renderInput={(params) => (
            <TextField
              {...params}
              placeholder="/v2/checkout/orders"
              error={formError !== undefined && formError.startsWith('The path')}
              helperText={
                endpoint
                  ? endpoint.deprecated
                    ? `Deprecated: use ${endpoint.deprecated.replacement} · ${endpoint.summary} · ${endpoint.group}`
                    : `${endpoint.summary} · ${endpoint.group}`
                  : otherMethods.length > 0
                    ? `This path takes ${otherMethods.join(', ')}`
                    : 'Type a path or pick an endpoint'
              }
              slotProps={{
                ...params.slotProps,
                htmlInput: {
                  ...params.slotProps.htmlInput,
                  'data-testid': 'console-path',
                  'aria-label': 'Path',
                  spellCheck: false,
                },
              }}
              sx={{ '& input': { fontFamily: 'ui-monospace, monospace' } }}
            />
          )}
        />
        <Button
          variant="contained"
          onClick={send}
          disabled={sending}
          data-testid="console-send"
          sx={{ flexShrink: 0, minWidth: 96, height: 40 }}
        >
          {sending ? 'Sending…' : 'Send'}
        </Button>
      </Stack>
      {request.path.includes('{id}') ? (
        <IdSuggestions
          path={request.path}
          onPick={(id) => update({ path: request.path.replace('{id}', id) })}
        />
      ) : null}
    </Paper>
  );
}
