import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { hrefFor } from '../app/router';
import { MONO } from './mono-font';
import { StatusChip } from './status-chip';

/**
 * The head of a resource page under its list: the way back (`<list> / <id>`), then "<noun> <id>" as the
 * page's heading with its status, and on the same row whatever the page adds (`children`: badges, actions).
 */
export function CrumbHeading({
  listRoute,
  listLabel,
  noun,
  id,
  status,
  statusTestId,
  children,
}: {
  /** The list's route, e.g. `/legacy-orders`. */
  listRoute: string;
  listLabel: string;
  noun: string;
  id: string;
  status: string;
  statusTestId: string;
  children?: ReactNode;
}) {
  return (
    <Stack spacing={0.5}>
      <Typography variant="body2" color="text.secondary">
        <Link href={hrefFor(listRoute)} underline="hover">
          {listLabel}
        </Link>{' '}
        / {id}
      </Typography>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h1">
          {noun}{' '}
          <Box component="span" sx={{ fontFamily: MONO }}>
            {id}
          </Box>
        </Typography>
        <Box component="span" data-testid={statusTestId} data-status={status}>
          <StatusChip status={status} size="medium" />
        </Box>
        {children}
      </Stack>
    </Stack>
  );
}
