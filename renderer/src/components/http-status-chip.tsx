import Chip from '@mui/material/Chip';

const REASONS: Record<number, string> = {
  200: 'OK',
  201: 'Created',
  202: 'Accepted',
  204: 'No Content',
  301: 'Moved Permanently',
  302: 'Found',
  304: 'Not Modified',
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  406: 'Not Acceptable',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
};

export type StatusColor = 'success' | 'info' | 'warning' | 'error' | 'default';

/** 2xx green, 3xx blue, 4xx amber, 5xx red: the same in the console and the request log. */
export function statusColor(status: number): StatusColor {
  if (status >= 500) return 'error';
  if (status >= 400) return 'warning';
  if (status >= 300) return 'info';
  if (status >= 200) return 'success';
  return 'default';
}

export const reasonPhrase = (status: number): string => REASONS[status] ?? '';

/** An HTTP status as a coloured chip, e.g. `201 Created`. */
export function HttpStatusChip({
  status,
  withReason = false,
  testId,
}: {
  status: number;
  withReason?: boolean;
  testId?: string;
}) {
  const reason = withReason ? reasonPhrase(status) : '';
  return (
    <Chip
      label={reason ? `${status} ${reason}` : String(status)}
      color={statusColor(status)}
      size="small"
      variant={status >= 400 ? 'filled' : 'outlined'}
      data-testid={testId}
      data-status={status}
      sx={{ fontWeight: 700, fontFamily: 'ui-monospace, monospace' }}
    />
  );
}
