import Link from '@mui/material/Link';
import type { ResourceKind } from '../../../shared/bridge';
import { hrefFor, resourceRoute } from '../app/router';
import { MONO } from './mono-font';

/** A link to another resource's page in the workbench. */
export function ResourceLink({ kind, id, testId }: { kind: ResourceKind; id: string; testId?: string }) {
  return (
    <Link
      href={hrefFor(resourceRoute(kind, id))}
      underline="hover"
      sx={{ fontFamily: MONO }}
      data-testid={testId}
    >
      {id}
    </Link>
  );
}
