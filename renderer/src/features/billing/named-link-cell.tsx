import Link from '@mui/material/Link';
import TableCell from '@mui/material/TableCell';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { hrefFor } from '../../app/router';
import { MONO } from '../../components/mono-font';

/** A catalog list's first cell: the resource's name as the link to its page, its id in small type below. */
export function NamedLinkCell({ to, name, id }: { to: string; name: ReactNode; id: string }) {
  return (
    <TableCell>
      <Link href={hrefFor(to)} underline="hover">
        {name}
      </Link>
      <Typography variant="caption" color="text.secondary" sx={{ display: 'block', fontFamily: MONO }}>
        {id}
      </Typography>
    </TableCell>
  );
}
