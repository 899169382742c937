import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { ResourceDetail } from '../../../../shared/bridge';
import { orderMachine, type OrderStatus } from '../../../../shared/api/orders-v2';
import { JsonView } from '../../components/json-view';
import { Section } from '../../components/section';
import { type MachineAction } from '../../components/state-machine-view';
import { BackLink } from '../../components/detail-parts';
import { DetailHeader, DetailMeta } from '../../components/detail-header';
import { DetailPage } from '../../components/detail-page';
import { LifecyclePanel } from '../../components/lifecycle-panel';
import { ApiErrorAlert } from '../../components/api-error-alert';
import { isNotFound } from '../../api/api-call';
import { formatTime } from '../../api/format';
import { MONO } from '../../components/mono-font';
import { buyerPageLink } from './orders-api';
import { OrderFormatted } from './order-formatted';
import { orderActions } from './order-lifecycle';
import { orderTotal, type OrderView } from './order-view';
import { ORDER_CALL_LABELS, useOrderActions } from './use-order-actions';
import { useResourceDetail } from '../../api/use-resource-detail';
import { TrackersPanel } from './trackers-panel';
import { cancelOrderTracker, orderTrackers, trackOrder, trackableCaptures } from './trackers-api';
import { FormattedOrRaw } from '../../components/formatted-or-raw';

/**
 * `#/orders/<id>`: the order, its state machine with the next steps, its raw JSON and history. This file
 * is the layout; what it reads is the host's record of the order (`useResourceDetail`), what it does
 * `use-order-actions.ts`, and which actions are open `order-lifecycle.ts` (from the order's machine).
 */

export function OrderDetailPage({ id }: { id: string }) {
  const detail = useResourceDetail('order', id);
  return (
    <DetailPage
      id={id}
      read={detail}
      missing={isNotFound}
      notFound={{ noun: 'order', back: '/orders', backLabel: 'All orders', testId: 'order-not-found' }}
      top={<BackLink to="/orders" label="Orders" />}
    >
      {(data) => <OrderDetail id={id} detail={data} refreshing={detail.isFetching} />}
    </DetailPage>
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
  const [raw, setRaw] = useState(false);
  const order = detail.resource as OrderView;
  const status = (order.status ?? detail.summary.status) as OrderStatus;
  const intent = order.intent ?? detail.summary.intent ?? '';
  const buyerLink = buyerPageLink(detail.resource);
  const calls = useOrderActions(id, order, buyerLink);
  const available = orderActions(status, intent);

  const actions: MachineAction[] = [
    {
      key: 'approve',
      label: ORDER_CALL_LABELS.approve,
      onClick: () => calls.run('approve'),
      ...available.approve,
      busy: calls.busy('approve'),
    },
    {
      key: 'open-buyer-page',
      label: 'Open buyer page ↗',
      onClick: calls.openBuyerPage,
      // The API's links say where the buyer acts: an order past approval has none.
      disabled: !buyerLink,
      reason: buyerLink ? undefined : `A ${status} order has no approve or payer-action link.`,
    },
    {
      key: 'authorize',
      label: ORDER_CALL_LABELS.authorize,
      onClick: () => calls.run('authorize'),
      ...available.authorize,
      busy: calls.busy('authorize'),
    },
    {
      key: 'capture',
      label: ORDER_CALL_LABELS.capture,
      onClick: () => calls.run('capture'),
      ...available.capture,
      busy: calls.busy('capture'),
    },
    { key: 'edit', label: 'Edit in console', onClick: calls.editInConsole, ...available.edit },
  ].map((a) => ({ ...a, disabled: a.disabled || calls.pending }));

  return (
    <Stack spacing={2} data-testid="order-detail" data-order-id={id} data-status={status}>
      {/* header */}
      <DetailHeader
        title={id}
        titleTestId="order-id"
        status={status}
        statusTestId="order-status"
        badges={<Chip label={intent || '—'} size="small" data-testid="order-intent" />}
        figures={
          <Typography variant="h5" sx={{ fontFamily: MONO }} data-testid="order-amount">
            {orderTotal(order)}
          </Typography>
        }
      >
        <DetailMeta>
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
              sx={{ fontWeight: calls.externalFailed ? 700 : undefined }}
            >
              Buyer page ({buyerLink.rel}) ↗
            </Link>
          ) : null}
          {refreshing ? <span>Refreshing…</span> : null}
        </DetailMeta>
      </DetailHeader>

      <LifecyclePanel machine={orderMachine} current={status} history={detail.history} actions={actions}>
        {calls.externalFailed && buyerLink ? (
          <Alert severity="warning" sx={{ mt: 1.5 }} data-testid="buyer-page-fallback">
            The browser could not be opened from the workbench.{' '}
            <Link href={buyerLink.href} target="_blank" rel="noreferrer">
              Open the buyer page
            </Link>{' '}
            or copy <code>{buyerLink.href}</code>.
          </Alert>
        ) : null}
        {calls.error ? (
          <ApiErrorAlert
            error={calls.error.error}
            title={calls.error.label}
            onClose={calls.clearError}
            testId="order-action-error"
            spaced
          />
        ) : null}
      </LifecyclePanel>

      <Paper sx={{ p: 2.5 }}>
        <Section title="Shipment tracking" frame="none" testId="order-trackers-section">
          <TrackersPanel
            trackers={orderTrackers(order)}
            captures={trackableCaptures(order)}
            add={(tracker) => trackOrder(id, tracker)}
            cancel={(row) => cancelOrderTracker(id, row.id)}
            testId="order-trackers"
          />
        </Section>
      </Paper>

      <FormattedOrRaw
        label="Formatted"
        raw={raw}
        onRaw={setRaw}
        testIds={['tab-formatted', 'tab-raw']}
        json={<JsonView value={detail.resource} maxHeight={640} testId="order-json" />}
      >
        <OrderFormatted order={order} related={detail.related} />
      </FormattedOrRaw>
    </Stack>
  );
}
