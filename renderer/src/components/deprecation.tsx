import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import type { ReactNode } from 'react';
import { ENDPOINTS } from '../../../shared/api/registry';

/**
 * Spec 9.2 in the workbench: an operation is deprecated when its shared endpoint says so
 * (`Endpoint.deprecated`, the same field `/openapi.json` reads). Pages, the console and the request
 * log mark it with its replacement; nothing here names a group.
 */

/** The replacement of every deprecated endpoint whose path starts with `pathPrefix`, once each. */
export function replacementsUnder(pathPrefix: string): string[] {
  return [
    ...new Set(
      ENDPOINTS.filter((e) => e.deprecated && e.path.startsWith(pathPrefix)).map(
        (e) => e.deprecated?.replacement ?? '',
      ),
    ),
  ];
}

/** A small "Deprecated" mark; its tooltip (and accessible name) says what replaces the operation. */
export function DeprecatedChip({
  replacement,
  testId = 'deprecated-chip',
}: {
  replacement: string;
  testId?: string;
}) {
  return (
    <Chip
      label="Deprecated"
      size="small"
      color="warning"
      variant="outlined"
      title={`Deprecated: use ${replacement}`}
      aria-label={`Deprecated: use ${replacement}`}
      data-testid={testId}
      data-replacement={replacement}
      sx={{ fontWeight: 600, height: 20, fontSize: 11 }}
    />
  );
}

/**
 * The notice at the top of a page whose API is deprecated: `what` names it, the replacement is read
 * from the endpoints under `pathPrefix`. Nothing is shown when none of them is deprecated.
 */
export function DeprecationNotice({
  pathPrefix,
  what,
  children,
}: {
  pathPrefix: string;
  what: ReactNode;
  children?: ReactNode;
}) {
  const replacements = replacementsUnder(pathPrefix);
  if (replacements.length === 0) return null;
  return (
    <Alert severity="warning" data-testid="deprecation-notice" data-replacement={replacements.join(', ')}>
      {what} is deprecated: use <strong>{replacements.join(' or ')}</strong> instead. The sandbox still
      answers it exactly as the platform did, for integrations being migrated. {children}
    </Alert>
  );
}
