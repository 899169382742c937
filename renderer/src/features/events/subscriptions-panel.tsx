import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Webhook } from '../../../../shared/api/webhooks';
import { useUi } from '../../app/ui-store';
import { ApiErrorAlert } from '../../components/api-error-alert';
import { EventTypePicker } from './event-type-picker';
import { eventsApi } from './events-api';
import { queryKeys } from '../../api/query-keys';
import { Section } from '../../components/section';
import { ListTable } from '../../components/list-table';

const URL_MAX = 2048;

/** What the form can tell before the API does (the API has the last word: duplicates, the catalog). */
export function subscriptionProblems(url: string, types: string[]): { url?: string; types?: string } {
  const out: { url?: string; types?: string } = {};
  if (!/^https?:\/\/[^\s/]+/.test(url)) out.url = 'An http(s) URL, e.g. http://127.0.0.1:9000/hooks';
  else if (url.length > URL_MAX) out.url = `At most ${URL_MAX} characters.`;
  if (types.length === 0) out.types = 'Pick at least one event type, or * for all.';
  else if (types.length > 500) out.types = 'At most 500 event types.';
  return out;
}

function SubscriptionForm({
  initial,
  submitLabel,
  pending,
  onSubmit,
}: {
  initial: { url: string; types: string[] };
  submitLabel: string;
  pending: boolean;
  onSubmit: (url: string, types: string[]) => void;
}) {
  const catalog = useQuery({ queryKey: queryKeys.events.catalog, queryFn: eventsApi.catalog });
  const [url, setUrl] = useState(initial.url);
  const [types, setTypes] = useState(initial.types);
  const [touched, setTouched] = useState(false);
  const problems = subscriptionProblems(url, types);
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start', flexWrap: 'wrap', rowGap: 2 }}>
      <TextField
        size="small"
        label="Listener URL"
        value={url}
        onChange={(e) => setUrl(e.target.value)}
        error={touched && Boolean(problems.url)}
        helperText={touched ? problems.url : undefined}
        sx={{ minWidth: 320 }}
        slotProps={{ htmlInput: { 'data-testid': 'subscription-url' } }}
      />
      <EventTypePicker catalog={catalog.data ?? []} value={types} onChange={setTypes} />
      <Button
        variant="contained"
        disabled={pending}
        onClick={() => {
          setTouched(true);
          if (Object.keys(problems).length === 0) onSubmit(url.trim(), types);
        }}
        data-testid="subscription-submit"
      >
        {submitLabel}
      </Button>
      {touched && problems.types ? (
        <Typography color="error" variant="caption" sx={{ width: '100%' }}>
          {problems.types}
        </Typography>
      ) : null}
    </Stack>
  );
}

/** The app's webhook subscriptions: add, edit (URL and event types), delete. */
export function SubscriptionsPanel() {
  const queryClient = useQueryClient();
  const notify = useUi((s) => s.notify);
  const [editing, setEditing] = useState<Webhook | undefined>();
  const [formKey, setFormKey] = useState(0);
  const subscriptions = useQuery({
    queryKey: queryKeys.events.subscriptions,
    queryFn: eventsApi.subscriptions,
  });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: queryKeys.events.all });
  const create = useMutation({
    mutationFn: ({ url, types }: { url: string; types: string[] }) => eventsApi.subscribe(url, types),
    onSuccess: (webhook) => {
      notify(`Subscribed ${webhook.url} as ${webhook.id}`, 'success');
      setFormKey((k) => k + 1);
      refresh();
    },
  });
  const update = useMutation({
    mutationFn: ({ id, url, types }: { id: string; url: string; types: string[] }) =>
      eventsApi.updateSubscription(id, url, types),
    onSuccess: (webhook) => {
      notify(`Updated ${webhook.id}`, 'success');
      setEditing(undefined);
      refresh();
    },
  });
  const [deleting, setDeleting] = useState<Webhook | undefined>();
  const remove = useMutation({
    mutationFn: (id: string) => eventsApi.unsubscribe(id),
    onSuccess: (_result, id) => {
      notify(`Deleted ${id}: its pending deliveries are cancelled`, 'success');
      setDeleting(undefined);
      refresh();
    },
  });
  const listener = useQuery({ queryKey: queryKeys.events.listener, queryFn: eventsApi.listener });
  const listenerUrl =
    listener.data?.running && listener.data.url ? `${listener.data.url}/webhooks` : undefined;
  const restore = useMutation({
    mutationFn: (url: string) => eventsApi.subscribe(url, ['*']),
    onSuccess: (webhook) => {
      notify(`The local listener hears every event again (${webhook.id})`, 'success');
      refresh();
    },
  });
  const rows = subscriptions.data ?? [];
  // The sandbox subscribes its listener to `*` at start; once that is deleted, offer it back.
  const listenerSubscribed = rows.some((w) => w.url === listenerUrl);

  return (
    <Stack spacing={2}>
      <Paper>
        <ListTable
          query={subscriptions}
          empty={rows.length === 0}
          emptyText="No subscriptions: nothing is delivered."
          columns={['Webhook id', 'URL', 'Event types', '']}
          testId="subscriptions"
        >
          {rows.map((w) => (
            <TableRow key={w.id} data-testid="subscription-row" data-url={w.url}>
              <TableCell sx={{ fontFamily: 'ui-monospace, monospace', fontSize: 12.5 }}>{w.id}</TableCell>
              <TableCell
                sx={{ fontFamily: 'ui-monospace, monospace', fontSize: 12.5, wordBreak: 'break-all' }}
              >
                {w.url}
              </TableCell>
              <TableCell>
                <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'wrap', rowGap: 0.5 }}>
                  {w.event_types.map((t) => (
                    <Chip key={t.name} size="small" label={t.name} title={t.description} />
                  ))}
                </Stack>
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                <Button size="small" onClick={() => setEditing(w)} data-testid="subscription-edit">
                  Edit
                </Button>
                <Button
                  size="small"
                  color="error"
                  onClick={() => setDeleting(w)}
                  data-testid="subscription-delete"
                >
                  Delete
                </Button>
              </TableCell>
            </TableRow>
          ))}
        </ListTable>
        {listenerUrl && !listenerSubscribed && !subscriptions.isLoading ? (
          <Stack direction="row" spacing={2} sx={{ p: 2, alignItems: 'center' }}>
            <Typography variant="body2" color="text.secondary" sx={{ flexGrow: 1 }}>
              The local listener ({listenerUrl}) is not subscribed: its inbox stays empty.
            </Typography>
            <Button
              variant="outlined"
              size="small"
              disabled={restore.isPending}
              onClick={() => restore.mutate(listenerUrl)}
              data-testid="restore-listener-subscription"
            >
              Subscribe the listener to every event
            </Button>
          </Stack>
        ) : null}
        <ApiErrorAlert error={restore.error} title="Subscribe the listener" />
      </Paper>
      <Dialog open={deleting !== undefined} onClose={() => setDeleting(undefined)}>
        <DialogTitle>Delete webhook {deleting?.id}?</DialogTitle>
        <DialogContent>
          <Typography variant="body2">
            Events stop going to <code>{deleting?.url}</code>, and its pending deliveries and retries are
            cancelled. This cannot be undone
            {deleting?.url === listenerUrl ? ', but the listener can be subscribed again' : ''}.
          </Typography>
          <ApiErrorAlert error={remove.error} title="Delete" />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setDeleting(undefined)}>Keep it</Button>
          <Button
            color="error"
            variant="contained"
            disabled={remove.isPending}
            onClick={() => deleting && remove.mutate(deleting.id)}
            data-testid="subscription-delete-confirm"
          >
            Delete
          </Button>
        </DialogActions>
      </Dialog>
      <Section title="Subscribe a listener">
        <SubscriptionForm
          key={formKey}
          initial={{ url: '', types: [] }}
          submitLabel="Subscribe"
          pending={create.isPending}
          onSubmit={(url, types) => create.mutate({ url, types })}
        />
        <ApiErrorAlert error={create.error} title="Subscribe" />
      </Section>
      <Dialog open={editing !== undefined} onClose={() => setEditing(undefined)} maxWidth="md" fullWidth>
        <DialogTitle>Edit webhook {editing?.id}</DialogTitle>
        <DialogContent sx={{ pt: '12px !important' }}>
          {editing ? (
            <SubscriptionForm
              initial={{ url: editing.url, types: editing.event_types.map((t) => t.name) }}
              submitLabel="Save"
              pending={update.isPending}
              onSubmit={(url, types) => update.mutate({ id: editing.id, url, types })}
            />
          ) : null}
          <ApiErrorAlert error={update.error} title="Update" />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setEditing(undefined)}>Close</Button>
        </DialogActions>
      </Dialog>
    </Stack>
  );
}
