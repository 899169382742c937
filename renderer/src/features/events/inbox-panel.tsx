import { formatTime } from '../../api/format';
import Chip from '@mui/material/Chip';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { navigate } from '../../app/router';
import { QueryState } from '../../components/query-state';
import { eventsApi } from './events-api';
import { MessageDetail } from './message-detail';
import { VerdictChip } from './verification-steps';
import { useSimulatedToday } from '../../api/use-simulated-now';
import { queryKeys } from '../../api/query-keys';
import { SpacerRow, useVirtualRows } from '../../components/virtual-rows';

/** What the local listener received, newest first, live (each delivery refreshes it through a host event). */
export function InboxPanel({ selected }: { selected: string | undefined }) {
  const today = useSimulatedToday();
  const queryClient = useQueryClient();
  const messages = useQuery({ queryKey: queryKeys.events.messages, queryFn: eventsApi.messages });
  const clear = useMutation({
    mutationFn: eventsApi.clearMessages,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.events.all }),
  });
  const rows = messages.data ?? [];
  const virtual = useVirtualRows<HTMLDivElement>(rows.length, 41);
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: selected ? 'minmax(500px, 1fr) minmax(0, 1.2fr)' : '1fr',
        gap: 2,
        alignItems: 'start',
      }}
    >
      <Paper sx={{ minWidth: 0, overflowX: 'auto' }}>
        <Stack direction="row" sx={{ px: 2, py: 1, alignItems: 'center', justifyContent: 'space-between' }}>
          <Typography variant="subtitle2">Inbox ({rows.length})</Typography>
          <Button
            size="small"
            disabled={rows.length === 0 || clear.isPending}
            onClick={() => clear.mutate()}
            data-testid="inbox-clear"
          >
            Clear
          </Button>
        </Stack>
        <QueryState
          loading={messages.isLoading}
          error={messages.error}
          empty={rows.length === 0}
          emptyText="Nothing received yet. Capture an order, or simulate an event: the sandbox subscribed this listener to every event type."
        >
          <Box ref={virtual.scrollRef} sx={{ maxHeight: '65vh', overflowY: 'auto' }}>
            <Table size="small" data-testid="inbox" stickyHeader>
              <TableHead>
                <TableRow>
                  <TableCell>Received</TableCell>
                  <TableCell>Event type</TableCell>
                  <TableCell>Answer</TableCell>
                  <TableCell>Signature</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                <SpacerRow height={virtual.before} colSpan={4} />
                {virtual.items.map(({ index }) => {
                  const m = rows[index]!;
                  return (
                    <TableRow
                      key={m.id}
                      ref={virtual.measure}
                      data-index={index}
                      hover
                      selected={m.id === selected}
                      onClick={() => navigate(`events/inbox/${m.id}`)}
                      sx={{ cursor: 'pointer' }}
                      data-testid="inbox-row"
                      data-event-type={m.event_type ?? ''}
                    >
                      <TableCell
                        sx={{ fontFamily: 'ui-monospace, monospace', fontSize: 12.5, whiteSpace: 'nowrap' }}
                        title={formatTime(m.received_at, { milliseconds: true })}
                      >
                        {formatTime(m.received_at, { milliseconds: true, today })}
                      </TableCell>
                      <TableCell>
                        {m.event_type ?? <em>not an event</em>}
                        {m.mock ? (
                          <Chip
                            size="small"
                            variant="outlined"
                            label="mock"
                            title="Sent by the event simulator, signed with the mock webhook id WEBHOOK_ID"
                            data-testid="inbox-mock"
                            sx={{ ml: 1 }}
                          />
                        ) : null}
                      </TableCell>
                      <TableCell>{m.answered_status}</TableCell>
                      <TableCell>
                        <VerdictChip verdict={m.verdict} />
                      </TableCell>
                    </TableRow>
                  );
                })}
                <SpacerRow height={virtual.after} colSpan={4} />
              </TableBody>
            </Table>
          </Box>
        </QueryState>
      </Paper>
      {selected ? <MessageDetail id={selected} /> : null}
    </Box>
  );
}
