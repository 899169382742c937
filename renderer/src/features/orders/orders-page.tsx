import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { orderMachine, type OrderStatus } from '../../../../shared/machines/order';
import { hrefFor, navigate } from '../../app/router';
import { bridge } from '../../bridge';
import { QueryState } from '../../components/query-state';
import { StatusChip } from '../../components/status-chip';
import { CreateOrderDialog } from './create-order-dialog';
import { formatMoney, formatTime } from '../../api/api-call';

const PAGE_SIZE = 25;
const STATES = Object.keys(orderMachine.states) as OrderStatus[];
const MONO = 'ui-monospace, SFMono-Regular, Menlo, monospace';

/** `value`, once it has stopped changing for `delay` ms. */
function useDebounced<T>(value: T, delay: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

/** Orders v2 of the workspace, newest first, paged on the host; live through the `['resources']` key. */
export function OrdersPage() {
  const [status, setStatus] = useState<OrderStatus | ''>('');
  const [searchText, setSearchText] = useState('');
  const search = useDebounced(searchText.trim().toUpperCase(), 300);
  const [creating, setCreating] = useState(false);
  // The page belongs to a filter: a new filter starts again at the first page.
  const filterKey = `${status}|${search}`;
  const [paging, setPaging] = useState({ filterKey, page: 0 });
  const page = paging.filterKey === filterKey ? paging.page : 0;
  const setPage = (next: number) => setPaging({ filterKey, page: next });

  const orders = useQuery({
    queryKey: ['resources', 'order', { status, search, page }],
    queryFn: () =>
      bridge.listResources({
        kind: 'order',
        ...(status ? { status } : {}),
        ...(search ? { search } : {}),
        page: page + 1,
        page_size: PAGE_SIZE,
      }),
    placeholderData: keepPreviousData,
  });

  const filtered = status !== '' || search !== '';
  const items = orders.data?.items ?? [];
  const total = orders.data?.total ?? 0;

  // A page that emptied (orders elsewhere, a narrower filter) moves back to the last page with rows.
  useEffect(() => {
    if (orders.data && items.length === 0 && page > 0 && total > 0)
      setPage(Math.max(0, Math.ceil(total / PAGE_SIZE) - 1));
  }, [orders.data, items.length, page, total]);

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

      <Paper>
        <Stack
          direction="row"
          spacing={2}
          sx={{ p: 2, pb: 1, alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}
        >
          <TextField
            select
            label="Status"
            size="small"
            value={status}
            onChange={(e) => setStatus(e.target.value as OrderStatus | '')}
            sx={{ width: 240 }}
            slotProps={{
              select: { native: true },
              inputLabel: { shrink: true },
              htmlInput: { 'data-testid': 'orders-status-filter' },
            }}
          >
            <option value="">All statuses</option>
            {STATES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </TextField>
          <TextField
            label="Search by id"
            size="small"
            value={searchText}
            onChange={(e) => setSearchText(e.target.value)}
            placeholder="e.g. 5O190127"
            sx={{ width: 280 }}
            slotProps={{
              htmlInput: {
                'data-testid': 'orders-search',
                maxLength: 64,
                spellCheck: false,
                style: { fontFamily: MONO },
              },
            }}
          />
          {filtered ? (
            <Button
              size="small"
              onClick={() => {
                setStatus('');
                setSearchText('');
              }}
            >
              Clear filters
            </Button>
          ) : null}
          <Box sx={{ flexGrow: 1 }} />
          {orders.data ? (
            <Typography variant="body2" color="text.secondary" data-testid="orders-total">
              {total} order{total === 1 ? '' : 's'}
              {filtered ? ' match' : ''}
            </Typography>
          ) : null}
        </Stack>
        <Box sx={{ height: 4 }}>{orders.isFetching && !orders.isLoading ? <LinearProgress /> : null}</Box>
        <QueryState
          loading={orders.isLoading}
          error={orders.error}
          empty={items.length === 0}
          emptyText={
            filtered ? (
              'No orders match these filters.'
            ) : (
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
            )
          }
        >
          <TableContainer>
            <Table size="small" data-testid="orders-table">
              <TableHead>
                <TableRow>
                  <TableCell>Id</TableCell>
                  <TableCell>Status</TableCell>
                  <TableCell>Intent</TableCell>
                  <TableCell align="right">Amount</TableCell>
                  <TableCell>Created</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {items.map((order) => (
                  <TableRow
                    key={order.id}
                    hover
                    data-testid={`order-row-${order.id}`}
                    data-status={order.status}
                    onClick={(e) => {
                      // The id is a real link; the rest of the row navigates too.
                      if (!(e.target as HTMLElement).closest('a')) navigate(`/orders/${order.id}`);
                    }}
                    sx={{ cursor: 'pointer' }}
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
                    <TableCell sx={{ whiteSpace: 'nowrap', color: 'text.secondary' }}>
                      {formatTime(order.create_time)}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          <TablePagination
            component="div"
            count={total}
            page={Math.min(page, Math.max(0, Math.ceil(total / PAGE_SIZE) - 1))}
            onPageChange={(_e, next) => setPage(next)}
            rowsPerPage={PAGE_SIZE}
            rowsPerPageOptions={[PAGE_SIZE]}
            data-testid="orders-pagination"
          />
        </QueryState>
      </Paper>

      <CreateOrderDialog
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(id) => {
          setCreating(false);
          navigate(`/orders/${id}`);
        }}
      />
    </Stack>
  );
}
