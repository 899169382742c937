import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
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
import type { ResourceSummary } from '../../../../shared/bridge';
import { navigate } from '../../app/router';
import { bridge } from '../../bridge';
import { QueryState } from '../../components/query-state';
import { StatusChip } from '../../components/status-chip';
import { formatMoney, formatTime } from '../../api/api-call';
import { PAYMENT_KINDS, routeOf, type PaymentKind } from './payment-model';
import { Amount, MONO, ResourceLink } from './payment-parts';

const PAGE_SIZE = 25;

/** The resource a row's parent is, when it is not the order itself. */
const PARENT_KIND: Partial<Record<PaymentKind, PaymentKind>> = {
  capture: 'authorization',
  refund: 'capture',
};

/** `value`, once it has stopped changing for `delay` ms. */
function useDebounced<T>(value: T, delay: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

/**
 * Authorizations, captures or refunds of the workspace: newest first, paged and filtered on the host,
 * live through the `['resources', kind, …]` key that host change events invalidate.
 */
export function PaymentsListPage({ kind }: { kind: PaymentKind }) {
  // Filters belong to one list: switching between the three lists starts clean.
  return <PaymentsList key={kind} kind={kind} />;
}

function PaymentsList({ kind }: { kind: PaymentKind }) {
  const meta = PAYMENT_KINDS[kind];
  const states = Object.keys(meta.machine.states);
  const parentKind = PARENT_KIND[kind];
  const [status, setStatus] = useState('');
  const [searchText, setSearchText] = useState('');
  const search = useDebounced(searchText.trim().toUpperCase(), 300);
  // The page belongs to a filter: a new filter starts again at the first page.
  const filterKey = `${status}|${search}`;
  const [paging, setPaging] = useState({ filterKey, page: 0 });
  const page = paging.filterKey === filterKey ? paging.page : 0;
  const setPage = (next: number) => setPaging({ filterKey, page: next });

  const list = useQuery({
    queryKey: ['resources', kind, { status, search, page }],
    queryFn: () =>
      bridge.listResources({
        kind,
        ...(status ? { status } : {}),
        ...(search ? { search } : {}),
        page: page + 1,
        page_size: PAGE_SIZE,
      }),
    placeholderData: keepPreviousData,
  });

  const filtered = status !== '' || search !== '';
  const items = list.data?.items ?? [];
  const total = list.data?.total ?? 0;
  const lastPage = Math.max(0, Math.ceil(total / PAGE_SIZE) - 1);

  // A page that emptied (resources elsewhere, a narrower filter) moves back to the last page with rows.
  useEffect(() => {
    if (list.data && items.length === 0 && page > 0 && total > 0) setPaging({ filterKey, page: lastPage });
  }, [list.data, items.length, page, total, lastPage, filterKey]);

  const noun = meta.label.toLowerCase();
  return (
    <Stack spacing={2} data-testid="payments-page" data-kind={kind}>
      <Typography variant="h5" component="h1">
        {meta.plural}
      </Typography>
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
            onChange={(e) => setStatus(e.target.value)}
            sx={{ width: 240 }}
            slotProps={{
              select: { native: true },
              inputLabel: { shrink: true },
              htmlInput: { 'data-testid': 'payments-status-filter' },
            }}
          >
            <option value="">All statuses</option>
            {states.map((s) => (
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
            placeholder="e.g. 3C679366"
            sx={{ width: 280 }}
            slotProps={{
              htmlInput: {
                'data-testid': 'payments-search',
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
          {list.data ? (
            <Typography variant="body2" color="text.secondary" data-testid="payments-total">
              {total} {noun}
              {total === 1 ? '' : 's'}
              {filtered ? ' match' : ''}
            </Typography>
          ) : null}
        </Stack>
        <Box sx={{ height: 4 }}>{list.isFetching && !list.isLoading ? <LinearProgress /> : null}</Box>
        <QueryState
          loading={list.isLoading}
          error={list.error}
          empty={items.length === 0}
          emptyText={filtered ? `No ${noun}s match these filters.` : emptyText(kind)}
        >
          <TableContainer>
            <Table size="small" data-testid="payments-table">
              <TableHead>
                <TableRow>
                  <TableCell>Id</TableCell>
                  <TableCell>Status</TableCell>
                  <TableCell align="right">Amount</TableCell>
                  <TableCell>Order</TableCell>
                  {parentKind ? <TableCell>{PAYMENT_KINDS[parentKind].label}</TableCell> : null}
                  <TableCell>Created</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {items.map((item) => (
                  <Row key={item.id} kind={kind} item={item} parentKind={parentKind} />
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          <TablePagination
            component="div"
            count={total}
            page={Math.min(page, lastPage)}
            onPageChange={(_e, next) => setPage(next)}
            rowsPerPage={PAGE_SIZE}
            rowsPerPageOptions={[PAGE_SIZE]}
            data-testid="payments-pagination"
          />
        </QueryState>
      </Paper>
    </Stack>
  );
}

function Row({
  kind,
  item,
  parentKind,
}: {
  kind: PaymentKind;
  item: ResourceSummary;
  parentKind: PaymentKind | undefined;
}) {
  // A capture made with the order (intent CAPTURE) has the order as its parent, not an authorization.
  const parentId =
    parentKind && item.parent_id && item.parent_id !== item.order_id ? item.parent_id : undefined;
  return (
    <TableRow
      hover
      data-testid={`payment-row-${item.id}`}
      data-status={item.status}
      onClick={(e) => {
        // Ids are real links; the rest of the row opens the resource.
        if (!(e.target as HTMLElement).closest('a')) navigate(routeOf(kind, item.id));
      }}
      sx={{ cursor: 'pointer' }}
    >
      <TableCell>
        <ResourceLink kind={kind} id={item.id} testId="payment-link" />
      </TableCell>
      <TableCell>
        <StatusChip status={item.status} />
      </TableCell>
      <TableCell align="right">
        <Amount>{formatMoney(item.amount)}</Amount>
      </TableCell>
      <TableCell>
        {item.order_id ? <ResourceLink kind="order" id={item.order_id} testId="payment-order-link" /> : '—'}
      </TableCell>
      {parentKind ? (
        <TableCell>{parentId ? <ResourceLink kind={parentKind} id={parentId} /> : '—'}</TableCell>
      ) : null}
      <TableCell sx={{ whiteSpace: 'nowrap', color: 'text.secondary' }}>
        {formatTime(item.create_time)}
      </TableCell>
    </TableRow>
  );
}

function emptyText(kind: PaymentKind): string {
  switch (kind) {
    case 'authorization':
      return 'No authorizations yet: create an order with intent AUTHORIZE, approve it and authorize it.';
    case 'capture':
      return 'No captures yet: capture an authorization, or an order with intent CAPTURE.';
    case 'refund':
      return 'No refunds yet: refund a capture from its page.';
  }
}
