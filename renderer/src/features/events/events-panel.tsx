import { formatTime } from '../../api/format';
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
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { navigate } from '../../app/router';
import { useUi } from '../../app/ui-store';
import { ApiErrorAlert } from '../../components/api-error-alert';
import { JsonView } from '../../components/json-view';
import { QueryState } from '../../components/query-state';
import { DeliveryTimeline } from './delivery-timeline';
import { EVENTS_PAGE_SIZE, eventsApi } from './events-api';
import { SpacerRow, useVirtualRows } from '../../components/virtual-rows';
import { useSimulatedToday } from '../../api/use-simulated-now';
import { queryKeys } from '../../api/query-keys';
import { SelectField } from '../../components/select-field';
import { useSubscriptionChoices } from './use-subscription-choices';

function EventDetail({ id }: { id: string }) {
  const queryClient = useQueryClient();
  const notify = useUi((s) => s.notify);
  const [target, setTarget] = useState('');
  const event = useQuery({ queryKey: queryKeys.events.event(id), queryFn: () => eventsApi.event(id) });
  const deliveries = useQuery({
    queryKey: queryKeys.events.deliveries(id),
    // Kept current by the host's outbox events (app/use-host-events), not by polling.
    queryFn: () => eventsApi.deliveries(id),
  });
  const subscriptionChoices = useSubscriptionChoices();
  const resend = useMutation({
    mutationFn: () => eventsApi.resend(id, target ? [target] : undefined),
    onSuccess: () => {
      notify(`Event ${id} queued again${target ? ` for ${target}` : ''}`, 'success');
      void queryClient.invalidateQueries({ queryKey: queryKeys.events.all });
    },
  });
  return (
    <Paper sx={{ p: 2, minWidth: 0 }} data-testid="event-detail">
      <QueryState loading={event.isLoading} error={event.error}>
        {event.data ? (
          <Stack spacing={2}>
            <Box>
              <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
                {event.data.event_type}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {event.data.summary} · {event.data.id} ·{' '}
                {formatTime(event.data.create_time, { milliseconds: true })}
              </Typography>
            </Box>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
              <SelectField
                label="Resend to"
                value={target}
                onChange={setTarget}
                displayEmpty
                emptyChoice="every subscription listening to it"
                choices={subscriptionChoices}
                sx={{ minWidth: 280 }}
              />
              <Button
                variant="outlined"
                onClick={() => resend.mutate()}
                disabled={resend.isPending}
                data-testid="event-resend"
              >
                Resend
              </Button>
            </Stack>
            <ApiErrorAlert error={resend.error} title="Resend" />
            <Box>
              <Typography variant="subtitle2" gutterBottom>
                Deliveries
              </Typography>
              <QueryState loading={deliveries.isLoading} error={deliveries.error}>
                <DeliveryTimeline deliveries={deliveries.data ?? []} />
              </QueryState>
            </Box>
            <Box>
              <Typography variant="subtitle2" gutterBottom>
                Event
              </Typography>
              <JsonView value={event.data} maxHeight={420} testId="event-json" />
            </Box>
          </Stack>
        ) : null}
      </QueryState>
    </Paper>
  );
}

/** The outbox: every event of the app, newest first, with its deliveries and a resend. */
export function EventsPanel({ selected }: { selected: string | undefined }) {
  const today = useSimulatedToday();
  const [eventType, setEventType] = useState('');
  const catalog = useQuery({ queryKey: queryKeys.events.catalog, queryFn: eventsApi.catalog });
  const events = useInfiniteQuery({
    queryKey: queryKeys.events.events(eventType),
    queryFn: ({ pageParam }) => eventsApi.events(eventType, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last) =>
      last.page * EVENTS_PAGE_SIZE < last.total && last.events.length > 0 ? last.page + 1 : undefined,
  });
  const rows = events.data?.pages.flatMap((p) => p.events) ?? [];
  const total = events.data?.pages[events.data.pages.length - 1]?.total ?? 0;
  // Only the rows in view are drawn; scrolling near the oldest loaded asks the host for the next page.
  const virtual = useVirtualRows<HTMLDivElement>(rows.length, 37, { pages: events });
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: selected ? 'minmax(360px, 2fr) 3fr' : '1fr',
        gap: 2,
        alignItems: 'start',
      }}
    >
      <Paper sx={{ minWidth: 0, overflowX: 'auto' }}>
        <Stack direction="row" spacing={2} sx={{ px: 2, py: 1.5, alignItems: 'center' }}>
          <SelectField
            label="Event type"
            value={eventType}
            onChange={setEventType}
            displayEmpty
            emptyChoice="All types"
            choices={(catalog.data ?? []).map((t) => t.name)}
            sx={{ minWidth: 300 }}
          />
          <Typography variant="body2" color="text.secondary" data-testid="events-count">
            {rows.length} of {total} loaded, newest first
          </Typography>
        </Stack>
        <QueryState
          loading={events.isLoading}
          error={events.error}
          empty={rows.length === 0}
          emptyText="No events yet: they are written as orders and payments change."
        >
          <Box ref={virtual.scrollRef} sx={{ maxHeight: '65vh', overflowY: 'auto' }}>
            <Table size="small" data-testid="events-table" stickyHeader>
              <TableHead>
                <TableRow>
                  <TableCell>Created</TableCell>
                  <TableCell>Event type</TableCell>
                  <TableCell>Resource</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                <SpacerRow height={virtual.before} colSpan={3} />
                {virtual.items.map(({ index }) => {
                  const e = rows[index]!;
                  return (
                    <TableRow
                      key={e.id}
                      ref={virtual.measure}
                      data-index={index}
                      hover
                      selected={e.id === selected}
                      onClick={() => navigate(`events/outbox/${e.id}`)}
                      sx={{ cursor: 'pointer' }}
                      data-testid="event-row"
                      data-event-type={e.event_type}
                    >
                      <TableCell
                        sx={{ fontFamily: 'ui-monospace, monospace', fontSize: 12.5, whiteSpace: 'nowrap' }}
                        title={formatTime(e.create_time, { milliseconds: true })}
                      >
                        {formatTime(e.create_time, { milliseconds: true, today })}
                      </TableCell>
                      <TableCell>{e.event_type}</TableCell>
                      <TableCell sx={{ fontFamily: 'ui-monospace, monospace', fontSize: 12.5 }}>
                        {e.resource_type}{' '}
                        {String(
                          (e.resource as { id?: unknown; order_id?: unknown }).id ??
                            (e.resource as { order_id?: unknown }).order_id ??
                            '',
                        )}
                      </TableCell>
                    </TableRow>
                  );
                })}
                <SpacerRow height={virtual.after} colSpan={3} />
              </TableBody>
            </Table>
          </Box>
        </QueryState>
      </Paper>
      {selected ? <EventDetail id={selected} /> : null}
    </Box>
  );
}
