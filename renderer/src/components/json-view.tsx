import Box from '@mui/material/Box';
import Button from '@mui/material/Button';

/** Pretty JSON with a copy button; monospace, scrollable, selectable. */
export function JsonView({
  value,
  maxHeight = 480,
  testId,
}: {
  value: unknown;
  maxHeight?: number;
  testId?: string;
}) {
  const text = typeof value === 'string' ? value : JSON.stringify(value, null, 2);
  return (
    <Box sx={{ position: 'relative' }}>
      <Button
        size="small"
        sx={{ position: 'absolute', top: 4, right: 4 }}
        onClick={() => void navigator.clipboard?.writeText(text)}
      >
        Copy
      </Button>
      <Box
        component="pre"
        data-testid={testId}
        sx={{
          m: 0,
          p: 1.5,
          pr: 8,
          maxHeight,
          overflow: 'auto',
          fontSize: 12.5,
          fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace',
          bgcolor: 'action.hover',
          borderRadius: 1,
        }}
      >
        {text}
      </Box>
    </Box>
  );
}
