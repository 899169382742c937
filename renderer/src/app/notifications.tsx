import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { useUi } from './ui-store';

/** Host events and results of actions, stacked bottom-right (the newest three); each goes after a few seconds (see useUi.notify). */
export function Notifications() {
  const notices = useUi((s) => s.notices);
  const dismiss = useUi((s) => s.dismiss);
  return (
    <Stack
      spacing={1}
      sx={{ position: 'fixed', bottom: 16, right: 16, zIndex: 2000, width: 360 }}
      aria-live="polite"
    >
      {notices.slice(-3).map((n) => (
        <Alert
          key={n.id}
          severity={n.severity}
          variant="filled"
          onClose={() => dismiss(n.id)}
          data-testid="notice"
          sx={{ py: 0, fontSize: 13, boxShadow: 3 }}
        >
          {n.message}
        </Alert>
      ))}
    </Stack>
  );
}
