import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { MONO } from './mono-font';
import { StatusChip } from './status-chip';

/**
 * The head of a resource's detail page: its id as the page's heading and its status, then `badges`,
 * and at the far end the headline `figures`; `children` go below (the meta line, buttons, notices).
 */
export function DetailHeader({
  title,
  titleTestId,
  textTitle,
  status,
  statusTestId,
  badges,
  figures,
  children,
}: {
  title: ReactNode;
  titleTestId?: string;
  /** The heading is a name, not an id: set in the text face rather than monospace. */
  textTitle?: boolean;
  status: string;
  statusTestId?: string;
  badges?: ReactNode;
  figures?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <Paper sx={{ p: 2.5 }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Typography
          variant="h5"
          component="h1"
          sx={{
            fontFamily: textTitle ? undefined : MONO,
            fontWeight: 600,
            overflowWrap: 'anywhere',
            minWidth: 0,
          }}
          data-testid={titleTestId}
        >
          {title}
        </Typography>
        <Box component="span" data-testid={statusTestId} data-status={status}>
          <StatusChip status={status} size="medium" />
        </Box>
        {badges}
        <Box sx={{ flexGrow: 1 }} />
        {figures}
      </Stack>
      {children}
    </Paper>
  );
}

/** The line of small facts under a detail page's heading (dates, links, counts), wrapping as it must. */
export function DetailMeta({ children }: { children: ReactNode }) {
  return (
    <Stack
      direction="row"
      spacing={3}
      sx={{ mt: 1, flexWrap: 'wrap', color: 'text.secondary', fontSize: 13.5 }}
    >
      {children}
    </Stack>
  );
}
