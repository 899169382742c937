import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useUi } from '../../app/ui-store';
import { copyText } from '../../components/copy-text';
import { prettyBody } from './pretty-body';

/**
 * A request or response body of the log, pretty-printed. The copy button sits in the body's own header
 * row, never over the text (an overlaid button hid the end of long lines).
 */
export function LogBody({ title, value, testId }: { title: string; value: unknown; testId: string }) {
  const notify = useUi((s) => s.notify);
  const empty = value === undefined || value === null || value === '';
  const { text, json } = empty ? { text: '', json: false } : prettyBody(value);
  return (
    <Box>
      <Stack direction="row" sx={{ alignItems: 'center', mb: 0.5 }}>
        <Typography variant="overline" color="text.secondary" sx={{ flexGrow: 1, lineHeight: 2 }}>
          {title}
          {!empty && !json ? ' (as sent)' : ''}
        </Typography>
        {!empty ? (
          <Button
            size="small"
            data-testid={`${testId}-copy`}
            onClick={() =>
              void copyText(text).then((ok) =>
                notify(
                  ok ? `Copied the ${title.toLowerCase()}` : 'Could not copy',
                  ok ? 'success' : 'warning',
                ),
              )
            }
          >
            Copy
          </Button>
        ) : null}
      </Stack>
      {empty ? (
        <Typography variant="body2" color="text.secondary" data-testid={testId}>
          No body.
        </Typography>
      ) : (
        <Box
          component="pre"
          data-testid={testId}
          data-pretty={json}
          sx={{
            m: 0,
            p: 1.5,
            maxHeight: 360,
            overflow: 'auto',
            fontSize: 12.5,
            fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace',
            bgcolor: 'action.hover',
            borderRadius: 1,
            whiteSpace: 'pre',
          }}
        >
          {text}
        </Box>
      )}
    </Box>
  );
}
