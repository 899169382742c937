import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** Label/value pairs in two aligned columns. */
export function FieldGrid({ children }: { children: ReactNode }) {
  return (
    <Box
      component="dl"
      sx={{
        display: 'grid',
        gridTemplateColumns: 'minmax(140px, max-content) 1fr',
        columnGap: 3,
        rowGap: 1,
        m: 0,
      }}
    >
      {children}
    </Box>
  );
}

/** One label and its value in a `FieldGrid`; `hint` adds a caption after the value. */
export function Field({
  label,
  children,
  testId,
  hint,
}: {
  label: string;
  children: ReactNode;
  testId?: string;
  hint?: ReactNode;
}) {
  return (
    <>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Box component="dd" sx={{ m: 0, minWidth: 0 }}>
        <Typography component="span" variant="body2" data-testid={testId} sx={{ overflowWrap: 'anywhere' }}>
          {children}
        </Typography>
        {hint ? (
          <Typography component="span" variant="caption" color="text.secondary" sx={{ ml: 1 }}>
            {hint}
          </Typography>
        ) : null}
      </Box>
    </>
  );
}
