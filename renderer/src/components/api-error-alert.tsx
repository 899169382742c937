import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import { ApiCallError } from '../api/api-call';

/** An API failure as the API put it: status, error name, message, and each `details[]` entry. */
export function ApiErrorAlert({
  error,
  title,
  onClose,
  testId = 'api-error',
  spaced,
}: {
  error: unknown;
  title?: string;
  onClose?: () => void;
  testId?: string;
  /** Set apart from what stands above it (an action's error under its buttons). */
  spaced?: boolean;
}) {
  if (!error) return null;
  const api = error instanceof ApiCallError ? error : undefined;
  return (
    <Alert
      severity="error"
      onClose={onClose}
      data-testid={testId}
      sx={{ '& .MuiAlert-message': { minWidth: 0 }, ...(spaced ? { mt: 1.5 } : {}) }}
    >
      <AlertTitle>
        {title ? `${title}: ` : ''}
        {api ? `${api.status}${api.errorName ? ` ${api.errorName}` : ''}` : 'Request failed'}
      </AlertTitle>
      {error instanceof Error ? error.message : String(error)}
      {api && api.details.length > 0 ? (
        <Box component="ul" sx={{ m: 0, mt: 0.5, pl: 2.5 }} data-testid={`${testId}-details`}>
          {api.details.map((d, index) => (
            <li key={index}>
              {d.field ? (
                <Box component="code" sx={{ fontFamily: 'ui-monospace, monospace', fontSize: 12.5 }}>
                  {d.field}
                </Box>
              ) : null}
              {d.field ? ' — ' : ''}
              {d.description ?? ''}
              {d.issue ? (
                <Box component="span" sx={{ color: 'text.secondary', ml: 0.5 }}>
                  ({d.issue}
                  {d.value ? `, value ${d.value}` : ''})
                </Box>
              ) : null}
            </li>
          ))}
        </Box>
      ) : null}
      {api?.debugId ? (
        <Box sx={{ mt: 0.5, fontSize: 12, color: 'text.secondary' }}>
          debug_id <code>{api.debugId}</code>
        </Box>
      ) : null}
    </Alert>
  );
}

/**
 * The API's refusal of a dialog's form, between its content and its buttons: it scrolls on its own, so a
 * long list of details never pushes the buttons out of the dialog.
 */
export function DialogApiError({
  error,
  title,
  onClose,
  testId,
}: {
  error: unknown;
  title: string;
  onClose(): void;
  testId: string;
}) {
  if (!error) return null;
  return (
    <Box sx={{ px: 3, pt: 1.5, maxHeight: 220, overflowY: 'auto', flexShrink: 0 }}>
      <ApiErrorAlert error={error} title={title} onClose={onClose} testId={testId} />
    </Box>
  );
}
