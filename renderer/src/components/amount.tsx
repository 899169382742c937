import Box from '@mui/material/Box';
import type { ReactNode } from 'react';
import { MONO } from './mono-font';

/** Money in the monospace face people compare figures in. */
export function Amount({ children }: { children: ReactNode }) {
  return (
    <Box component="span" sx={{ fontFamily: MONO, whiteSpace: 'nowrap' }}>
      {children}
    </Box>
  );
}
