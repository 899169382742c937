import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { subscriptionMachine, type SubscriptionStatus } from '../../../../shared/api/subscriptions';
import { formatMoney, formatTime } from '../../api/format';
import { machineAvailability } from '../../api/machine-actions';
import { hrefFor } from '../../app/router';
import { ApiErrorAlert } from '../../components/api-error-alert';
import { HistoryTimeline } from '../../components/history-timeline';
import { JsonView } from '../../components/json-view';
import { QueryState } from '../../components/query-state';
import { Section } from '../../components/section';
import { StateMachineView, type MachineAction } from '../../components/state-machine-view';
import type { Plan, Subscription, SubscriptionMove } from './billing-api';
import {
  useAdvanceToNextBilling,
  useCaptureOutstanding,
  useFailNextPayment,
  useRevise,
  useSubscriptionMove,
} from './billing-mutations';
import { SUBSCRIPTION_KIND } from './billing-kinds';
import { BackLink, FieldRow, Fields, Figure } from '../../components/detail-parts';
import { DetailHeader, DetailMeta } from '../../components/detail-header';
import { DetailPage } from '../../components/detail-page';
import { isMissing } from '../../api/api-call';
import { useClockNow, useSubscription, useSubscriptionTransactions } from './billing-queries';
import { BillingTimeline } from './billing-timeline';
import { comingCycles } from './coming-cycles';
import { CaptureDialog } from './capture-dialog';
import { ReasonDialog } from './reason-dialog';
import { ReviseDialog } from './revise-dialog';
import { usePlanChoices } from './use-plan-choices';
import { useResourceDetail } from '../../api/use-resource-detail';
import { BuyerApprovalButton } from './buyer-approval-button';

/** How many coming cycles the timeline shows. */
const COMING_CYCLES = 6;

const isZero = (value: string | undefined) => !value || /^0(\.0+)?$/.test(value);

/**
 * `#/subscriptions/<id>`: a subscription's state and machine with its actions (suspend, activate,
 * cancel, revise, capture the outstanding balance), the buyer's approval link, its billing figures
 * (outstanding balance, next billing, failed payments), the billing timeline of past payments with
 * their ledger lines and the cycles to come on the simulated clock, and "Advance to next billing".
 */
export function SubscriptionDetailPage({ id }: { id: string }) {
  const subscription = useSubscription(id);
  return (
    <DetailPage
      id={id}
      read={subscription}
      missing={isMissing}
      notFound={{
        noun: 'subscription',
        back: '/subscriptions',
        backLabel: 'All subscriptions',
        testId: 'billing-not-found',
      }}
      top={<BackLink to="/subscriptions" label="Subscriptions" />}
    >
      {(data) => <SubscriptionDetail subscription={data} />}
    </DetailPage>
  );
}

function SubscriptionDetail({ subscription }: { subscription: Subscription }) {
  const { id } = subscription;
  const status = subscription.status;
  const plan = subscription.plan as Plan | undefined;
  const now = useClockNow();
  const host = useResourceDetail(SUBSCRIPTION_KIND, id);
  const transactions = useSubscriptionTransactions(id, subscription.create_time, now);
  const activePlans = usePlanChoices({ productId: plan?.product_id, activeOnly: true });
  const move = useSubscriptionMove(id);
  const revise = useRevise(id);
  const capture = useCaptureOutstanding(id);
  const advance = useAdvanceToNextBilling(id);
  const failNext = useFailNextPayment(id);
  const [reasonFor, setReasonFor] = useState<SubscriptionMove | undefined>();
  const [dialog, setDialog] = useState<'revise' | 'capture' | undefined>();

  const info = subscription.billing_info;
  const outstanding = info?.outstanding_balance;
  const approve = subscription.links?.find((l) => l.rel === 'approve');
  const coming = plan ? comingCycles(subscription, plan, COMING_CYCLES) : [];
  const ongoing =
    plan?.billing_cycles.some((c) => c.tenure_type === 'REGULAR' && c.total_cycles === 0) ?? false;

  const machineAction = (
    trigger: SubscriptionMove | 'revise' | 'capture',
    label: string,
    onClick: () => void,
  ) => ({
    key: trigger,
    label,
    ...machineAvailability(subscriptionMachine, status, trigger),
    onClick,
  });
  const captureAction = machineAction('capture', 'Capture outstanding', () => setDialog('capture'));
  const actions: MachineAction[] = [
    machineAction('suspend', 'Suspend', () => setReasonFor('suspend')),
    machineAction('activate', 'Activate', () => setReasonFor('activate')),
    machineAction('cancel', 'Cancel', () => setReasonFor('cancel')),
    machineAction('revise', 'Revise', () => {
      revise.reset();
      setDialog('revise');
    }),
    captureAction.disabled || !isZero(outstanding?.value)
      ? captureAction
      : { ...captureAction, disabled: true, reason: 'The outstanding balance is 0.' },
  ];
  const canAdvance = (status === 'ACTIVE' || status === 'APPROVED') && Boolean(info?.next_billing_time);

  return (
    <Stack spacing={2} data-testid="subscription-detail" data-subscription-id={id} data-status={status}>
      <DetailHeader
        title={id}
        titleTestId="subscription-id"
        status={status}
        statusTestId="subscription-status"
        figures={
          <>
            <Figure label="Outstanding balance" testId="subscription-outstanding">
              {formatMoney(outstanding) === '—' ? '0' : formatMoney(outstanding)}
            </Figure>
            <Figure label="Next billing" testId="subscription-next-billing">
              {info?.next_billing_time ? formatTime(info.next_billing_time).slice(0, 16) : '—'}
            </Figure>
            <Figure label="Failed payments" testId="subscription-failed-count">
              {info?.failed_payments_count ?? 0}
            </Figure>
          </>
        }
      >
        <DetailMeta>
          <span>
            Plan{' '}
            <Link
              href={hrefFor(`/plans/${encodeURIComponent(subscription.plan_id)}`)}
              data-testid="subscription-plan-link"
            >
              {plan?.name ?? subscription.plan_id}
            </Link>
            {subscription.plan_overridden ? ' (overridden)' : ''}
          </span>
          <span>Quantity {subscription.quantity}</span>
          <span>Starts {formatTime(subscription.start_time)}</span>
          <span>Created {formatTime(subscription.create_time)}</span>
          {subscription.status_change_note ? <span>Note: “{subscription.status_change_note}”</span> : null}
        </DetailMeta>
        <Stack direction="row" spacing={1.5} sx={{ mt: 2, flexWrap: 'wrap', rowGap: 1 }}>
          {approve ? <BuyerApprovalButton href={approve.href} testId="buyer-approval-link" /> : null}
          <Tooltip
            title={
              canAdvance
                ? `Moves the simulated clock to ${formatTime(info?.next_billing_time)}: the cycle due then runs`
                : 'Nothing is due: the subscription is not ACTIVE or APPROVED'
            }
          >
            <span>
              <Button
                variant="outlined"
                disabled={!canAdvance || advance.isPending}
                onClick={() => advance.mutate()}
                data-testid="advance-to-next-billing"
              >
                {advance.isPending ? 'Advancing…' : 'Advance to next billing'}
              </Button>
            </span>
          </Tooltip>
          <Tooltip title="Sandbox: the next payment attempt is declined (PAYMENT_DENIED), to see retries, the outstanding balance and the failure threshold">
            <span>
              <Button
                variant="outlined"
                color="warning"
                disabled={!['APPROVAL_PENDING', 'APPROVED', 'ACTIVE'].includes(status) || failNext.isPending}
                onClick={() => failNext.mutate(1)}
                data-testid="fail-next-payment"
              >
                Fail next payment
              </Button>
            </span>
          </Tooltip>
        </Stack>
        {status === 'APPROVAL_PENDING' ? (
          <Alert severity="info" sx={{ mt: 1.5 }}>
            Waiting for the buyer: open the approval page and approve as the sandbox buyer. It becomes ACTIVE
            at its start time.
          </Alert>
        ) : null}
        <ApiErrorAlert
          error={advance.error ?? failNext.error ?? move.error ?? capture.error}
          title="The API refused"
          spaced
        />
      </DetailHeader>

      <Section title="Lifecycle">
        <StateMachineView
          machine={subscriptionMachine}
          current={status as SubscriptionStatus}
          history={host.data?.history ?? []}
          actions={actions}
        />
      </Section>

      <Section title="Billing timeline" testId="subscription-billing">
        <QueryState loading={transactions.isLoading} error={transactions.error}>
          <BillingTimeline
            start={subscription.start_time}
            now={now}
            transactions={transactions.data?.transactions ?? []}
            coming={coming}
            retry={retryOf(subscription, now)}
            ongoing={ongoing && coming.length > 0}
          />
        </QueryState>
      </Section>

      <Grid container spacing={2}>
        <Grid size={{ xs: 12, lg: 6 }} sx={{ minWidth: 0 }}>
          <Stack spacing={2}>
            <Section title="Billing" testId="subscription-billing-info">
              <Fields>
                <FieldRow label="Last payment" testId="subscription-last-payment">
                  {info?.last_payment
                    ? `${formatMoney(info.last_payment.amount)} at ${formatTime(info.last_payment.time)}`
                    : '—'}
                </FieldRow>
                <FieldRow label="Final payment">{formatTime(info?.final_payment_time)}</FieldRow>
                <FieldRow label="Subscriber">{subscriberText(subscription)}</FieldRow>
              </Fields>
              {info?.cycle_executions && info.cycle_executions.length > 0 ? (
                <Table size="small" sx={{ mt: 1.5 }} data-testid="cycle-executions">
                  <TableHead>
                    <TableRow>
                      <TableCell>Tenure</TableCell>
                      <TableCell align="right">Completed</TableCell>
                      <TableCell align="right">Remaining</TableCell>
                      <TableCell align="right">Price version</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {info.cycle_executions.map((execution) => (
                      <TableRow
                        key={execution.sequence}
                        data-testid={`cycle-execution-${execution.sequence}`}
                        data-completed={execution.cycles_completed}
                      >
                        <TableCell>
                          {execution.tenure_type} ({execution.sequence})
                        </TableCell>
                        <TableCell align="right">{execution.cycles_completed}</TableCell>
                        <TableCell align="right">
                          {execution.total_cycles === 0 ? '∞' : (execution.cycles_remaining ?? '—')}
                        </TableCell>
                        <TableCell align="right">{execution.current_pricing_scheme_version ?? '—'}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              ) : null}
            </Section>
            <FailedPayments subscription={subscription} />
          </Stack>
        </Grid>
        <Grid size={{ xs: 12, lg: 6 }} sx={{ minWidth: 0 }}>
          <Section title="History">
            <HistoryTimeline history={host.data?.history ?? []} />
          </Section>
        </Grid>
      </Grid>

      <Section title="Raw JSON">
        <JsonView value={subscription} maxHeight={420} testId="subscription-json" />
      </Section>

      <ReasonDialog move={reasonFor} onClose={() => setReasonFor(undefined)} mutation={move} />
      {dialog === 'revise' ? (
        <ReviseDialog
          open
          onClose={() => setDialog(undefined)}
          plan={plan}
          quantity={subscription.quantity}
          plans={activePlans.data ?? []}
          mutation={revise}
        />
      ) : null}
      {dialog === 'capture' ? (
        <CaptureDialog
          open
          onClose={() => setDialog(undefined)}
          outstanding={outstanding}
          mutation={capture}
        />
      ) : null}
    </Stack>
  );
}

/** The retry the engine scheduled for the last failed payment, while it is still ahead of the clock. */
function retryOf(subscription: Subscription, now: string | undefined) {
  const failed = subscription.billing_info?.last_failed_payment;
  const at = failed?.next_payment_retry_time;
  if (!failed || !at || (now && Date.parse(at) <= Date.parse(now))) return undefined;
  if (!['ACTIVE', 'APPROVED'].includes(subscription.status)) return undefined;
  return { at, amount: failed.amount };
}

function subscriberText(subscription: Subscription): string {
  const subscriber = subscription.subscriber as
    { name?: { given_name?: string; surname?: string }; email_address?: string } | undefined;
  const name = [subscriber?.name?.given_name, subscriber?.name?.surname].filter(Boolean).join(' ');
  const email = subscriber?.email_address;
  return [name, email ? `<${email}>` : ''].filter(Boolean).join(' ') || '—';
}

/** The last failed payment (the API shows it with `fields=last_failed_payment`) and the failure rules. */
function FailedPayments({ subscription }: { subscription: Subscription }) {
  const info = subscription.billing_info;
  const failed = info?.last_failed_payment;
  const threshold = (subscription.plan as Plan | undefined)?.payment_preferences.payment_failure_threshold;
  return (
    <Section title="Failed payments" testId="subscription-failed-payments">
      {failed ? (
        <Fields>
          <FieldRow label="Last failure" testId="last-failed-payment">
            {formatMoney(failed.amount)} at {formatTime(failed.time)}
          </FieldRow>
          <FieldRow label="Reason">{failed.reason_code}</FieldRow>
          <FieldRow label="Next retry">{formatTime(failed.next_payment_retry_time)}</FieldRow>
        </Fields>
      ) : (
        <Typography variant="body2" color="text.secondary">
          No payment of this subscription has failed.
        </Typography>
      )}
      <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1 }}>
        {info?.failed_payments_count ?? 0} failed in a row
        {threshold ? `; it is suspended at ${threshold}` : '; the plan never suspends for failures'}.
      </Typography>
    </Section>
  );
}
