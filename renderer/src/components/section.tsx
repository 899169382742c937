import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';

/**
 * A titled block of a page: the one way the workbench heads a panel.
 *
 * - `frame`: `paper` is a panel of its own (detail pages, the console's panes, forms); `outlined` a card
 *   on a page of cards; `none` a block inside a larger panel.
 * - `level`: `section` heads it with a subtitle (`h2`); `subsection` with a small overline label, for
 *   the groups inside a panel (an order's payer, shipping, items…).
 */
export function Section({
  title,
  action,
  children,
  testId,
  frame = 'paper',
  level = 'section',
  sx,
}: {
  title: ReactNode;
  /** Controls at the end of the heading (a button, a menu). */
  action?: ReactNode;
  children: ReactNode;
  testId?: string;
  frame?: 'paper' | 'outlined' | 'none';
  level?: 'section' | 'subsection';
  sx?: SxProps<Theme>;
}) {
  const heading =
    level === 'section' ? (
      <Stack direction="row" sx={{ alignItems: 'center', mb: 1.5, gap: 1 }}>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, flexGrow: 1 }}>
          {title}
        </Typography>
        {action}
      </Stack>
    ) : (
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1 }}>
        <Typography
          variant="overline"
          component="h3"
          color="text.secondary"
          sx={{ display: 'block', lineHeight: 2, flexGrow: 1 }}
        >
          {title}
        </Typography>
        {action}
      </Stack>
    );
  if (frame === 'none') {
    return (
      <Box data-testid={testId} sx={sx}>
        {heading}
        {children}
      </Box>
    );
  }
  return (
    <Paper
      variant={frame === 'outlined' ? 'outlined' : 'elevation'}
      sx={[{ p: 2 }, ...(Array.isArray(sx) ? sx : [sx])]}
      data-testid={testId}
    >
      {heading}
      {children}
    </Paper>
  );
}
