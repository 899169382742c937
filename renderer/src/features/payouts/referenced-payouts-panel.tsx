import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import Typography from '@mui/material/Typography';
import type { ResourceSummary } from '../../../../shared/bridge';
import { formatMoney } from '../../api/format';
import { hrefFor } from '../../app/router';
import { MONO } from '../../components/mono-font';
import { ResourceListPanel } from '../../components/resource-list-panel';
import { StatusChip } from '../../components/status-chip';
import { useResourceList } from '../../components/use-resource-list';
import { referencedPayoutBatchMachine, referencedPayoutItemMachine } from './payout-machines';
import { REFERENCED_BATCH_KIND, REFERENCED_ITEM_KIND } from './payout-model';
import { ReferencedForm } from './referenced-form';
import { OpeningRow, TimeCell } from '../../components/opening-row';

/** The referenced payouts tab: the create form, then the batches and the items, newest first. */
export function ReferencedPayoutsPanel() {
  const batches = useResourceList(REFERENCED_BATCH_KIND);
  const items = useResourceList(REFERENCED_ITEM_KIND);
  return (
    <Stack spacing={2} data-testid="referenced-payouts">
      <ReferencedForm />
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
        Referenced payout items
      </Typography>
      <ResourceListPanel
        list={items}
        states={Object.keys(referencedPayoutItemMachine.states)}
        testIdPrefix="referenced-items"
        searchPlaceholder="e.g. CDZEC5MJ8R5HY"
        noun="referenced payout"
        emptyText="No referenced payouts yet: pay out against a capture above."
        head={<Head />}
        rows={items.items.map((item) => (
          <Row key={item.id} item={item} route="referenced-payout-items" testId="referenced-item-row" />
        ))}
      />
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
        Referenced payout batches
      </Typography>
      <ResourceListPanel
        list={batches}
        states={Object.keys(referencedPayoutBatchMachine.states)}
        testIdPrefix="referenced-batches"
        searchPlaceholder="batch id"
        noun="referenced batch payout"
        emptyText="No referenced batches yet: send one with “Batch of one” above, or POST /v1/payments/referenced-payouts."
        head={<Head />}
        rows={batches.items.map((batch) => (
          <Row key={batch.id} item={batch} route="referenced-payouts" testId="referenced-batch-row" />
        ))}
      />
    </Stack>
  );
}

function Head() {
  return (
    <>
      <TableCell>Id</TableCell>
      <TableCell>Status</TableCell>
      <TableCell align="right">Amount</TableCell>
      <TableCell>Created</TableCell>
    </>
  );
}

function Row({ item, route, testId }: { item: ResourceSummary; route: string; testId: string }) {
  const href = `/${route}/${encodeURIComponent(item.id)}`;
  return (
    <OpeningRow to={href} testId={`${testId}-${item.id}`} status={item.status}>
      <TableCell sx={{ maxWidth: 360 }}>
        <Link
          href={hrefFor(href)}
          underline="hover"
          noWrap
          title={item.id}
          sx={{ fontFamily: MONO, display: 'block', overflow: 'hidden', textOverflow: 'ellipsis' }}
        >
          {item.id}
        </Link>
      </TableCell>
      <TableCell>
        <StatusChip status={item.status} />
      </TableCell>
      <TableCell align="right" sx={{ fontFamily: MONO, whiteSpace: 'nowrap' }}>
        {formatMoney(item.amount)}
      </TableCell>
      <TimeCell time={item.create_time} />
    </OpeningRow>
  );
}
