import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { useUi } from './ui-store';

/** Host events and results of actions, stacked bottom-left; each goes after a few seconds (see useUi.notify). */
export function Notifications() {
  const notices = useUi((s) => s.notices);
  const dismiss = useUi((s) => s.dismiss);
  return (
    <Stack spacing={1} sx={{ position: 'fixed', bottom: 16, left: 16, zIndex: 2000, maxWidth: 420 }} aria-live="polite">
      {notices.map((n) => (
        <Alert key={n.id} severity={n.severity} variant="filled" onClose={() => dismiss(n.id)} data-testid="notice">
          {n.message}
        </Alert>
      ))}
    </Stack>
  );
}
