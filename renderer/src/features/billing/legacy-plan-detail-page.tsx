import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { billingPlanV1Machine, type LegacyPlanState } from '../../../../shared/api/billing-v1';
import {
  legacyCycleTotal,
  legacyPlanSchedule,
  type MoneyV1,
} from '../../../../shared/billing/legacy-schedule';
import { formatTime } from '../../api/format';
import { machineAvailability } from '../../api/machine-actions';
import { queryKeys } from '../../api/query-keys';
import { useUi } from '../../app/ui-store';
import { ApiErrorAlert } from '../../components/api-error-alert';
import { JsonView } from '../../components/json-view';
import { MONO } from '../../components/mono-font';
import { Section } from '../../components/section';
import { StateMachineView } from '../../components/state-machine-view';
import { LEGACY_PLAN_KIND } from './billing-kinds';
import { DetailHeader, DetailMeta } from '../../components/detail-header';
import { DetailPage } from '../../components/detail-page';
import { BackLink, FieldRow, Fields } from '../../components/detail-parts';
import { isMissing } from '../../api/api-call';
import { useClockNow } from './billing-queries';
import { DeprecatedNotice } from './deprecated-notice';
import { setLegacyPlanState, showLegacyPlan, type LegacyPlanV1 } from './legacy-api';
import { SchedulePreview } from './schedule-preview';
import { useResourceDetail } from '../../api/use-resource-detail';
import { ColumnsTable } from '../../components/columns-table';

const moneyV1 = (money: MoneyV1 | undefined) =>
  money?.value ? `${money.value} ${money.currency ?? ''}` : '—';

/**
 * `#/legacy-plans/<id>`: a deprecated v1 billing plan: its payment definitions (with their charge
 * models) as a schedule, its merchant preferences as the API answers them, and its machine with
 * activate and deactivate (the v1 way: PATCH replace `/` with `{"state": ...}`).
 */
export function LegacyPlanDetailPage({ id }: { id: string }) {
  const plan = useQuery({ queryKey: queryKeys.billing.legacyPlan(id), queryFn: () => showLegacyPlan(id) });
  return (
    <DetailPage
      id={id}
      read={plan}
      missing={isMissing}
      notFound={{
        noun: 'billing plan',
        back: '/legacy-plans',
        backLabel: 'All v1 billing plans',
        testId: 'billing-not-found',
      }}
      top={
        <>
          <BackLink to="/legacy-plans" label="Billing plans v1" />
          <DeprecatedNotice what="Billing plans v1" operation="listPlans" />
        </>
      }
    >
      {(data) => <LegacyPlanDetail plan={data} />}
    </DetailPage>
  );
}

function LegacyPlanDetail({ plan }: { plan: LegacyPlanV1 }) {
  const now = useClockNow();
  const queryClient = useQueryClient();
  const notify = useUi((s) => s.notify);
  const host = useResourceDetail(LEGACY_PLAN_KIND, plan.id);
  const setState = useMutation({
    mutationFn: (state: 'ACTIVE' | 'INACTIVE') => setLegacyPlanState(plan.id, state),
    onSuccess: (_response, state) => {
      notify(`Billing plan ${plan.id} is ${state}`, 'success');
      void queryClient.invalidateQueries({ queryKey: queryKeys.resource.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.resources.all });
    },
  });
  const preferences = plan.merchant_preferences;
  const state = (plan.state ?? 'CREATED') as LegacyPlanState;
  return (
    <Stack spacing={2} data-testid="legacy-plan-detail" data-state={plan.state}>
      <DetailHeader title={plan.name ?? plan.id} textTitle status={plan.state ?? '—'}>
        <DetailMeta>
          <Box component="span" sx={{ fontFamily: MONO }}>
            {plan.id}
          </Box>
          <span>{plan.type}</span>
          <span>Created {formatTime(plan.create_time)}</span>
        </DetailMeta>
        {plan.description ? <Typography sx={{ mt: 1 }}>{plan.description}</Typography> : null}
        <ApiErrorAlert error={setState.error} title="The API refused" spaced />
      </DetailHeader>
      <Section title="Lifecycle">
        <StateMachineView
          machine={billingPlanV1Machine}
          current={state}
          history={host.data?.history ?? []}
          actions={(['activate', 'deactivate'] as const).map((trigger) => ({
            key: `legacy-${trigger}`,
            label: trigger === 'activate' ? 'Activate' : 'Deactivate',
            ...machineAvailability(billingPlanV1Machine, state, trigger),
            busy: setState.isPending,
            onClick: () => setState.mutate(trigger === 'activate' ? 'ACTIVE' : 'INACTIVE'),
          }))}
        />
      </Section>
      <Section title="Schedule">
        <SchedulePreview plan={legacyPlanSchedule(plan)} start={now} testId="legacy-plan-schedule" />
        <Typography variant="caption" color="text.secondary">
          A v1 cycle charges its amount plus its charge models (tax and shipping are amounts, not rates).
        </Typography>
      </Section>
      <Section title="Payment definitions">
        <ColumnsTable
          columns={[
            'Type',
            'Frequency',
            'Cycles',
            { label: 'Amount', align: 'right' },
            'Charge models',
            { label: 'Per cycle', align: 'right' },
          ]}
        >
          {(plan.payment_definitions ?? []).map((definition, index) => (
            <TableRow key={definition.id ?? index}>
              <TableCell>{definition.type}</TableCell>
              <TableCell>
                every {definition.frequency_interval} {definition.frequency}
              </TableCell>
              <TableCell>{definition.cycles === '0' ? '∞' : definition.cycles}</TableCell>
              <TableCell align="right" sx={{ fontFamily: MONO }}>
                {moneyV1(definition.amount)}
              </TableCell>
              <TableCell>
                {(definition.charge_models ?? []).map((c) => `${c.type} ${moneyV1(c.amount)}`).join(', ') ||
                  '—'}
              </TableCell>
              <TableCell align="right" sx={{ fontFamily: MONO }}>
                {(() => {
                  const total = legacyCycleTotal(definition);
                  return total ? `${total.value} ${total.currency_code}` : '—';
                })()}
              </TableCell>
            </TableRow>
          ))}
        </ColumnsTable>
      </Section>
      <Section title="Merchant preferences">
        <Fields>
          <FieldRow label="Setup fee">{moneyV1(preferences?.setup_fee)}</FieldRow>
          <FieldRow label="Max fail attempts">{preferences?.max_fail_attempts ?? '—'}</FieldRow>
          <FieldRow label="Auto bill amount">{preferences?.auto_bill_amount ?? '—'}</FieldRow>
          <FieldRow label="Initial fail amount action">
            {preferences?.initial_fail_amount_action ?? '—'}
          </FieldRow>
          <FieldRow label="Return URL">{preferences?.return_url ?? '—'}</FieldRow>
          <FieldRow label="Cancel URL">{preferences?.cancel_url ?? '—'}</FieldRow>
        </Fields>
      </Section>
      <Section title="Raw JSON">
        <JsonView value={plan} maxHeight={420} />
      </Section>
    </Stack>
  );
}
