import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import Typography from '@mui/material/Typography';
import { Suspense, useDeferredValue, useMemo, useState } from 'react';
import { orderMachine, type OrderStatus } from '../../../../shared/api/orders-v2';
import { hrefFor, navigate } from '../../app/router';
import { MONO } from '../../components/mono-font';
import { ResourceListPanel } from '../../components/resource-list-panel';
import { StatusChip } from '../../components/status-chip';
import { SortableHeadCell } from '../../components/sortable-head-cell';
import { useResourceList } from '../../components/use-resource-list';
import { lazyPage } from '../lazy-page';
import { formatMoney } from '../../api/format';
import { OpeningRow, TimeCell } from '../../components/opening-row';

// The form (payment sources, vault tokens, the order schemas it checks) loads when it is first opened.
const CreateOrderDialog = lazyPage(() => import('./create-order-dialog'), 'CreateOrderDialog');

const STATES = Object.keys(orderMachine.states) as OrderStatus[];

/** Orders v2 of the workspace, newest first, paged on the host; live through `queryKeys.resources`. */
export function OrdersPage() {
  const list = useResourceList('order');
  // A page of rows arrives with its query and is drawn in a transition, in slices that keep the page
  // responsive; the heading, the count and the filters follow the query at once.
  const items = useDeferredValue(list.items);
  const rows = useMemo(
    () =>
      items.map((order) => (
        <OpeningRow
          key={order.id}
          to={`/orders/${order.id}`}
          testId={`order-row-${order.id}`}
          status={order.status}
        >
          <TableCell>
            <Link
              href={hrefFor(`/orders/${encodeURIComponent(order.id)}`)}
              underline="hover"
              sx={{ fontFamily: MONO }}
              data-testid="order-link"
            >
              {order.id}
            </Link>
          </TableCell>
          <TableCell>
            <StatusChip status={order.status} />
          </TableCell>
          <TableCell>{order.intent ?? '—'}</TableCell>
          <TableCell align="right" sx={{ fontFamily: MONO, whiteSpace: 'nowrap' }}>
            {formatMoney(order.amount)}
          </TableCell>
          <TimeCell time={order.create_time} />
        </OpeningRow>
      )),
    [items],
  );
  const [creating, setCreating] = useState(false);
  const [opened, setOpened] = useState(false);
  if (creating && !opened) setOpened(true);

  return (
    <Stack spacing={2} data-testid="orders-page">
      <Stack direction="row" sx={{ alignItems: 'center', gap: 2 }}>
        <Typography variant="h5" sx={{ flexGrow: 1 }}>
          Orders
        </Typography>
        <Button variant="contained" onClick={() => setCreating(true)} data-testid="create-order-button">
          Create order
        </Button>
      </Stack>

      <ResourceListPanel
        list={list}
        states={STATES}
        testIdPrefix="orders"
        searchPlaceholder="e.g. 5O190127"
        noun="order"
        emptyText={
          <>
            No orders yet —{' '}
            <Link
              component="button"
              type="button"
              onClick={() => setCreating(true)}
              sx={{ verticalAlign: 'baseline' }}
              data-testid="empty-create-order"
            >
              create one
            </Link>
          </>
        }
        head={
          <>
            <SortableHeadCell list={list} field="id">
              Id
            </SortableHeadCell>
            <SortableHeadCell list={list} field="status">
              Status
            </SortableHeadCell>
            <TableCell>Intent</TableCell>
            <TableCell align="right">Amount</TableCell>
            <SortableHeadCell list={list} field="create_time">
              Created
            </SortableHeadCell>
          </>
        }
        rows={rows}
      />

      {opened && (
        <Suspense fallback={null}>
          <CreateOrderDialog
            open={creating}
            onClose={() => setCreating(false)}
            onCreated={(id) => {
              setCreating(false);
              navigate(`/orders/${id}`);
            }}
          />
        </Suspense>
      )}
    </Stack>
  );
}
