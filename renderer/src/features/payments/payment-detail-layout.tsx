import Stack from '@mui/material/Stack';
import type { ReactNode } from 'react';
import type { ResourceDetail } from '../../../../shared/bridge';
import { HistoryAndResource } from '../../components/history-timeline';
import type { PaymentKind } from './payment-model';
import { Section } from '../../components/section';
import { Fields } from '../../components/detail-parts';
import { PaymentHeader } from './payment-parts';
import { TwoColumns } from '../../components/two-columns';

/**
 * The page every payment resource gets, in the same order so people find things in the same place:
 * header, Details beside State, the related resources, History, and the resource as the API shows it
 * (`payment-json`). The kind's page brings the fields, the machine and its dialogs.
 */
export function PaymentDetailLayout({
  kind,
  detail,
  fields,
  state,
  related,
  children,
}: {
  kind: PaymentKind;
  detail: ResourceDetail;
  /** The Details section's `FieldRow`s. */
  fields: ReactNode;
  /** The State section: the state machine and what goes with it. */
  state: ReactNode;
  /** The section of child resources (captures, refunds), when the kind has them. */
  related?: ReactNode;
  /** The kind's dialogs. */
  children?: ReactNode;
}) {
  const { resource, summary, history } = detail;
  return (
    <Stack spacing={2}>
      <PaymentHeader kind={kind} id={summary.id} status={summary.status} />
      <TwoColumns>
        <Section title="Details">
          <Fields>{fields}</Fields>
        </Section>
        <Section title="State">{state}</Section>
      </TwoColumns>
      {related}
      <HistoryAndResource history={history} resource={resource} jsonTestId="payment-json" />
      {children}
    </Stack>
  );
}
