import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/**
 * A page's title (its one `h1`) with the page's own actions at the right ("Create order", a filter):
 * every list page opens with it, so the main action is always in the same place.
 */
export function PageTitle({
  title,
  align = 'center',
  children,
}: {
  title: ReactNode;
  /** `baseline` where the actions are text-like and should sit on the title's line. */
  align?: 'center' | 'baseline';
  children?: ReactNode;
}) {
  return (
    <Stack direction="row" sx={{ alignItems: align, gap: 2 }}>
      <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }}>
        {title}
      </Typography>
      {children}
    </Stack>
  );
}
