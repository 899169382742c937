import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { formatTime } from '../../api/format';
import { queryKeys } from '../../api/query-keys';
import { useUi } from '../../app/ui-store';
import { ApiErrorAlert } from '../../components/api-error-alert';
import { JsonView } from '../../components/json-view';
import { MONO } from '../../components/mono-font';
import { QueryState } from '../../components/query-state';
import { Section } from '../../components/section';
import { StatusChip } from '../../components/status-chip';
import { BackLink, FieldRow, Fields, NotFound } from '../../components/detail-parts';
import { isMissing } from './billing-parts';
import { DeprecatedNotice } from './deprecated-notice';
import { executeLegacyAgreement, showLegacyAgreement, type LegacyAgreementV1 } from './legacy-api';

const moneyV1 = (money: { value?: string; currency?: string } | undefined) =>
  money?.value ? `${money.value} ${money.currency ?? ''}` : '—';

/**
 * `#/legacy-agreements/<id>`: a deprecated v1 billing agreement: its state and `agreement_details`
 * (computed by the same billing engine as subscriptions), the buyer's approval link and, once the buyer
 * approved, "Execute" (its `execute` link, with the token the approval carries).
 */
export function LegacyAgreementDetailPage({ id }: { id: string }) {
  const agreement = useQuery({
    queryKey: queryKeys.billing.legacyAgreement(id),
    queryFn: () => showLegacyAgreement(id),
  });
  if (isMissing(agreement.error))
    return (
      <NotFound
        testId="billing-not-found"
        noun="billing agreement"
        id={id}
        back="/legacy-agreements"
        backLabel="All v1 agreements"
      />
    );
  return (
    <Stack spacing={2}>
      <BackLink to="/legacy-agreements" label="Billing agreements v1" />
      <DeprecatedNotice what="Billing agreements v1" operation="showAgreement" />
      <QueryState loading={agreement.isLoading} error={agreement.error}>
        {agreement.data ? <LegacyAgreementDetail agreement={agreement.data} /> : null}
      </QueryState>
    </Stack>
  );
}

function LegacyAgreementDetail({ agreement }: { agreement: LegacyAgreementV1 }) {
  const queryClient = useQueryClient();
  const notify = useUi((s) => s.notify);
  const approval = agreement.links?.find((l) => l.rel === 'approval_url');
  const executeLink = agreement.links?.find((l) => l.rel === 'execute');
  const execute = useMutation({
    mutationFn: () => executeLegacyAgreement(executeLink?.href ?? ''),
    onSuccess: (executed) => {
      notify(`Billing agreement ${executed.id ?? agreement.id}: ${executed.state ?? 'executed'}`, 'success');
      void queryClient.invalidateQueries({ queryKey: queryKeys.resource.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.resources.all });
    },
  });
  const details = agreement.agreement_details;
  const payer = agreement.payer?.payer_info;
  return (
    <Stack spacing={2} data-testid="legacy-agreement-detail" data-state={agreement.state}>
      <Paper sx={{ p: 2.5 }}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
          <Typography variant="h5" component="h1" sx={{ fontFamily: MONO, fontWeight: 600 }}>
            {agreement.id}
          </Typography>
          <StatusChip status={agreement.state ?? '—'} size="medium" />
          <Box sx={{ flexGrow: 1 }} />
          {approval ? (
            <Button
              variant="contained"
              color="secondary"
              href={approval.href}
              target="_blank"
              rel="noreferrer"
              data-testid="legacy-agreement-approval-link"
            >
              Open buyer approval page ↗
            </Button>
          ) : null}
          {executeLink ? (
            <Button
              variant="contained"
              disabled={execute.isPending}
              onClick={() => execute.mutate()}
              data-testid="legacy-agreement-execute"
            >
              Execute agreement
            </Button>
          ) : null}
        </Stack>
        <Typography sx={{ mt: 1 }}>
          {agreement.name} — {agreement.description}
        </Typography>
        {executeLink ? (
          <Alert severity="info" sx={{ mt: 1.5 }}>
            The buyer approves on the approval page; then execute the agreement (its <code>execute</code>{' '}
            link) and it becomes Active, billed on the simulated clock.
          </Alert>
        ) : null}
        {execute.error ? (
          <Box sx={{ mt: 1.5 }}>
            <ApiErrorAlert error={execute.error} title="The API refused to execute" />
          </Box>
        ) : null}
      </Paper>
      <Section title="Agreement details">
        <Fields>
          <FieldRow label="Start date">{formatTime(agreement.start_date)}</FieldRow>
          <FieldRow label="Plan">{agreement.plan?.id ?? agreement.plan?.name ?? '—'}</FieldRow>
          <FieldRow label="Payer">
            {[payer?.first_name, payer?.last_name].filter(Boolean).join(' ')}{' '}
            {payer?.email ? `<${payer.email}>` : ''}
          </FieldRow>
          <FieldRow label="Outstanding balance">{moneyV1(details?.outstanding_balance)}</FieldRow>
          <FieldRow label="Cycles completed">{details?.cycles_completed ?? '—'}</FieldRow>
          <FieldRow label="Cycles remaining">{details?.cycles_remaining ?? '—'}</FieldRow>
          <FieldRow label="Next billing date">{formatTime(details?.next_billing_date)}</FieldRow>
          <FieldRow label="Last payment">
            {details?.last_payment_date
              ? `${moneyV1(details.last_payment_amount)} at ${formatTime(details.last_payment_date)}`
              : '—'}
          </FieldRow>
          <FieldRow label="Final payment date">{formatTime(details?.final_payment_date)}</FieldRow>
          <FieldRow label="Failed payments">{details?.failed_payment_count ?? '0'}</FieldRow>
        </Fields>
      </Section>
      <Section title="Raw JSON">
        <JsonView value={agreement} maxHeight={420} />
      </Section>
    </Stack>
  );
}
