import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { ResourceDetail } from '../../../../shared/bridge';
import { legalTriggers } from '../../../../shared/machines/machine';
import { isNotFound } from '../../api/api-call';
import { formatMoney, formatTime } from '../../api/format';
import { hrefFor } from '../../app/router';
import { ApiErrorAlert } from '../../components/api-error-alert';
import { DeprecatedChip, replacementsUnder } from '../../components/deprecation';
import { HistoryAndResource } from '../../components/history-timeline';
import { MONO } from '../../components/mono-font';
import { QueryState } from '../../components/query-state';
import { Section } from '../../components/section';
import { StateMachineView, type MachineAction } from '../../components/state-machine-view';
import { Amount } from '../../components/amount';
import { AmountRow, BuyerPageRow, FieldRow, Fields } from '../../components/detail-parts';
import { ResourceLink } from '../../components/resource-link';
import { OpenDisputeButton } from '../disputes';
import { LegacyPaymentsNotice } from './deprecation-notice';
import { LegacyActionDialog, type LegacyAction } from './legacy-action-dialog';
import { useLegacyPost } from './legacy-payments-api';
import { useResourceDetail } from '../../api/use-resource-detail';
import {
  apiPathOf,
  approvalUrlOf,
  approvedPayerOf,
  childrenOf,
  LEGACY_KINDS,
  remaining,
  textAt,
  totalAt,
  type LegacyKind,
} from './legacy-model';
import { TwoColumns } from '../../components/two-columns';
import { LinkedStatusAmountCells } from '../../components/linked-status-amount-cells';
import { CrumbHeading } from '../../components/crumb-heading';

/**
 * One v1 resource (`#/legacy-payments/<id>`, `#/legacy-sales/<id>`, ...): the same layout as the v2
 * pages (details beside the state machine with its legal actions, related resources, history, the JSON),
 * under a notice naming its replacement.
 */
export function LegacyDetailPage({ kind, id }: { kind: LegacyKind; id: string }) {
  const detail = useResourceDetail(kind, id);
  if (detail.error && isNotFound(detail.error)) {
    return (
      <Paper sx={{ p: 4, textAlign: 'center' }} data-testid="legacy-not-found">
        <Typography variant="h6" component="h1">
          No {LEGACY_KINDS[kind].label.toLowerCase()}{' '}
          <Box component="span" sx={{ fontFamily: MONO }}>
            {id}
          </Box>
        </Typography>
        <Button variant="outlined" href={hrefFor(`/${LEGACY_KINDS[kind].route}`)} sx={{ mt: 2 }}>
          All {LEGACY_KINDS[kind].plural}
        </Button>
      </Paper>
    );
  }
  return (
    <Box data-testid="legacy-detail" data-kind={kind} data-id={id} data-status={detail.data?.summary.status}>
      <QueryState loading={detail.isLoading} error={detail.error}>
        {detail.data ? <Detail kind={kind} detail={detail.data} /> : null}
      </QueryState>
    </Box>
  );
}

function Detail({ kind, detail }: { kind: LegacyKind; detail: ResourceDetail }) {
  const { resource, summary, history, related } = detail;
  const meta = LEGACY_KINDS[kind];
  const [action, setAction] = useState<LegacyAction | null>(null);
  const legal = legalTriggers(meta.machine, summary.status);
  const amount = totalAt(resource);
  const currency = amount?.currency_code ?? 'USD';
  const path = apiPathOf(kind, summary.id);
  const execute = useLegacyPost(`${path}/execute`);

  const actions: MachineAction[] = [];
  const open = (a: LegacyAction) => () => setAction(a);
  if (kind === 'payment-v1') {
    const payer = approvedPayerOf(resource);
    actions.push({
      key: 'execute',
      label: 'Execute',
      onClick: () => execute.mutate({ payer_id: payer }),
      disabled: !legal.includes('execute') || !payer,
      busy: execute.isPending,
      ...(legal.includes('execute') && !payer
        ? { reason: 'The buyer has not approved it on the buyer page yet.' }
        : {}),
      ...(!legal.includes('execute') ? { reason: `The payment is ${summary.status}.` } : {}),
    });
  }
  if (kind === 'sale-v1' || kind === 'capture-v1') {
    const refunds = childrenOf(related, 'refund-v1', summary.id).map((r) => r.amount?.value);
    const left = remaining(amount?.value, refunds) ?? '';
    actions.push({
      key: 'refund',
      label: 'Refund',
      onClick: open({
        name: 'refund',
        title: `Refund ${meta.label.toLowerCase()} ${summary.id}`,
        path: `${path}/refund`,
        submitLabel: 'Refund',
        amount: { currency, suggested: left, hint: `${left} ${currency} can still be refunded.` },
      }),
      disabled: !legal.includes('refund'),
      ...(!legal.includes('refund') ? { reason: 'Fully refunded.' } : {}),
    });
  }
  if (kind === 'authorization-v1') {
    const captured = childrenOf(related, 'capture-v1', summary.id).map((c) => c.amount?.value);
    const left = remaining(amount?.value, captured) ?? '';
    const reauthorized = history.some((h) => h.trigger === 'reauthorize');
    actions.push(
      {
        key: 'capture',
        label: 'Capture',
        onClick: open({
          name: 'capture',
          title: `Capture authorization ${summary.id}`,
          path: `${path}/capture`,
          submitLabel: 'Capture',
          amount: { currency, suggested: left, hint: `${left} ${currency} remains on the authorization.` },
          finalCapture: true,
        }),
        disabled: !legal.includes('capture'),
      },
      {
        key: 'void',
        label: 'Void',
        onClick: open({
          name: 'void',
          title: `Void authorization ${summary.id}`,
          path: `${path}/void`,
          submitLabel: 'Void',
        }),
        disabled: !legal.includes('void'),
      },
      {
        key: 'reauthorize',
        label: 'Reauthorize',
        onClick: open({
          name: 'reauthorize',
          title: `Reauthorize ${summary.id} (once, day 4 to day 29)`,
          path: `${path}/reauthorize`,
          submitLabel: 'Reauthorize',
          amount: {
            currency,
            suggested: amount?.value ?? '',
            hint: 'At most 115% of the original (and 75 USD more).',
          },
        }),
        disabled: !legal.includes('reauthorize') || reauthorized,
        ...(reauthorized ? { reason: 'A v1 authorization is reauthorized only once.' } : {}),
      },
    );
  }
  if (kind === 'payment-order-v1') {
    const orderAmount = {
      currency,
      suggested: amount?.value ?? '',
      hint: `The order is for ${formatMoney(amount)}.`,
    };
    actions.push(
      {
        key: 'authorize',
        label: 'Authorize',
        onClick: open({
          name: 'authorize',
          title: `Authorize order ${summary.id}`,
          path: `${path}/authorize`,
          submitLabel: 'Authorize',
          amount: orderAmount,
        }),
        disabled: !legal.includes('authorize'),
      },
      {
        key: 'capture',
        label: 'Capture',
        onClick: open({
          name: 'capture',
          title: `Capture order ${summary.id}`,
          path: `${path}/capture`,
          submitLabel: 'Capture',
          amount: orderAmount,
        }),
        disabled: !legal.includes('capture'),
      },
      {
        key: 'void',
        label: 'Void',
        onClick: open({
          name: 'void',
          title: `Void order ${summary.id}`,
          path: `${path}/do-void`,
          submitLabel: 'Void',
        }),
        disabled: !legal.includes('void'),
      },
    );
  }

  const approval = kind === 'payment-v1' ? approvalUrlOf(resource) : undefined;
  const parentPayment = textAt(resource, 'parent_payment');
  const lineage = related.filter((r) => r.id !== summary.id);
  return (
    <Stack spacing={2}>
      <CrumbHeading
        listRoute={`/${meta.route}`}
        listLabel={meta.plural}
        noun={meta.label}
        id={summary.id}
        status={summary.status}
        statusTestId="legacy-status"
      >
        {replacementsUnder(meta.apiPath).map((replacement) => (
          <DeprecatedChip key={replacement} replacement={replacement} testId="legacy-deprecated-chip" />
        ))}
        {(kind === 'sale-v1' || kind === 'capture-v1') && summary.status !== 'refunded' ? (
          <OpenDisputeButton transactionId={summary.id} currency={currency} />
        ) : null}
      </CrumbHeading>
      <LegacyPaymentsNotice apiPath={meta.apiPath} />
      <TwoColumns>
        <Section title="Details">
          <Fields>
            <AmountRow label="Amount" testId="legacy-amount" amount={formatMoney(amount ?? summary.amount)} />
            {kind === 'payment-v1' ? (
              <FieldRow label="Intent">{textAt(resource, 'intent') ?? '—'}</FieldRow>
            ) : null}
            {kind === 'payment-v1' ? (
              <FieldRow label="Payer" testId="legacy-payer">
                {textAt(resource, 'payer', 'payer_info', 'email') ??
                  textAt(resource, 'payer', 'funding_instruments', '0', 'credit_card', 'number') ??
                  'not yet approved'}
              </FieldRow>
            ) : null}
            <BuyerPageRow href={approval} label="Open the buyer page" testId="legacy-buyer-page-link" />
            {parentPayment ? (
              <FieldRow label="Payment">
                <ResourceLink kind="payment-v1" id={parentPayment} testId="legacy-parent-link" />
              </FieldRow>
            ) : null}
            {textAt(resource, 'transaction_fee', 'value') ? (
              <FieldRow label="Fee">
                <Amount>
                  {textAt(resource, 'transaction_fee', 'value')}{' '}
                  {textAt(resource, 'transaction_fee', 'currency')}
                </Amount>
              </FieldRow>
            ) : null}
            {textAt(resource, 'valid_until') ? (
              <FieldRow label="Valid until">{formatTime(textAt(resource, 'valid_until'))}</FieldRow>
            ) : null}
            <FieldRow label="Created">{formatTime(summary.create_time)}</FieldRow>
          </Fields>
        </Section>
        <Section title="State">
          <ApiErrorAlert
            error={execute.error}
            title="Execute failed"
            onClose={() => execute.reset()}
            testId="legacy-execute-error"
          />
          <StateMachineView
            machine={meta.machine}
            current={summary.status}
            history={history}
            actions={actions}
          />
        </Section>
      </TwoColumns>
      <Section title={`Related resources (${lineage.length})`}>
        {lineage.length === 0 ? (
          <Typography variant="body2" color="text.secondary" data-testid="legacy-related-empty">
            {kind === 'payment-v1'
              ? 'Executing the payment makes its sale, authorization or order.'
              : 'None yet.'}
          </Typography>
        ) : (
          <Table size="small" data-testid="legacy-related">
            <TableBody>
              {lineage.map((item) => (
                <TableRow key={item.id} data-testid={`legacy-related-${item.id}`} data-kind={item.kind}>
                  <TableCell>{LEGACY_KINDS[item.kind as LegacyKind]?.label ?? item.kind}</TableCell>
                  <LinkedStatusAmountCells
                    kind={item.kind}
                    id={item.id}
                    status={item.status}
                    amount={item.amount}
                  />
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </Section>
      <HistoryAndResource history={history} resource={resource} jsonTestId="legacy-json" />
      <LegacyActionDialog action={action} onClose={() => setAction(null)} />
    </Stack>
  );
}
