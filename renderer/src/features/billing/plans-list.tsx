import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { useState } from 'react';
import { formatTime } from '../../api/format';
import { hrefFor } from '../../app/router';
import { StatusChip } from '../../components/status-chip';
import { usePlansPage, useProductChoices } from './billing-queries';
import { PagedTable } from './paged-table';
import { PlanScheduleCell } from './plan-schedule-cell';
import { NamedLinkCell } from './named-link-cell';
import { SelectField } from '../../components/select-field';
import { ListTotal } from './list-total';

/**
 * Every subscription plan, newest pages as the API lists them, optionally of one product: each with its
 * status and its schedule in words (the list is read whole, `Prefer: return=representation`).
 */
export function PlansList({ onCreate }: { onCreate(): void }) {
  const [productId, setProductId] = useState('');
  const [page, setPage] = useState(0);
  const plans = usePlansPage(productId, page + 1);
  const products = useProductChoices();
  const names = new Map((products.data?.products ?? []).map((p) => [p.id, p.name]));
  const rows = plans.data?.plans ?? [];
  return (
    <Paper>
      <Stack direction="row" spacing={2} sx={{ p: 2, pb: 1, alignItems: 'center' }}>
        <SelectField
          native
          label="Product"
          value={productId}
          onChange={(id) => {
            setProductId(id);
            setPage(0);
          }}
          emptyChoice="All products"
          choices={(products.data?.products ?? []).map((product) => ({
            value: product.id,
            label: product.name,
          }))}
          testId="plans-product-filter"
          sx={{ width: 360 }}
        />
        <Stack sx={{ flexGrow: 1 }} />
        <ListTotal query={plans} items={rows} noun="plan" testId="plans-total" />
      </Stack>
      <PagedTable
        query={plans}
        items={rows}
        page={page}
        onPage={setPage}
        testId="plans-table"
        emptyText={
          productId ? (
            'This product has no plans yet.'
          ) : (
            <>
              No plans yet —{' '}
              <Link component="button" type="button" onClick={onCreate} sx={{ verticalAlign: 'baseline' }}>
                create one
              </Link>{' '}
              for a product of the catalog.
            </>
          )
        }
        head={
          <>
            <TableCell>Plan</TableCell>
            <TableCell>Product</TableCell>
            <TableCell>Status</TableCell>
            <TableCell>Schedule</TableCell>
            <TableCell>Created</TableCell>
          </>
        }
        rows={rows.map((plan) => (
          <TableRow key={plan.id} hover data-testid={`plan-row-${plan.id}`} data-status={plan.status}>
            <NamedLinkCell to={`/plans/${encodeURIComponent(plan.id)}`} name={plan.name} id={plan.id} />
            <TableCell>
              {plan.product_id ? (
                <Link href={hrefFor(`/products/${encodeURIComponent(plan.product_id)}`)} underline="hover">
                  {names.get(plan.product_id) ?? plan.product_id}
                </Link>
              ) : (
                '—'
              )}
            </TableCell>
            <TableCell>
              <StatusChip status={plan.status} />
            </TableCell>
            <TableCell>
              <PlanScheduleCell planId={plan.id} />
            </TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatTime(plan.create_time)}</TableCell>
          </TableRow>
        ))}
      />
    </Paper>
  );
}
