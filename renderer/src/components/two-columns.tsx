import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

/** Blocks side by side in two equal columns on a wide window, one above the other on a narrow one. */
export function TwoColumns({ children }: { children: ReactNode }) {
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 1fr) minmax(0, 1fr)' },
        alignItems: 'start',
      }}
    >
      {children}
    </Box>
  );
}
