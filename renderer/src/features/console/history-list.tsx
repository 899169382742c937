import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatTime } from '../../api/format';
import { HttpStatusChip } from '../../components/http-status-chip';
import { HISTORY_LIMIT, useConsoleStore } from './console-store';

/** The last sent requests, newest first; a click puts one back into the console. */
export function HistoryList() {
  const history = useConsoleStore((s) => s.history);
  const restore = useConsoleStore((s) => s.restore);
  const clear = useConsoleStore((s) => s.clearHistory);
  // Requests are stamped with real time, so today's are shown by their time of day alone.
  const today = new Date().toISOString().slice(0, 10);
  return (
    <Box data-testid="console-history">
      <Stack direction="row" sx={{ alignItems: 'center', mb: 0.5 }}>
        <Typography variant="subtitle1" sx={{ fontWeight: 600, flexGrow: 1 }}>
          History
        </Typography>
        <Typography variant="caption" color="text.secondary" sx={{ mr: 1 }}>
          last {HISTORY_LIMIT}
        </Typography>
        <Button size="small" onClick={clear} disabled={history.length === 0}>
          Clear
        </Button>
      </Stack>
      {history.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          Requests you send appear here.
        </Typography>
      ) : (
        <List dense disablePadding sx={{ maxHeight: 360, overflow: 'auto' }}>
          {history.map((entry) => (
            <ListItemButton
              key={entry.id}
              onClick={() => restore(entry)}
              data-testid="console-history-item"
              title="Restore this request"
              sx={{ gap: 1, borderRadius: 1 }}
            >
              <Typography
                variant="caption"
                sx={{ fontFamily: 'ui-monospace, monospace', fontWeight: 700, minWidth: 48 }}
              >
                {entry.method}
              </Typography>
              <Typography
                variant="body2"
                sx={{ fontFamily: 'ui-monospace, monospace', flexGrow: 1, minWidth: 0 }}
                noWrap
              >
                {entry.path}
              </Typography>
              {entry.status !== undefined ? (
                <HttpStatusChip status={entry.status} />
              ) : (
                <Typography variant="caption">failed</Typography>
              )}
              <Typography
                variant="caption"
                color="text.secondary"
                sx={{ minWidth: 64, textAlign: 'right', whiteSpace: 'nowrap' }}
                title={`Sent ${formatTime(entry.at)} (real time)`}
              >
                {formatTime(entry.at, { today })}
              </Typography>
            </ListItemButton>
          ))}
        </List>
      )}
    </Box>
  );
}
