import Chip from '@mui/material/Chip';
import { SOURCE_LABELS, type RequestSource } from '../../../../shared/request-source';

const COLORS: Record<RequestSource, 'primary' | 'secondary' | 'info' | 'default' | 'success'> = {
  workbench: 'primary',
  sdk: 'secondary',
  curl: 'success',
  browser: 'info',
  other: 'default',
};

/** Who sent a call (told by its User-Agent; rules in shared/request-source.ts). */
export function SourceChip({
  source,
  userAgent,
  testId,
}: {
  source: RequestSource;
  userAgent?: string | null;
  testId?: string;
}) {
  return (
    <Chip
      label={SOURCE_LABELS[source]}
      size="small"
      variant="outlined"
      color={COLORS[source]}
      title={userAgent ? `User-Agent: ${userAgent}` : undefined}
      data-testid={testId}
      data-source={source}
      sx={{ fontWeight: 600 }}
    />
  );
}
