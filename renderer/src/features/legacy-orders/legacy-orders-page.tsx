import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { orderV1Machine } from '../../../../shared/api/orders-v1/machines';
import type { ResourceSummary } from '../../../../shared/bridge';
import { formatMoney } from '../../api/format';
import { resourceRoute } from '../../app/router';
import { DeprecationNotice } from '../../components/deprecation';
import { ResourceListPanel } from '../../components/resource-list-panel';
import { StatusChip } from '../../components/status-chip';
import { useResourceList } from '../../components/use-resource-list';
import { Amount } from '../../components/amount';
import { ResourceLink } from '../../components/resource-link';
import { CreateOrderV1Dialog } from './create-order-v1-dialog';
import { ORDER_V1_KIND, ORDERS_V1_PATH } from './order-v1-model';
import { OpeningRow, TimeCell } from '../../components/opening-row';

/** Orders v1 (deprecated): newest first, filtered and paged on the host, live; creates orders too. */
export function LegacyOrdersPage() {
  const list = useResourceList(ORDER_V1_KIND);
  const [creating, setCreating] = useState(false);
  return (
    <Stack spacing={2} data-testid="legacy-orders-page">
      <Stack direction="row" sx={{ alignItems: 'center', gap: 2 }}>
        <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }}>
          Orders v1
        </Typography>
        <Button variant="contained" onClick={() => setCreating(true)} data-testid="create-order-v1">
          Create order
        </Button>
      </Stack>
      <DeprecationNotice pathPrefix={ORDERS_V1_PATH} what={<>Orders v1 ({ORDERS_V1_PATH})</>} />
      <ResourceListPanel
        list={list}
        states={Object.keys(orderV1Machine.states)}
        testIdPrefix="orders-v1"
        searchPlaceholder="e.g. O-2HT09"
        noun="order"
        emptyText={`No v1 orders yet: create one here, in the console (POST ${ORDERS_V1_PATH}) or with a v1 SDK.`}
        head={
          <>
            <TableCell>Id</TableCell>
            <TableCell>Status</TableCell>
            <TableCell>Intent</TableCell>
            <TableCell align="right">Gross total</TableCell>
            <TableCell>Created</TableCell>
          </>
        }
        rows={list.items.map((item) => (
          <Row key={item.id} item={item} />
        ))}
      />
      <CreateOrderV1Dialog open={creating} onClose={() => setCreating(false)} />
    </Stack>
  );
}

function Row({ item }: { item: ResourceSummary }) {
  return (
    <OpeningRow
      to={resourceRoute(ORDER_V1_KIND, item.id)}
      testId={`order-v1-row-${item.id}`}
      status={item.status}
    >
      <TableCell>
        <ResourceLink kind={ORDER_V1_KIND} id={item.id} testId="order-v1-link" />
      </TableCell>
      <TableCell>
        <StatusChip status={item.status} />
      </TableCell>
      <TableCell>{item.intent ?? '—'}</TableCell>
      <TableCell align="right">
        <Amount>{formatMoney(item.amount)}</Amount>
      </TableCell>
      <TimeCell time={item.create_time} />
    </OpeningRow>
  );
}
