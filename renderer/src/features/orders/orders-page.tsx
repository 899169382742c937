import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import Typography from '@mui/material/Typography';
import { memo, Suspense, useCallback, useDeferredValue, useMemo, useState } from 'react';
import type { ResourceSummary } from '../../../../shared/bridge';
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
  const rows = useMemo(() => items.map((order) => <OrderRow key={order.id} order={order} />), [items]);
  const { sortBy, sortOrder, sortOn } = list;
  const head = useMemo(() => {
    const sort = { sortBy, sortOrder, sortOn };
    return (
      <>
        <SortableHeadCell list={sort} field="id">
          Id
        </SortableHeadCell>
        <SortableHeadCell list={sort} field="status">
          Status
        </SortableHeadCell>
        <TableCell>Intent</TableCell>
        <TableCell align="right">Amount</TableCell>
        <SortableHeadCell list={sort} field="create_time">
          Created
        </SortableHeadCell>
      </>
    );
  }, [sortBy, sortOrder, sortOn]);
  const [creating, setCreating] = useState(false);
  const [opened, setOpened] = useState(false);
  if (creating && !opened) setOpened(true);
  const create = useCallback(() => setCreating(true), []);
  const emptyText = useMemo(
    () => (
      <>
        No orders yet —{' '}
        <Link
          component="button"
          type="button"
          onClick={create}
          sx={EMPTY_LINK_SX}
          data-testid="empty-create-order"
        >
          create one
        </Link>
      </>
    ),
    [create],
  );

  return (
    <Stack spacing={2} data-testid="orders-page">
      <OrdersHeading onCreate={create} />

      <ResourceListPanel
        list={list}
        states={STATES}
        testIdPrefix="orders"
        searchPlaceholder="e.g. 5O190127"
        noun="order"
        emptyText={emptyText}
        head={head}
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

const HEADING_SX = { alignItems: 'center', gap: 2 } as const;
const GROW_SX = { flexGrow: 1 } as const;
const EMPTY_LINK_SX = { verticalAlign: 'baseline' } as const;
const MONO_SX = { fontFamily: MONO } as const;

/** The page's title and its Create button: memoized, so a refresh of the list leaves them be. */
const OrdersHeading = memo(function OrdersHeading({ onCreate }: { onCreate(): void }) {
  return (
    <Stack direction="row" sx={HEADING_SX}>
      <Typography variant="h5" sx={GROW_SX}>
        Orders
      </Typography>
      <Button variant="contained" onClick={onCreate} data-testid="create-order-button">
        Create order
      </Button>
    </Stack>
  );
});

const AMOUNT_SX = { fontFamily: MONO, whiteSpace: 'nowrap' } as const;

/**
 * One order of the list. Memoized on what it shows: a refresh of the list brings new objects for the
 * same orders, and a row whose order has not changed (same update time and status) is not drawn again.
 */
const OrderRow = memo(
  function OrderRow({ order }: { order: ResourceSummary }) {
    return (
      <OpeningRow to={`/orders/${order.id}`} testId={`order-row-${order.id}`} status={order.status}>
        <TableCell>
          <Link
            href={hrefFor(`/orders/${encodeURIComponent(order.id)}`)}
            underline="hover"
            sx={MONO_SX}
            data-testid="order-link"
          >
            {order.id}
          </Link>
        </TableCell>
        <TableCell>
          <StatusChip status={order.status} />
        </TableCell>
        <TableCell>{order.intent ?? '—'}</TableCell>
        <TableCell align="right" sx={AMOUNT_SX}>
          {formatMoney(order.amount)}
        </TableCell>
        <TimeCell time={order.create_time} />
      </OpeningRow>
    );
  },
  (before, after) =>
    before.order.id === after.order.id &&
    before.order.update_time === after.order.update_time &&
    before.order.status === after.order.status,
);
