import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { navigate } from '../../app/router';
import { useUi } from '../../app/ui-store';
import { ApiErrorAlert } from '../../components/api-error-alert';
import { eventsApi } from './events-api';
import { queryKeys } from '../../api/query-keys';
import { SelectField } from '../../components/select-field';
import { useSubscriptionChoices } from './use-subscription-choices';

/** The simulator (spec 6.8): a realistic mock event of any catalog type, signed with webhook id WEBHOOK_ID. */
export function SimulateForm() {
  const queryClient = useQueryClient();
  const notify = useUi((s) => s.notify);
  const catalog = useQuery({ queryKey: queryKeys.events.catalog, queryFn: eventsApi.catalog });
  const listener = useQuery({ queryKey: queryKeys.events.listener, queryFn: eventsApi.listener });
  const subscriptionChoices = useSubscriptionChoices();
  const [target, setTarget] = useState<'url' | 'webhook'>('url');
  const [url, setUrl] = useState('');
  const [webhookId, setWebhookId] = useState('');
  const [eventType, setEventType] = useState('PAYMENT.CAPTURE.COMPLETED');
  const [version, setVersion] = useState('');
  const listenerUrl = listener.data?.url ? `${listener.data.url}/webhooks` : '';
  const effectiveUrl = url || listenerUrl;
  const type = catalog.data?.find((t) => t.name === eventType);
  const simulate = useMutation({
    mutationFn: () =>
      eventsApi.simulate({
        ...(target === 'url' ? { url: effectiveUrl } : { webhook_id: webhookId }),
        event_type: eventType,
        ...(version ? { resource_version: version } : {}),
      }),
    onSuccess: (event) => {
      notify(`Mock ${event.event_type} sent (${event.id})`, 'success');
      void queryClient.invalidateQueries({ queryKey: queryKeys.events.all });
      if (target === 'url' && effectiveUrl === listenerUrl) navigate('events/inbox');
    },
  });
  return (
    <Paper sx={{ p: 2 }}>
      <Stack spacing={2}>
        <Typography variant="body2" color="text.secondary">
          A mock event belongs to no application, is signed with the literal webhook id{' '}
          <code>WEBHOOK_ID</code>, is tried once, and cannot be checked by the verify endpoint (verify it
          yourself, as the listener does).
        </Typography>
        <ToggleButtonGroup
          exclusive
          size="small"
          value={target}
          onChange={(_e, value: 'url' | 'webhook' | null) => value && setTarget(value)}
        >
          <ToggleButton value="url" data-testid="simulate-target-url">
            To a URL
          </ToggleButton>
          <ToggleButton value="webhook" data-testid="simulate-target-webhook">
            To a subscription
          </ToggleButton>
        </ToggleButtonGroup>
        <Stack direction="row" spacing={2} sx={{ flexWrap: 'wrap', rowGap: 2 }}>
          {target === 'url' ? (
            <TextField
              size="small"
              label="URL"
              placeholder={listenerUrl || 'http://…'}
              value={url}
              onChange={(e) => setUrl(e.target.value)}
              helperText={url ? undefined : 'empty: the local listener'}
              sx={{ minWidth: 360 }}
              slotProps={{ htmlInput: { 'data-testid': 'simulate-url' } }}
            />
          ) : (
            <SelectField
              label="Subscription"
              value={webhookId}
              onChange={setWebhookId}
              choices={subscriptionChoices}
              sx={{ minWidth: 360 }}
            />
          )}
          <SelectField
            label="Event type"
            value={eventType}
            onChange={(name) => {
              setEventType(name);
              setVersion('');
            }}
            choices={(catalog.data ?? []).map((t) => ({
              value: t.name,
              label: t.name,
              testId: `simulate-type-${t.name}`,
            }))}
            testId="simulate-event-type"
            sx={{ minWidth: 320 }}
          />
          <SelectField
            label="Resource version"
            value={version}
            onChange={setVersion}
            displayEmpty
            emptyChoice="latest"
            choices={type?.resource_versions ?? []}
            sx={{ minWidth: 160 }}
          />
          <Button
            variant="contained"
            disabled={simulate.isPending || (target === 'url' ? !effectiveUrl : !webhookId)}
            onClick={() => simulate.mutate()}
            data-testid="simulate-send"
          >
            Send mock event
          </Button>
        </Stack>
        {type ? (
          <Typography variant="caption" color="text.secondary">
            {type.description} (resource type {type.resource_type})
          </Typography>
        ) : null}
        <ApiErrorAlert error={simulate.error} title="Simulate" />
      </Stack>
    </Paper>
  );
}
