import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { ApiResponse, ResourceDetail } from '../../../../shared/bridge';
import { findTransition } from '../../../../shared/machines/machine';
import { orderMachine, type OrderStatus } from '../../../../shared/machines/order';
import { hrefFor } from '../../app/router';
import { useUi } from '../../app/ui-store';
import { bridge } from '../../bridge';
import { HistoryTimeline } from '../../components/history-timeline';
import { JsonView } from '../../components/json-view';
import { QueryState } from '../../components/query-state';
import { StateMachineView, type MachineAction } from '../../components/state-machine-view';
import { StatusChip } from '../../components/status-chip';
import { ApiErrorAlert } from '../../components/api-error-alert';
import { isNotFound } from '../../api/api-call';
import { formatTime } from '../../api/format';
import { approveAsBuyer, buyerPageLink, orderPath, settleOrder } from './order-actions';
import { OrderFormatted } from './order-formatted';
import { orderTotal, type OrderView } from './order-view';
import { MONO } from '../../components/mono-font';

type ActionKey = 'approve' | 'authorize' | 'capture';

/** `#/orders/<id>`: the order, its state machine with the next steps, its raw JSON and history. */
export function OrderDetailPage({ id }: { id: string }) {
  const detail = useQuery({
    queryKey: ['resource', 'order', id],
    queryFn: () => bridge.getResource({ kind: 'order', id }),
    retry: (count, error) => !isNotFound(error) && count < 1,
  });

  if (detail.error && isNotFound(detail.error)) {
    return (
      <Stack spacing={2} data-testid="order-not-found">
        <BackLink />
        <Paper sx={{ p: 3 }}>
          <Typography variant="h6">
            No order{' '}
            <Box component="span" sx={{ fontFamily: MONO }}>
              {id}
            </Box>
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 1 }}>
            The workspace has no order with this id (GET {orderPath(id)} would answer 404 RESOURCE_NOT_FOUND).
            It may belong to another workspace, or the sandbox was reset.
          </Typography>
          <Button href={hrefFor('/orders')} sx={{ mt: 2 }} variant="outlined">
            All orders
          </Button>
        </Paper>
      </Stack>
    );
  }

  return (
    <Stack spacing={2}>
      <BackLink />
      <QueryState loading={detail.isLoading} error={detail.error}>
        {detail.data ? <OrderDetail id={id} detail={detail.data} refreshing={detail.isFetching} /> : null}
      </QueryState>
    </Stack>
  );
}

function BackLink() {
  return (
    <Link href={hrefFor('/orders')} underline="hover" sx={{ alignSelf: 'flex-start', fontSize: 14 }}>
      ← Orders
    </Link>
  );
}

function OrderDetail({
  id,
  detail,
  refreshing,
}: {
  id: string;
  detail: ResourceDetail;
  refreshing: boolean;
}) {
  const queryClient = useQueryClient();
  const notify = useUi((s) => s.notify);
  const openInConsole = useUi((s) => s.openInConsole);
  const [tab, setTab] = useState<'formatted' | 'raw'>('formatted');
  const [actionError, setActionError] = useState<{ label: string; error: unknown } | undefined>();
  const [externalFailed, setExternalFailed] = useState(false);

  const order = detail.resource as OrderView;
  const status = (order.status ?? detail.summary.status) as OrderStatus;
  const intent = order.intent ?? detail.summary.intent ?? '';
  const buyerLink = buyerPageLink(detail.resource);
  const firstUnit = order.purchase_units?.[0];

  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: ['resource'] });
    void queryClient.invalidateQueries({ queryKey: ['resources'] });
  };

  const action = useMutation({
    mutationFn: (key: ActionKey): Promise<ApiResponse> =>
      key === 'approve' ? approveAsBuyer(id) : settleOrder(id, key),
    onMutate: () => setActionError(undefined),
    onSuccess: (response, key) => {
      const body = response.body as OrderView;
      if (key === 'approve')
        notify(`Order ${id} approved by ${body.payer?.email_address ?? 'the sandbox buyer'}`, 'success');
      else {
        const payments = (body.purchase_units ?? []).flatMap((u) =>
          key === 'capture' ? (u.payments?.captures ?? []) : (u.payments?.authorizations ?? []),
        );
        const kind = key === 'capture' ? 'capture' : 'authorization';
        notify(
          `Order ${id} ${key === 'capture' ? 'captured' : 'authorized'}${payments.length > 0 ? `: ${kind} ${payments.map((p) => p.id).join(', ')}` : ''}`,
          'success',
        );
      }
      refresh();
    },
    onError: (error, key) => {
      setActionError({ label: LABELS[key], error });
      refresh();
    },
  });
  const busy = (key: ActionKey) => action.isPending && action.variables === key;

  const openBuyerPage = () => {
    if (!buyerLink) return;
    setExternalFailed(false);
    if (window.workbench) {
      // Electron: the host opens the user's browser; the link below stays as the fallback.
      bridge.openExternal({ url: buyerLink.href }).then(
        (result) => {
          if (!result.opened) {
            setExternalFailed(true);
            notify('The browser could not be opened; use the buyer page link instead.', 'warning');
          }
        },
        () => setExternalFailed(true),
      );
    } else {
      window.open(buyerLink.href, '_blank', 'noopener,noreferrer');
    }
  };

  const editDraft = () => {
    const referenceId = firstUnit?.reference_id ?? 'default';
    const description = firstUnit?.description;
    openInConsole({
      method: 'PATCH',
      path: orderPath(id),
      body: JSON.stringify(
        [
          {
            op: description === undefined ? 'add' : 'replace',
            path: `/purchase_units/@reference_id=='${referenceId}'/description`,
            value: description ?? 'New description',
          },
        ],
        null,
        2,
      ),
    });
  };

  const canApprove = Boolean(findTransition(orderMachine, status, 'approve'));
  const canSettle = Boolean(
    findTransition(orderMachine, status, intent === 'AUTHORIZE' ? 'authorize' : 'capture'),
  );
  const canEdit = Boolean(findTransition(orderMachine, status, 'update'));
  const settleReason = (key: 'authorize' | 'capture'): string | undefined => {
    if (intent !== key.toUpperCase()) return `The order's intent is ${intent}.`;
    if (status === 'CREATED' || status === 'PAYER_ACTION_REQUIRED')
      return 'The buyer has not approved the order yet.';
    if (!canSettle) return `Needs an APPROVED order; this one is ${status}.`;
    return undefined;
  };

  const actions: MachineAction[] = [
    {
      key: 'approve',
      label: LABELS.approve,
      onClick: () => action.mutate('approve'),
      disabled: !canApprove,
      reason: canApprove ? undefined : 'Only a CREATED or PAYER_ACTION_REQUIRED order waits for the buyer.',
      busy: busy('approve'),
    },
    {
      key: 'open-buyer-page',
      label: 'Open buyer page ↗',
      onClick: openBuyerPage,
      disabled: !buyerLink,
      reason: buyerLink ? undefined : `A ${status} order has no approve or payer-action link.`,
    },
    {
      key: 'authorize',
      label: LABELS.authorize,
      onClick: () => action.mutate('authorize'),
      disabled: settleReason('authorize') !== undefined,
      reason: settleReason('authorize'),
      busy: busy('authorize'),
    },
    {
      key: 'capture',
      label: LABELS.capture,
      onClick: () => action.mutate('capture'),
      disabled: settleReason('capture') !== undefined,
      reason: settleReason('capture'),
      busy: busy('capture'),
    },
    {
      key: 'edit',
      label: 'Edit in console',
      onClick: editDraft,
      disabled: !canEdit,
      reason: canEdit ? undefined : 'Only a CREATED or APPROVED order can be updated (PATCH).',
    },
  ].map((a) => ({ ...a, disabled: a.disabled || action.isPending }));

  return (
    <Stack spacing={2} data-testid="order-detail" data-order-id={id} data-status={status}>
      {/* header */}
      <Paper sx={{ p: 2.5 }}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
          <Typography
            variant="h5"
            component="h1"
            sx={{ fontFamily: MONO, fontWeight: 600 }}
            data-testid="order-id"
          >
            {id}
          </Typography>
          <Box component="span" data-testid="order-status" data-status={status}>
            <StatusChip status={status} size="medium" />
          </Box>
          <Chip label={intent || '—'} size="small" data-testid="order-intent" />
          <Box sx={{ flexGrow: 1 }} />
          <Typography variant="h5" sx={{ fontFamily: MONO }} data-testid="order-amount">
            {orderTotal(order)}
          </Typography>
        </Stack>
        <Stack
          direction="row"
          spacing={3}
          sx={{ mt: 1, flexWrap: 'wrap', color: 'text.secondary', fontSize: 13.5 }}
        >
          <span>Created {formatTime(order.create_time ?? detail.summary.create_time)}</span>
          <span>Updated {formatTime(order.update_time ?? detail.summary.update_time)}</span>
          <span>
            {order.purchase_units?.length ?? 0} purchase unit{order.purchase_units?.length === 1 ? '' : 's'}
          </span>
          {buyerLink ? (
            <Link
              href={buyerLink.href}
              target="_blank"
              rel="noreferrer"
              data-testid="buyer-page-link"
              sx={{ fontWeight: externalFailed ? 700 : undefined }}
            >
              Buyer page ({buyerLink.rel}) ↗
            </Link>
          ) : null}
          {refreshing ? <span>Refreshing…</span> : null}
        </Stack>
      </Paper>

      {/* state machine, next steps and history */}
      <Paper sx={{ p: 2.5 }}>
        <Grid container spacing={3}>
          <Grid size={{ xs: 12, lg: 7 }} sx={{ minWidth: 0 }}>
            <Typography variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
              Lifecycle
            </Typography>
            <StateMachineView
              machine={orderMachine}
              current={status}
              history={detail.history}
              actions={actions}
            />
            {externalFailed && buyerLink ? (
              <Alert severity="warning" sx={{ mt: 1.5 }} data-testid="buyer-page-fallback">
                The browser could not be opened from the workbench.{' '}
                <Link href={buyerLink.href} target="_blank" rel="noreferrer">
                  Open the buyer page
                </Link>{' '}
                or copy <code>{buyerLink.href}</code>.
              </Alert>
            ) : null}
            {actionError ? (
              <Box sx={{ mt: 1.5 }}>
                <ApiErrorAlert
                  error={actionError.error}
                  title={actionError.label}
                  onClose={() => setActionError(undefined)}
                  testId="order-action-error"
                />
              </Box>
            ) : null}
          </Grid>
          <Grid size={{ xs: 12, lg: 5 }} sx={{ minWidth: 0 }}>
            <Typography variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
              History
            </Typography>
            <HistoryTimeline history={detail.history} />
          </Grid>
        </Grid>
      </Paper>

      <Paper>
        <Tabs
          value={tab}
          onChange={(_e, value: 'formatted' | 'raw') => setTab(value)}
          sx={{ px: 2, borderBottom: 1, borderColor: 'divider' }}
        >
          <Tab value="formatted" label="Formatted" data-testid="tab-formatted" />
          <Tab value="raw" label="Raw JSON" data-testid="tab-raw" />
        </Tabs>
        <Box sx={{ p: 2 }}>
          {tab === 'formatted' ? (
            <OrderFormatted order={order} related={detail.related} />
          ) : (
            <JsonView value={detail.resource} maxHeight={640} testId="order-json" />
          )}
        </Box>
      </Paper>
    </Stack>
  );
}

const LABELS: Record<ActionKey, string> = {
  approve: 'Approve as buyer',
  authorize: 'Authorize',
  capture: 'Capture',
};
