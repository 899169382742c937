import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useCollections } from './collections-store';
import { BASE_URL_VARIABLE, VARIABLE_NAME } from './variables';

const mono = { fontFamily: 'ui-monospace, monospace', fontSize: 12.5 };

/** The console's variables: `base_url` from the active environment, the others set by hand or by captures. */
export function VariablesPanel({ baseUrl }: { baseUrl: string | undefined }) {
  const variables = useCollections((s) => s.variables);
  const setVariable = useCollections((s) => s.setVariable);
  const removeVariable = useCollections((s) => s.removeVariable);
  const [name, setName] = useState('');
  const [value, setValue] = useState('');
  const nameProblem =
    name === ''
      ? undefined
      : name === BASE_URL_VARIABLE
        ? 'base_url follows the active environment'
        : VARIABLE_NAME.test(name)
          ? undefined
          : 'Letters, digits, _ - . (a letter or _ first)';
  const add = () => {
    if (name === '' || nameProblem) return;
    setVariable(name, value);
    setName('');
    setValue('');
  };

  return (
    <Box data-testid="console-variables">
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        Write <code>{'{{name}}'}</code> in a path, a header or the body.
      </Typography>
      <Stack spacing={0.75}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Typography sx={{ ...mono, flex: '0 0 34%' }} noWrap>
            {BASE_URL_VARIABLE}
          </Typography>
          <Typography
            sx={{ ...mono, flex: 1, color: 'text.secondary' }}
            noWrap
            title="The active environment's base URL"
          >
            {baseUrl ?? '…'}
          </Typography>
        </Stack>
        {Object.entries(variables).map(([key, current]) => (
          <Stack
            direction="row"
            spacing={1}
            key={key}
            sx={{ alignItems: 'center' }}
            data-testid="console-variable"
            data-name={key}
          >
            <Typography sx={{ ...mono, flex: '0 0 34%' }} noWrap title={key}>
              {key}
            </Typography>
            <TextField
              size="small"
              value={current}
              onChange={(e) => setVariable(key, e.target.value)}
              slotProps={{
                htmlInput: {
                  'aria-label': `Value of ${key}`,
                  'data-testid': `console-variable-value-${key}`,
                  spellCheck: false,
                },
              }}
              sx={{ flex: 1, '& input': { ...mono, py: 0.5 } }}
            />
            <IconButton size="small" aria-label={`Remove ${key}`} onClick={() => removeVariable(key)}>
              ×
            </IconButton>
          </Stack>
        ))}
      </Stack>
      <Stack direction="row" spacing={1} sx={{ mt: 1.5, alignItems: 'flex-start' }}>
        <TextField
          size="small"
          placeholder="name"
          value={name}
          onChange={(e) => setName(e.target.value.trim())}
          error={nameProblem !== undefined}
          helperText={nameProblem}
          onKeyDown={(e) => e.key === 'Enter' && add()}
          slotProps={{
            htmlInput: {
              'aria-label': 'New variable name',
              'data-testid': 'console-variable-new-name',
              spellCheck: false,
            },
          }}
          sx={{ flex: '0 0 34%', '& input': mono }}
        />
        <TextField
          size="small"
          placeholder="value"
          value={value}
          onChange={(e) => setValue(e.target.value)}
          onKeyDown={(e) => e.key === 'Enter' && add()}
          slotProps={{
            htmlInput: {
              'aria-label': 'New variable value',
              'data-testid': 'console-variable-new-value',
              spellCheck: false,
            },
          }}
          sx={{ flex: 1, '& input': mono }}
        />
        <Button
          size="small"
          onClick={add}
          disabled={name === '' || nameProblem !== undefined}
          data-testid="console-variable-add"
        >
          Add
        </Button>
      </Stack>
    </Box>
  );
}
