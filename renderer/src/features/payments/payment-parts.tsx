import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import type { ApiResponse, BridgeInput, ResourceSummary } from '../../../../shared/bridge';
import { hrefFor, resourceRoute } from '../../app/router';
import { bridge } from '../../bridge';
import { MONO } from '../../components/mono-font';
import { StatusChip } from '../../components/status-chip';
import { callApi, newRequestId } from '../../api/api-call';
import { formatMoney, formatTime } from '../../api/format';
import { PAYMENT_KINDS, apiPathOf, type PaymentKind } from './payment-model';

/** Building blocks the payment pages and dialogs share. */

/** A titled panel of a detail page. */
export function Section({
  title,
  action,
  children,
  testId,
}: {
  title: ReactNode;
  action?: ReactNode;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <Paper sx={{ p: 2 }} data-testid={testId}>
      <Stack direction="row" sx={{ alignItems: 'center', mb: 1.5, gap: 1 }}>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, flexGrow: 1 }}>
          {title}
        </Typography>
        {action}
      </Stack>
      {children}
    </Paper>
  );
}

/** Label/value pairs in two aligned columns. */
export function FieldGrid({ children }: { children: ReactNode }) {
  return (
    <Box
      component="dl"
      sx={{
        display: 'grid',
        gridTemplateColumns: 'minmax(140px, max-content) 1fr',
        columnGap: 3,
        rowGap: 1,
        m: 0,
      }}
    >
      {children}
    </Box>
  );
}

export function Field({
  label,
  children,
  testId,
  hint,
}: {
  label: string;
  children: ReactNode;
  testId?: string;
  hint?: ReactNode;
}) {
  return (
    <>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Box component="dd" sx={{ m: 0, minWidth: 0 }}>
        <Typography component="span" variant="body2" data-testid={testId} sx={{ overflowWrap: 'anywhere' }}>
          {children}
        </Typography>
        {hint ? (
          <Typography component="span" variant="caption" color="text.secondary" sx={{ ml: 1 }}>
            {hint}
          </Typography>
        ) : null}
      </Box>
    </>
  );
}

/** The resource's order, as a link (`payment-order-link`); a dash when it has none. */
export function OrderField({ orderId }: { orderId: string | null | undefined }) {
  return (
    <Field label="Order">
      {orderId ? <ResourceLink kind="order" id={orderId} testId="payment-order-link" /> : '—'}
    </Field>
  );
}

/** A field the API leaves out when it was not given (invoice id, note…): shown only when it has a value. */
export function OptionalField({ label, value }: { label: string; value: string | undefined }) {
  return value ? <Field label={label}>{value}</Field> : null;
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

/** Money in the monospace face people compare figures in. */
export function Amount({ children }: { children: ReactNode }) {
  return (
    <Box component="span" sx={{ fontFamily: MONO, whiteSpace: 'nowrap' }}>
      {children}
    </Box>
  );
}

/** A link to another resource's page in the workbench. */
export function ResourceLink({
  kind,
  id,
  testId,
}: {
  kind: PaymentKind | 'order';
  id: string;
  testId?: string;
}) {
  return (
    <Link
      href={hrefFor(resourceRoute(kind, id))}
      underline="hover"
      sx={{ fontFamily: MONO }}
      data-testid={testId}
    >
      {id}
    </Link>
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
            <TableCell>
              <ResourceLink kind={kind} id={item.id} />
            </TableCell>
            <TableCell>
              <StatusChip status={item.status} />
            </TableCell>
            <TableCell align="right">
              <Amount>{formatMoney(item.amount)}</Amount>
            </TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap', color: 'text.secondary' }}>
              {formatTime(item.create_time)}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/**
 * Simulated "now" in epoch ms: the host clock as last read, carried forward by real time (the simulated
 * clock runs at real speed between jumps), re-evaluated every 15 s. Undefined until the host answered.
 */
export function useSimulatedNow(): number | undefined {
  const info = useQuery({ queryKey: ['info'], queryFn: () => bridge.getInfo({}) });
  const [realNow, setRealNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setRealNow(Date.now()), 15_000);
    return () => clearInterval(timer);
  }, []);
  if (!info.data) return undefined;
  const read = Date.parse(info.data.clock.now);
  return read + Math.max(0, realNow - info.dataUpdatedAt);
}

/**
 * An API write from a payment page: resolves on 2xx (else throws ApiCallError for the form's Alert),
 * and on success refreshes every resource view at once, without waiting for the host's change event.
 */
export function usePaymentCall<V>(
  request: (variables: V) => BridgeInput<'sendRequest'>,
  onSuccess: (response: ApiResponse, variables: V) => void,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: V) => callApi(request(variables)),
    onSuccess: (response, variables) => {
      void queryClient.invalidateQueries({ queryKey: ['resource'] });
      void queryClient.invalidateQueries({ queryKey: ['resources'] });
      onSuccess(response, variables);
    },
  });
}

/**
 * A POST to `<resource>/<action>` (capture, refund, reauthorize, void) from a dialog. The Svc-Request-Id is
 * one per mounted dialog: a retry after a time-out or 5xx repeats the call safely (spec part 7).
 */
export function usePaymentAction<V>(
  kind: PaymentKind,
  id: string,
  action: string,
  onSuccess: (response: ApiResponse, variables: V) => void,
) {
  const [requestId] = useState(newRequestId);
  return usePaymentCall(
    (body: V) => ({
      method: 'POST',
      path: `${apiPathOf(kind, id)}/${action}`,
      headers: { 'Svc-Request-Id': requestId, Prefer: 'return=representation' },
      // A void sends no body at all.
      ...(body === undefined ? {} : { body }),
    }),
    onSuccess,
  );
}
