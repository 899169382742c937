import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatMoney, formatTime } from '../../api/format';
import { queryKeys } from '../../api/query-keys';
import { hrefFor, navigate } from '../../app/router';
import { MONO } from '../../components/mono-font';
import { StatusChip } from '../../components/status-chip';
import { listSubscriptions } from './billing-api';
import { LegacyAgreementsPanel } from './legacy-agreements-panel';
import { PagedTable } from './paged-table';
import { SubscriptionForm } from './subscription-form';
import { usePlanChoices } from './use-plan-choices';
import { SelectField } from '../../components/select-field';
import { ListTotal } from './list-total';

/** The lists of the Subscriptions page, one per route: `#/subscriptions`, `#/legacy-agreements`. */
export type SubscriptionsTab = 'subscriptions' | 'legacy-agreements';

/**
 * The Subscriptions page: every subscription with its status, next billing and outstanding balance,
 * the create form, and the deprecated v1 billing agreements on a tab of their own.
 */
export function SubscriptionsPage({ tab }: { tab: SubscriptionsTab }) {
  const [creating, setCreating] = useState(false);
  return (
    <Stack spacing={2} data-testid="subscriptions-page" data-tab={tab}>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 2 }}>
        <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }}>
          Subscriptions
        </Typography>
        {tab === 'subscriptions' ? (
          <Button
            variant="contained"
            onClick={() => setCreating(true)}
            data-testid="create-subscription-button"
          >
            Create subscription
          </Button>
        ) : null}
      </Stack>
      <Tabs
        value={tab}
        onChange={(_e, next: SubscriptionsTab) => navigate(`/${next}`)}
        sx={{ borderBottom: 1, borderColor: 'divider' }}
      >
        <Tab value="subscriptions" label="Subscriptions" data-testid="subscriptions-tab-subscriptions" />
        <Tab
          value="legacy-agreements"
          label="Billing agreements v1 (deprecated)"
          data-testid="subscriptions-tab-legacy"
        />
      </Tabs>
      {tab === 'subscriptions' ? (
        <SubscriptionsList onCreate={() => setCreating(true)} />
      ) : (
        <LegacyAgreementsPanel />
      )}
      <Dialog
        open={creating}
        maxWidth="lg"
        fullWidth
        scroll="paper"
        aria-labelledby="subscription-form-title"
        data-testid="subscription-dialog"
      >
        {creating ? (
          <SubscriptionForm
            onClose={() => setCreating(false)}
            onCreated={(id) => {
              setCreating(false);
              navigate(`/subscriptions/${encodeURIComponent(id)}`);
            }}
          />
        ) : null}
      </Dialog>
    </Stack>
  );
}

function SubscriptionsList({ onCreate }: { onCreate(): void }) {
  const [planId, setPlanId] = useState('');
  const [page, setPage] = useState(0);
  const plans = usePlanChoices({ activeOnly: false });
  const subscriptions = useQuery({
    queryKey: queryKeys.billing.subscriptions(planId, page),
    queryFn: () => listSubscriptions(page + 1, planId || undefined),
    placeholderData: keepPreviousData,
  });
  const rows = subscriptions.data?.subscriptions ?? [];
  return (
    <Paper>
      <Stack direction="row" spacing={2} sx={{ p: 2, pb: 1, alignItems: 'center' }}>
        <SelectField
          native
          label="Plan"
          value={planId}
          onChange={(id) => {
            setPlanId(id);
            setPage(0);
          }}
          emptyChoice="All plans"
          choices={(plans.data ?? []).map((plan) => ({ value: plan.id, label: `${plan.name} (${plan.id})` }))}
          testId="subscriptions-plan-filter"
          sx={{ width: 360 }}
        />
        <Stack sx={{ flexGrow: 1 }} />
        <ListTotal query={subscriptions} items={rows} noun="subscription" testId="subscriptions-total" />
      </Stack>
      <PagedTable
        query={subscriptions}
        items={rows}
        page={page}
        onPage={setPage}
        testId="subscriptions-table"
        emptyText={
          planId ? (
            'No subscriptions on this plan.'
          ) : (
            <>
              No subscriptions yet —{' '}
              <Link component="button" type="button" onClick={onCreate} sx={{ verticalAlign: 'baseline' }}>
                create one
              </Link>{' '}
              on an ACTIVE plan, then approve it as the sandbox buyer.
            </>
          )
        }
        head={
          <>
            <TableCell>Subscription</TableCell>
            <TableCell>Plan</TableCell>
            <TableCell>Status</TableCell>
            <TableCell>Subscriber</TableCell>
            <TableCell>Next billing</TableCell>
            <TableCell align="right">Outstanding</TableCell>
            <TableCell>Created</TableCell>
          </>
        }
        rows={rows.map((subscription) => {
          const subscriber = subscription.subscriber as { email_address?: string } | undefined;
          return (
            <TableRow
              key={subscription.id}
              hover
              data-testid={`subscription-row-${subscription.id}`}
              data-status={subscription.status}
            >
              <TableCell sx={{ fontFamily: MONO }}>
                <Link
                  href={hrefFor(`/subscriptions/${encodeURIComponent(subscription.id)}`)}
                  underline="hover"
                >
                  {subscription.id}
                </Link>
              </TableCell>
              <TableCell>
                <Link href={hrefFor(`/plans/${encodeURIComponent(subscription.plan_id)}`)} underline="hover">
                  {plans.data?.find((p) => p.id === subscription.plan_id)?.name ?? subscription.plan_id}
                </Link>
              </TableCell>
              <TableCell>
                <StatusChip status={subscription.status} />
              </TableCell>
              <TableCell>{subscriber?.email_address ?? '—'}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                {formatTime(subscription.billing_info?.next_billing_time)}
              </TableCell>
              <TableCell align="right" sx={{ fontFamily: MONO }}>
                {formatMoney(subscription.billing_info?.outstanding_balance)}
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatTime(subscription.create_time)}</TableCell>
            </TableRow>
          );
        })}
      />
    </Paper>
  );
}
