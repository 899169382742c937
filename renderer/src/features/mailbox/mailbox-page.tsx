import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { MailMessage } from '../../../../shared/api/mailbox';
import { formatTime } from '../../api/format';
import { hrefFor, resourceRoute } from '../../app/router';
import { ApiErrorAlert } from '../../components/api-error-alert';
import { QueryState } from '../../components/query-state';
import { useDebounced } from '../../components/use-debounced';
import { clearMailbox, listMailbox } from './mailbox-api';
import { queryKeys } from '../../api/query-keys';
import { useVirtualRows } from '../../components/virtual-rows';

/**
 * The sandbox mailbox: every e-mail the platform sent (invoices, reminders, receipts, unclaimed-payout
 * notices), newest first, with their links working against this host (the customer's invoice page).
 */
export function MailboxPage() {
  const [recipient, setRecipient] = useState('');
  const filter = useDebounced(recipient.trim(), 300);
  const [selected, setSelected] = useState<string | undefined>();
  const queryClient = useQueryClient();
  const messages = useInfiniteQuery({
    queryKey: queryKeys.mailbox.messages(filter),
    queryFn: ({ pageParam }) => listMailbox(filter, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.older,
  });
  const clear = useMutation({
    mutationFn: clearMailbox,
    onSuccess: () => {
      setSelected(undefined);
      void queryClient.invalidateQueries({ queryKey: queryKeys.mailbox.all });
    },
  });
  const list = messages.data?.pages.flatMap((p) => p.messages) ?? [];
  const open = list.find((m) => m.id === selected) ?? list[0];
  // Only the messages in view are drawn; scrolling near the oldest asks the host for the next page.
  const virtual = useVirtualRows<HTMLDivElement>(list.length, 61, { pages: messages });

  return (
    <Stack spacing={2} data-testid="mailbox-page">
      <Stack direction="row" sx={{ alignItems: 'center', gap: 2 }}>
        <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }}>
          Mailbox
        </Typography>
        <TextField
          size="small"
          label="Recipient"
          value={recipient}
          onChange={(e) => setRecipient(e.target.value)}
          slotProps={{ htmlInput: { 'data-testid': 'mailbox-recipient' } }}
        />
        <Button onClick={() => void messages.refetch()} data-testid="mailbox-refresh">
          Refresh
        </Button>
        <Button
          color="error"
          disabled={list.length === 0 || clear.isPending}
          onClick={() => clear.mutate()}
          data-testid="mailbox-clear"
        >
          Empty mailbox
        </Button>
      </Stack>
      <Typography variant="body2" color="text.secondary">
        The sandbox sends no real e-mail: what the platform would send lands here. Scripts read it with{' '}
        <code>GET /v1/test-helpers/mailbox</code>.
      </Typography>
      {clear.error ? <ApiErrorAlert error={clear.error} title="Emptying failed" /> : null}
      <QueryState
        loading={messages.isLoading}
        error={messages.error}
        empty={list.length === 0}
        emptyText="No e-mail yet. Send an invoice, or pay out to someone without an account."
      >
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, md: 5 }}>
            <Paper ref={virtual.scrollRef} sx={{ maxHeight: '70vh', overflowY: 'auto' }}>
              <List dense disablePadding data-testid="mailbox-list" data-count={list.length}>
                {virtual.before > 0 ? <Box aria-hidden sx={{ height: virtual.before }} /> : null}
                {virtual.items.map(({ index }) => {
                  const message = list[index]!;
                  return (
                    <ListItemButton
                      key={message.id}
                      ref={virtual.measure}
                      data-index={index}
                      selected={message.id === open?.id}
                      onClick={() => setSelected(message.id)}
                      data-testid="mailbox-message"
                      data-recipient={message.recipient}
                      data-category={message.category}
                    >
                      <ListItemText
                        primary={message.subject}
                        secondary={`${message.recipient} · ${formatTime(message.sent_at)}`}
                      />
                    </ListItemButton>
                  );
                })}
                {virtual.after > 0 ? <Box aria-hidden sx={{ height: virtual.after }} /> : null}
              </List>
            </Paper>
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }} data-testid="mailbox-count">
              {list.length} message{list.length === 1 ? '' : 's'} loaded
              {messages.hasNextPage ? ', older ones load as you scroll' : ''}
            </Typography>
          </Grid>
          <Grid size={{ xs: 12, md: 7 }}>{open ? <MessageView message={open} /> : null}</Grid>
        </Grid>
      </QueryState>
    </Stack>
  );
}

function MessageView({ message }: { message: MailMessage }) {
  return (
    <Paper sx={{ p: 2.5 }} data-testid="mailbox-open-message" data-message-id={message.id}>
      <Typography variant="h6" data-testid="mailbox-subject">
        {message.subject}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        From {message.from} to {message.recipient} · {formatTime(message.sent_at)}
      </Typography>
      <Stack direction="row" sx={{ gap: 1, mb: 2 }}>
        <Chip size="small" label={message.category} />
        {message.resource ? (
          <Chip
            size="small"
            variant="outlined"
            component="a"
            clickable
            href={hrefFor(resourceRoute(message.resource.kind, message.resource.id))}
            label={`${message.resource.kind} ${message.resource.id}`}
          />
        ) : null}
      </Stack>
      <Box
        component="pre"
        sx={{ whiteSpace: 'pre-wrap', fontFamily: 'inherit', m: 0, mb: 2 }}
        data-testid="mailbox-body"
      >
        {message.body}
      </Box>
      <Stack spacing={1}>
        {message.links.map((link) => (
          <Link
            key={link.rel + link.href}
            href={link.href}
            target="_blank"
            rel="noreferrer"
            data-testid={`mailbox-link-${link.rel}`}
          >
            {link.label} ↗
          </Link>
        ))}
      </Stack>
    </Paper>
  );
}
