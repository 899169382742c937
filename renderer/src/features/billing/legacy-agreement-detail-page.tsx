import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { formatTime } from '../../api/format';
import { queryKeys } from '../../api/query-keys';
import { useUi } from '../../app/ui-store';
import { ApiErrorAlert } from '../../components/api-error-alert';
import { JsonView } from '../../components/json-view';
import { Section } from '../../components/section';
import { BackLink, FieldRow, Fields } from '../../components/detail-parts';
import { DetailHeader } from '../../components/detail-header';
import { DetailPage } from '../../components/detail-page';
import { isMissing } from '../../api/api-call';
import { DeprecatedNotice } from './deprecated-notice';
import { executeLegacyAgreement, showLegacyAgreement, type LegacyAgreementV1 } from './legacy-api';
import { BuyerApprovalButton } from './buyer-approval-button';

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
  return (
    <DetailPage
      id={id}
      read={agreement}
      missing={isMissing}
      notFound={{
        noun: 'billing agreement',
        back: '/legacy-agreements',
        backLabel: 'All v1 agreements',
        testId: 'billing-not-found',
      }}
      top={
        <>
          <BackLink to="/legacy-agreements" label="Billing agreements v1" />
          <DeprecatedNotice what="Billing agreements v1" operation="showAgreement" />
        </>
      }
    >
      {(data) => <LegacyAgreementDetail agreement={data} />}
    </DetailPage>
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
      <DetailHeader
        title={agreement.id}
        status={agreement.state ?? '—'}
        figures={
          <>
            {approval ? (
              <BuyerApprovalButton href={approval.href} testId="legacy-agreement-approval-link" />
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
          </>
        }
      >
        <Typography sx={{ mt: 1 }}>
          {agreement.name} — {agreement.description}
        </Typography>
        {executeLink ? (
          <Alert severity="info" sx={{ mt: 1.5 }}>
            The buyer approves on the approval page; then execute the agreement (its <code>execute</code>{' '}
            link) and it becomes Active, billed on the simulated clock.
          </Alert>
        ) : null}
        <ApiErrorAlert error={execute.error} title="The API refused to execute" spaced />
      </DetailHeader>
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
