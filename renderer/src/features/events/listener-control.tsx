import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiErrorAlert } from '../../components/api-error-alert';
import { eventsApi } from './events-api';
import { queryKeys } from '../../api/query-keys';
import { SelectField } from '../../components/select-field';

/** What the listener can answer: success, or the failures that make the service retry. */
const STATUSES = [
  { status: 200, label: '200 OK' },
  { status: 204, label: '204 No Content' },
  { status: 400, label: '400 Bad Request' },
  { status: 404, label: '404 Not Found' },
  { status: 410, label: '410 Gone' },
  { status: 500, label: '500 Internal Server Error' },
  { status: 502, label: '502 Bad Gateway' },
  { status: 503, label: '503 Service Unavailable' },
];

/** The listener's settings as the form edits them. */
interface ListenerForm {
  status: number;
  delay: string;
  webhookId: string;
}

/** The form of the host's settings (the defaults until they are read). */
function formOf(
  settings: { status: number; delay_ms: number; webhook_id?: string | null } | undefined,
): ListenerForm {
  return {
    status: settings?.status ?? 200,
    delay: String(settings?.delay_ms ?? 0),
    webhookId: settings?.webhook_id ?? '',
  };
}

/**
 * The local listener's answer: the status and delay every delivery gets (a non-2xx or a delay past the
 * sender's 10 s timeout makes the service retry), and the webhook id it verifies events from elsewhere with.
 */
export function ListenerControl() {
  const queryClient = useQueryClient();
  // Its received count follows each delivery through the host's webhook-received event.
  const state = useQuery({ queryKey: queryKeys.events.listener, queryFn: eventsApi.listener });
  // The form shows the host's settings until the user edits it, then the user's draft until it is
  // applied: a delivery (a new received count) or any other refresh never writes over an unsaved edit.
  const [draft, setDraft] = useState<ListenerForm | undefined>();
  const form = draft ?? formOf(state.data);
  const edit = (change: Partial<ListenerForm>) => setDraft({ ...form, ...change });
  const { status, delay, webhookId } = form;
  const save = useMutation({
    mutationFn: () =>
      eventsApi.configureListener({
        status,
        delay_ms: Number(delay),
        webhook_id: webhookId.trim() === '' ? null : webhookId.trim(),
      }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.events.listener });
      setDraft(undefined);
    },
  });
  const delayOk = /^\d{1,6}$/.test(delay) && Number(delay) <= 120_000;
  const data = state.data;

  return (
    <Paper sx={{ p: 2 }} data-testid="listener-control">
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1.5 }}>
        <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
          Local listener
        </Typography>
        {data ? (
          <Chip
            size="small"
            color={data.running ? 'success' : 'default'}
            label={data.running ? `${data.url ?? ''}/webhooks` : 'not running'}
            data-testid="listener-url"
            sx={{ fontFamily: 'ui-monospace, monospace' }}
          />
        ) : null}
        {data ? (
          <Chip
            size="small"
            variant="outlined"
            label={`${data.received} received`}
            data-testid="listener-received"
          />
        ) : null}
        <SelectField
          label="Answer with"
          value={status}
          onChange={(value) => edit({ status: Number(value) })}
          choices={STATUSES.map((s) => ({
            value: s.status,
            label: s.label,
            testId: `listener-status-${s.status}`,
          }))}
          testId="listener-status"
          sx={{ minWidth: 220 }}
        />
        <TextField
          size="small"
          label="Delay (ms)"
          value={delay}
          onChange={(e) => edit({ delay: e.target.value })}
          error={!delayOk}
          helperText={delayOk ? undefined : '0 to 120000'}
          sx={{ width: 130 }}
          slotProps={{ htmlInput: { 'data-testid': 'listener-delay', inputMode: 'numeric' } }}
        />
        <TextField
          size="small"
          label="Verify with webhook id"
          placeholder="from the matching subscription"
          value={webhookId}
          onChange={(e) => edit({ webhookId: e.target.value })}
          sx={{ minWidth: 260 }}
          slotProps={{ htmlInput: { 'data-testid': 'listener-webhook-id' } }}
        />
        <Button
          variant="contained"
          disabled={!delayOk || save.isPending}
          onClick={() => save.mutate()}
          data-testid="listener-save"
        >
          Apply
        </Button>
      </Stack>
      <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1 }}>
        Every delivery to the listener is answered this way: a non-2xx answer, or a delay beyond the 10 s
        delivery timeout, makes the service retry on its schedule (advance the clock to see retries). Events
        from elsewhere verify with the webhook id given here.
      </Typography>
      <ApiErrorAlert error={state.error ?? save.error} title="Listener" />
    </Paper>
  );
}
