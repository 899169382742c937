import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/**
 * One entry of a timeline list (an `ol` of these): its time in simulated UTC, monospaced in a fixed
 * column so the entries line up, then what happened, along a left rule in `rule`'s color.
 */
export function TimelineItem({
  at,
  rule = 'divider',
  spacing = 1,
  data,
  children,
}: {
  /** ISO time, shown as `2026-05-16 10:00:00 UTC`. */
  at: string;
  rule?: string;
  spacing?: number;
  /** `data-*` attributes the tests find the entry by. */
  data?: Record<`data-${string}`, string>;
  children: ReactNode;
}) {
  return (
    <Box
      component="li"
      {...data}
      sx={{
        display: 'flex',
        gap: 2,
        py: spacing,
        borderLeft: 2,
        borderColor: rule,
        pl: 2,
        position: 'relative',
      }}
    >
      <Typography
        variant="body2"
        color="text.secondary"
        sx={{ minWidth: 170, fontFamily: 'ui-monospace, monospace' }}
      >
        {at.replace('T', ' ').replace('Z', ' UTC')}
      </Typography>
      {children}
    </Box>
  );
}
