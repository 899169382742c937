import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { useEffect } from 'react';
import { useUi } from './ui-store';

/** Host events and results of actions, stacked bottom-left; each fades after a few seconds. */
export function Notifications() {
  const notices = useUi((s) => s.notices);
  const dismiss = useUi((s) => s.dismiss);
  useEffect(() => {
    const timers = notices.map((n) => setTimeout(() => dismiss(n.id), n.severity === 'error' ? 9000 : 4500));
    return () => timers.forEach(clearTimeout);
  }, [notices, dismiss]);
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
