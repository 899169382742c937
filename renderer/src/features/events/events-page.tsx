import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { navigate } from '../../app/router';
import { useHostInfo } from '../../api/use-host-info';
import { EventsPanel } from './events-panel';
import { InboxPanel } from './inbox-panel';
import { ListenerControl } from './listener-control';
import { SimulateForm } from './simulate-form';
import { SubscriptionsPanel } from './subscriptions-panel';

const TABS = [
  { id: 'inbox', label: 'Listener inbox' },
  { id: 'outbox', label: 'Events & deliveries' },
  { id: 'subscriptions', label: 'Subscriptions' },
  { id: 'simulate', label: 'Simulate' },
] as const;

type TabId = (typeof TABS)[number]['id'];

/**
 * Webhooks and events (spec part 6): what the local listener received and how each delivery verified,
 * every event with its deliveries and retries on the simulated clock, subscriptions, and the simulator.
 * Routes: `#/events/<tab>/<id>`.
 */
export function EventsPage({ route }: { route: string[] }) {
  const [, tabSegment, id] = route;
  const tab: TabId = TABS.some((t) => t.id === tabSegment) ? (tabSegment as TabId) : 'inbox';
  const remote = useHostInfo((info) => info.active_environment.kind === 'remote').data ?? false;
  return (
    <Stack spacing={2} data-testid="events-page">
      <Typography variant="h5">Events</Typography>
      {remote ? (
        <Alert severity="info">
          The active environment is remote: subscriptions and events are its own, while the listener, its
          inbox and the delivery timeline belong to the embedded sandbox (switch to it on the Environments
          page).
        </Alert>
      ) : null}
      <ListenerControl />
      <Tabs value={tab} onChange={(_e, value: TabId) => navigate(`events/${value}`)}>
        {TABS.map((t) => (
          <Tab key={t.id} value={t.id} label={t.label} data-testid={`events-tab-${t.id}`} />
        ))}
      </Tabs>
      {tab === 'inbox' ? <InboxPanel selected={id} /> : null}
      {tab === 'outbox' ? <EventsPanel selected={id} /> : null}
      {tab === 'subscriptions' ? <SubscriptionsPanel /> : null}
      {tab === 'simulate' ? <SimulateForm /> : null}
    </Stack>
  );
}
