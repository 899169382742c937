import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useUi } from '../../app/ui-store';
import { useCollections } from './collections-store';
import { readJsonPath } from './json-path';
import { VARIABLE_NAME } from './variables';

/** "Set order_id from $.id": one value of this answer into a variable, for the next requests. */
export function SetVariableFromResponse({ body, suggestedName }: { body: unknown; suggestedName: string }) {
  const setVariable = useCollections((s) => s.setVariable);
  const notify = useUi((s) => s.notify);
  const [name, setName] = useState(suggestedName);
  const [path, setPath] = useState('$.id');
  const [problem, setProblem] = useState<string | undefined>();

  const set = () => {
    if (!VARIABLE_NAME.test(name))
      return setProblem('A variable name: letters, digits, _ - . (a letter or _ first).');
    const read = readJsonPath(body, path);
    if (!read.ok) return setProblem(read.error);
    setProblem(undefined);
    setVariable(name, read.value);
    notify(
      `Set {{${name}}} to ${read.value.length > 60 ? `${read.value.slice(0, 57)}…` : read.value}`,
      'success',
    );
  };

  return (
    <Stack spacing={0.5} sx={{ mt: 1 }} data-testid="console-set-variable">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Typography variant="body2" color="text.secondary">
          Set
        </Typography>
        <TextField
          size="small"
          value={name}
          onChange={(e) => setName(e.target.value.trim())}
          slotProps={{
            htmlInput: {
              'aria-label': 'Variable to set',
              'data-testid': 'console-set-variable-name',
              spellCheck: false,
            },
          }}
          sx={{ width: 130, '& input': { fontFamily: 'ui-monospace, monospace', fontSize: 12.5, py: 0.5 } }}
        />
        <Typography variant="body2" color="text.secondary">
          from
        </Typography>
        <TextField
          size="small"
          value={path}
          onChange={(e) => setPath(e.target.value)}
          onKeyDown={(e) => e.key === 'Enter' && set()}
          slotProps={{
            htmlInput: {
              'aria-label': 'JSONPath in the answer',
              'data-testid': 'console-set-variable-path',
              spellCheck: false,
            },
          }}
          sx={{ width: 150, '& input': { fontFamily: 'ui-monospace, monospace', fontSize: 12.5, py: 0.5 } }}
        />
        <Button size="small" variant="outlined" onClick={set} data-testid="console-set-variable-apply">
          Set
        </Button>
      </Stack>
      {problem ? (
        <Typography variant="caption" color="error" data-testid="console-set-variable-error">
          {problem}
        </Typography>
      ) : null}
    </Stack>
  );
}
