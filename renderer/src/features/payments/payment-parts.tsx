import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import type { ResourceSummary } from '../../../../shared/bridge';
import { hrefFor } from '../../app/router';
import { AmountRow, FieldRow } from '../../components/detail-parts';
import { MONO } from '../../components/mono-font';
import { ResourceLink } from '../../components/resource-link';
import { StatusChip } from '../../components/status-chip';
import { Section } from '../../components/section';
import { PAYMENT_KINDS, type PaymentKind } from './payment-model';
import { TimeCell } from '../../components/opening-row';
import { LinkedStatusAmountCells } from '../../components/linked-status-amount-cells';

/**
 * The layout parts the payment pages and dialogs share. What they read is in `payment-queries.ts`, what
 * they write in `payment-mutations.ts`.
 */

/** The resource's order, as a link (`payment-order-link`); a dash when it has none. */
export function OrderField({ orderId }: { orderId: string | null | undefined }) {
  return (
    <FieldRow label="Order">
      {orderId ? <ResourceLink kind="order" id={orderId} testId="payment-order-link" /> : '—'}
    </FieldRow>
  );
}

/** A field the API leaves out when it was not given (invoice id, note…): shown only when it has a value. */
export function OptionalField({ label, value }: { label: string; value: string | undefined }) {
  return value ? <FieldRow label={label}>{value}</FieldRow> : null;
}

/** A dialog's first line: what can still be moved on `id`, e.g. "Remaining on 3C…: 60.00 USD". */
export function RemainingLine({
  label,
  id,
  remaining,
  testId,
}: {
  label: string;
  id: string;
  remaining: string;
  testId: string;
}) {
  return (
    <Typography variant="body2" color="text.secondary">
      {label} on{' '}
      <Typography component="span" variant="body2" sx={{ fontFamily: MONO }}>
        {id}
      </Typography>
      : <strong data-testid={testId}>{remaining}</strong>
    </Typography>
  );
}

/** The page title: kind, id, status (as `payment-status`), and where it belongs. */
export function PaymentHeader({
  kind,
  id,
  status,
  children,
}: {
  kind: PaymentKind;
  id: string;
  status: string;
  children?: ReactNode;
}) {
  const meta = PAYMENT_KINDS[kind];
  return (
    <Stack spacing={0.5}>
      <Typography variant="body2" color="text.secondary">
        <Link href={hrefFor(`/${meta.route}`)} underline="hover">
          {meta.plural}
        </Link>{' '}
        / {id}
      </Typography>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h1">
          {meta.label}{' '}
          <Box component="span" sx={{ fontFamily: MONO }}>
            {id}
          </Box>
        </Typography>
        <Box component="span" data-testid="payment-status" data-status={status}>
          <StatusChip status={status} size="medium" />
        </Box>
        <Box sx={{ flexGrow: 1 }} />
        {children}
      </Stack>
    </Stack>
  );
}

/** Captures of an authorization, or refunds of a capture, as a section titled with their count. */
export function RelatedSection(props: {
  kind: PaymentKind;
  items: ResourceSummary[];
  emptyText: string;
  testId: string;
}) {
  return (
    <Section title={`${PAYMENT_KINDS[props.kind].plural} (${props.items.length})`}>
      <RelatedTable {...props} />
    </Section>
  );
}

/** The related resources, each a link to its page. */
function RelatedTable({
  kind,
  items,
  emptyText,
  testId,
}: {
  kind: PaymentKind;
  items: ResourceSummary[];
  emptyText: string;
  testId: string;
}) {
  if (items.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary" data-testid={`${testId}-empty`}>
        {emptyText}
      </Typography>
    );
  }
  return (
    <Table size="small" data-testid={testId}>
      <TableHead>
        <TableRow>
          <TableCell>{PAYMENT_KINDS[kind].label}</TableCell>
          <TableCell>Status</TableCell>
          <TableCell align="right">Amount</TableCell>
          <TableCell>Created</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {items.map((item) => (
          <TableRow key={item.id} data-testid={`related-${item.id}`}>
            <LinkedStatusAmountCells kind={kind} id={item.id} status={item.status} amount={item.amount} />
            <TimeCell time={item.create_time} />
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/**
 * The seller's side of money received or returned, from the resource's `breakdown` member: gross, the
 * platform's fee (`feeLabel`, e.g. "Fee returned" on a refund), net.
 */
export function BreakdownRows({
  breakdown,
  feeLabel,
}: {
  breakdown: (key: 'gross_amount' | 'svc_fee' | 'net_amount') => string;
  feeLabel: string;
}) {
  return (
    <>
      <AmountRow label="Gross" testId="payment-gross" amount={breakdown('gross_amount')} />
      <AmountRow label={feeLabel} testId="payment-fee" amount={breakdown('svc_fee')} />
      <AmountRow label="Net" testId="payment-net" amount={breakdown('net_amount')} />
    </>
  );
}
