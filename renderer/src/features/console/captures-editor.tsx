import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Capture } from './collection-model';
import { parseJsonPath } from './json-path';
import { VARIABLE_NAME } from './variables';

/** Why a capture row cannot run, if it cannot. */
export function captureProblem(capture: Capture): string | undefined {
  if (!VARIABLE_NAME.test(capture.variable)) return 'A variable name: letters, digits, _ - . (not first)';
  const parsed = parseJsonPath(capture.path);
  return parsed.ok ? undefined : parsed.error;
}

/**
 * "After response": each 2xx answer to this tab's request sets these variables from its body, e.g.
 * `order_id` from `$.id` after creating an order, so the next request's `{{order_id}}` is that order.
 */
export function CapturesEditor({
  captures,
  onChange,
}: {
  captures: Capture[];
  onChange(captures: Capture[]): void;
}) {
  const edit = (index: number, patch: Partial<Capture>) =>
    onChange(captures.map((c, i) => (i === index ? { ...c, ...patch } : c)));
  return (
    <Box data-testid="console-captures">
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        After each 2xx answer, set variables from its body (JSONPath: <code>$.id</code>,{' '}
        <code>$.links[1].href</code>).
      </Typography>
      <Stack spacing={1}>
        {captures.map((capture, index) => {
          const problem = capture.variable || capture.path ? captureProblem(capture) : undefined;
          return (
            <Stack direction="row" spacing={1} key={index} sx={{ alignItems: 'flex-start' }}>
              <TextField
                size="small"
                placeholder="order_id"
                value={capture.variable}
                onChange={(e) => edit(index, { variable: e.target.value.trim() })}
                error={problem !== undefined && !VARIABLE_NAME.test(capture.variable)}
                slotProps={{
                  htmlInput: {
                    'aria-label': `Variable ${index + 1}`,
                    'data-testid': `console-capture-variable-${index}`,
                    spellCheck: false,
                  },
                }}
                sx={{ flex: '0 0 36%' }}
              />
              <TextField
                size="small"
                placeholder="$.id"
                value={capture.path}
                onChange={(e) => edit(index, { path: e.target.value })}
                error={problem !== undefined && VARIABLE_NAME.test(capture.variable)}
                helperText={problem}
                slotProps={{
                  htmlInput: {
                    'aria-label': `JSONPath ${index + 1}`,
                    'data-testid': `console-capture-path-${index}`,
                    spellCheck: false,
                  },
                }}
                sx={{ flex: 1, '& input': { fontFamily: 'ui-monospace, monospace' } }}
              />
              <IconButton
                size="small"
                aria-label={`Remove capture ${index + 1}`}
                onClick={() => onChange(captures.filter((_, i) => i !== index))}
              >
                ×
              </IconButton>
            </Stack>
          );
        })}
      </Stack>
      <Button
        size="small"
        sx={{ mt: 1 }}
        onClick={() => onChange([...captures, { variable: '', path: '$.id' }])}
        data-testid="console-add-capture"
      >
        + Set a variable from the answer
      </Button>
    </Box>
  );
}
