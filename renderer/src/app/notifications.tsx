import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { useUi } from './ui-store';

/**
 * Host events and results of actions: the newest three, one line each, in the app bar, so a notice
 * never covers what a page shows (a table's last rows, a form's button); each goes after a few
 * seconds (see useUi.notify) and shows its whole text on hover.
 */
export function Notifications() {
  const notices = useUi((s) => s.notices);
  const dismiss = useUi((s) => s.dismiss);
  return (
    <Stack
      spacing={0.25}
      sx={{ flex: '0 1 460px', minWidth: 0, maxHeight: 64, justifyContent: 'center' }}
      aria-live="polite"
      data-testid="notices"
    >
      {notices.slice(-3).map((n) => (
        <Alert
          key={n.id}
          severity={n.severity}
          variant="filled"
          onClose={() => dismiss(n.id)}
          data-testid="notice"
          data-notice-id={n.id}
          title={n.message}
          sx={{
            py: 0,
            px: 1,
            minHeight: 0,
            fontSize: 12,
            lineHeight: '18px',
            boxShadow: 1,
            '& .MuiAlert-icon': { py: 0, mr: 0.75, fontSize: 16 },
            '& .MuiAlert-message': {
              py: 0,
              overflow: 'hidden',
              textOverflow: 'ellipsis',
              whiteSpace: 'nowrap',
            },
            '& .MuiAlert-action': { py: 0, mr: 0, pl: 0.5 },
            '& .MuiIconButton-root': { p: 0 },
          }}
        >
          {n.message}
        </Alert>
      ))}
    </Stack>
  );
}
