import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { subscriptionPlanMachine, type PlanStatus } from '../../../../shared/api/subscriptions';
import { describeCycle, describeFrequency, describeTaxes } from '../../../../shared/billing/schedule';
import { formatMoney, formatTime } from '../../api/format';
import { machineAvailability } from '../../api/machine-actions';
import { hrefFor, navigate } from '../../app/router';
import { ApiErrorAlert } from '../../components/api-error-alert';
import { JsonView } from '../../components/json-view';
import { MONO } from '../../components/mono-font';
import { Section } from '../../components/section';
import { type MachineAction } from '../../components/state-machine-view';
import type { Plan } from './billing-api';
import { usePlanMove } from './billing-mutations';
import { PLAN_KIND } from './billing-kinds';
import { BackLink, FieldRow, Fields } from '../../components/detail-parts';
import { DetailHeader, DetailMeta } from '../../components/detail-header';
import { DetailPage } from '../../components/detail-page';
import { LifecyclePanel } from '../../components/lifecycle-panel';
import { isMissing } from '../../api/api-call';
import { useClockNow, usePlan, useProduct } from './billing-queries';
import { ChangePriceDialog } from './change-price-dialog';
import { SchedulePreview } from './schedule-preview';
import { SubscriptionForm } from './subscription-form';
import { useResourceDetail } from '../../api/use-resource-detail';
import { ColumnsTable } from '../../components/columns-table';

/**
 * `#/plans/<id>`: a subscription plan's schedule (words, timeline from now, the first cycles), its
 * cycles with their pricing versions, its preferences and taxes, its machine with activate, deactivate
 * and change price, and "Subscribe" to make a subscription on it.
 */
export function PlanDetailPage({ id }: { id: string }) {
  const plan = usePlan(id);
  return (
    <DetailPage
      id={id}
      read={plan}
      missing={isMissing}
      notFound={{ noun: 'plan', back: '/plans', backLabel: 'All plans', testId: 'billing-not-found' }}
      top={<BackLink to="/plans" label="Plans" />}
    >
      {(data) => <PlanDetail plan={data} />}
    </DetailPage>
  );
}

function PlanDetail({ plan }: { plan: Plan }) {
  const now = useClockNow();
  const host = useResourceDetail(PLAN_KIND, plan.id);
  const product = useProduct(plan.product_id);
  const move = usePlanMove(plan.id);
  const [dialog, setDialog] = useState<'price' | 'subscribe' | undefined>();
  const status = plan.status as PlanStatus;
  const action = (trigger: 'activate' | 'deactivate', label: string): MachineAction => ({
    key: trigger,
    label,
    ...machineAvailability(subscriptionPlanMachine, status, trigger),
    busy: move.isPending && move.variables === trigger,
    onClick: () => move.mutate(trigger),
  });
  const pricing = machineAvailability(subscriptionPlanMachine, status, 'update-pricing');
  const actions: MachineAction[] = [
    action('activate', 'Activate'),
    action('deactivate', 'Deactivate'),
    { key: 'change-price', label: 'Change price', ...pricing, onClick: () => setDialog('price') },
  ];
  const taxes = describeTaxes(plan.taxes);
  return (
    <Stack spacing={2} data-testid="plan-detail" data-plan-id={plan.id} data-status={status}>
      <DetailHeader
        title={plan.name}
        titleTestId="plan-name-heading"
        textTitle
        status={status}
        statusTestId="plan-status-chip"
        figures={
          <Button
            variant="contained"
            disabled={status !== 'ACTIVE'}
            title={status === 'ACTIVE' ? '' : 'Subscriptions are made only on ACTIVE plans'}
            onClick={() => setDialog('subscribe')}
            data-testid="subscribe-button"
          >
            Subscribe
          </Button>
        }
      >
        <DetailMeta>
          <Box component="span" sx={{ fontFamily: MONO }} data-testid="plan-id">
            {plan.id}
          </Box>
          <span>
            Product{' '}
            <Link href={hrefFor(`/products/${encodeURIComponent(plan.product_id)}`)}>
              {product.data?.name ?? plan.product_id}
            </Link>
          </span>
          <span>Created {formatTime(plan.create_time)}</span>
          <span>Updated {formatTime(plan.update_time)}</span>
        </DetailMeta>
        {plan.description ? <Typography sx={{ mt: 1 }}>{plan.description}</Typography> : null}
        <ApiErrorAlert error={move.error} title="The API refused" onClose={() => move.reset()} spaced />
      </DetailHeader>

      <LifecyclePanel
        machine={subscriptionPlanMachine}
        current={status}
        history={host.data?.history ?? []}
        actions={actions}
      >
        {status === 'INACTIVE' ? (
          <Alert severity="info" sx={{ mt: 1.5 }}>
            No new subscriptions on this plan; the ones it has go on billing.
          </Alert>
        ) : null}
      </LifecyclePanel>

      <Grid container spacing={2}>
        <Grid size={{ xs: 12, lg: 7 }} sx={{ minWidth: 0 }}>
          <Section title="Schedule" testId="plan-detail-schedule">
            <SchedulePreview plan={plan} start={now} testId="plan-schedule" />
          </Section>
        </Grid>
        <Grid size={{ xs: 12, lg: 5 }} sx={{ minWidth: 0 }}>
          <Section title="Payment preferences and taxes">
            <Fields>
              <FieldRow label="Setup fee" testId="plan-setup-fee-value">
                {formatMoney(plan.payment_preferences.setup_fee)}
              </FieldRow>
              <FieldRow label="If the setup fee fails">
                {plan.payment_preferences.setup_fee_failure_action}
              </FieldRow>
              <FieldRow label="Outstanding balance">
                {plan.payment_preferences.auto_bill_outstanding
                  ? 'billed with the next cycle'
                  : 'kept until captured'}
              </FieldRow>
              <FieldRow label="Suspend after">
                {plan.payment_preferences.payment_failure_threshold === 0
                  ? 'never (0)'
                  : `${plan.payment_preferences.payment_failure_threshold} failed payment${plan.payment_preferences.payment_failure_threshold === 1 ? '' : 's'}`}
              </FieldRow>
              <FieldRow label="Taxes">{taxes ?? 'none'}</FieldRow>
              <FieldRow label="Quantity">
                {plan.quantity_supported ? 'subscribers choose a quantity' : 'one per subscription'}
              </FieldRow>
            </Fields>
          </Section>
        </Grid>
      </Grid>

      <Section title="Billing cycles">
        <ColumnsTable
          columns={[
            'Sequence',
            'Tenure',
            'Frequency',
            'Cycles',
            { label: 'Price', align: 'right' },
            'Pricing version',
            'In words',
          ]}
          testId="plan-cycles"
        >
          {[...plan.billing_cycles]
            .sort((a, b) => a.sequence - b.sequence)
            .map((cycle) => (
              <TableRow key={cycle.sequence} data-testid={`plan-cycle-${cycle.sequence}`}>
                <TableCell>{cycle.sequence}</TableCell>
                <TableCell>{cycle.tenure_type}</TableCell>
                <TableCell>{describeFrequency(cycle.frequency)}</TableCell>
                <TableCell>{cycle.total_cycles === 0 ? '∞' : cycle.total_cycles}</TableCell>
                <TableCell
                  align="right"
                  sx={{ fontFamily: MONO }}
                  data-testid={`plan-cycle-${cycle.sequence}-price`}
                >
                  {cycle.pricing_scheme?.fixed_price ? formatMoney(cycle.pricing_scheme.fixed_price) : 'free'}
                </TableCell>
                <TableCell>
                  {cycle.pricing_scheme?.version !== undefined
                    ? `v${cycle.pricing_scheme.version}, ${formatTime(cycle.pricing_scheme.update_time)}`
                    : '—'}
                </TableCell>
                <TableCell>{describeCycle(cycle)}</TableCell>
              </TableRow>
            ))}
        </ColumnsTable>
      </Section>

      <Section title="Raw JSON">
        <JsonView value={plan} maxHeight={420} testId="plan-json" />
      </Section>

      <ChangePriceDialog plan={plan} open={dialog === 'price'} onClose={() => setDialog(undefined)} />
      <Dialog
        open={dialog === 'subscribe'}
        maxWidth="lg"
        fullWidth
        scroll="paper"
        data-testid="subscription-dialog"
      >
        {dialog === 'subscribe' ? (
          <SubscriptionForm
            planId={plan.id}
            onClose={() => setDialog(undefined)}
            onCreated={(subscriptionId) => navigate(`/subscriptions/${encodeURIComponent(subscriptionId)}`)}
          />
        ) : null}
      </Dialog>
    </Stack>
  );
}
