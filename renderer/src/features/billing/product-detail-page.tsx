import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { formatTime } from '../../api/format';
import { navigate } from '../../app/router';
import { Section } from '../../components/section';
import { StatusChip } from '../../components/status-chip';
import type { Product } from './billing-api';
import { DetailPage } from '../../components/detail-page';
import { BackLink, FieldRow, Fields } from '../../components/detail-parts';
import { isMissing } from '../../api/api-call';
import { usePlansPage, useProduct } from './billing-queries';
import { PagedTable } from './paged-table';
import { PlanScheduleCell } from './plan-schedule-cell';
import { CreatePlanDialog } from './plans-page';
import { ProductEditDialog } from './product-edit-dialog';
import { NamedLinkCell } from './named-link-cell';

/** `#/products/<id>`: a catalog product, its edit (PATCH), and its plans with "Create plan" for it. */
export function ProductDetailPage({ id }: { id: string }) {
  const product = useProduct(id);
  return (
    <DetailPage
      id={id}
      read={product}
      missing={isMissing}
      notFound={{
        noun: 'product',
        back: '/products',
        backLabel: 'All products',
        testId: 'billing-not-found',
      }}
      top={<BackLink to="/products" label="Products" />}
    >
      {(data) => <ProductDetail product={data} />}
    </DetailPage>
  );
}

function ProductDetail({ product }: { product: Product }) {
  const [dialog, setDialog] = useState<'edit' | 'plan' | undefined>();
  const [page, setPage] = useState(0);
  const plans = usePlansPage(product.id, page + 1);
  const rows = plans.data?.plans ?? [];
  return (
    <Stack spacing={2} data-testid="product-detail" data-product-id={product.id}>
      <Paper sx={{ p: 2.5 }}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <Typography variant="h5" component="h1" sx={{ fontWeight: 600, flexGrow: 1 }}>
            {product.name}
          </Typography>
          <Button onClick={() => setDialog('edit')} data-testid="edit-product-button">
            Edit
          </Button>
          <Button variant="contained" onClick={() => setDialog('plan')} data-testid="product-create-plan">
            Create plan
          </Button>
        </Stack>
        <Box sx={{ mt: 1.5 }}>
          <Fields>
            <FieldRow label="Id" mono testId="product-id">
              {product.id}
            </FieldRow>
            <FieldRow label="Type">{product.type}</FieldRow>
            <FieldRow label="Category">{product.category ?? '—'}</FieldRow>
            <FieldRow label="Description">{product.description ?? '—'}</FieldRow>
            <FieldRow label="Image URL">{product.image_url ?? '—'}</FieldRow>
            <FieldRow label="Home URL">{product.home_url ?? '—'}</FieldRow>
            <FieldRow label="Created">{formatTime(product.create_time)}</FieldRow>
            <FieldRow label="Updated">{formatTime(product.update_time)}</FieldRow>
          </Fields>
        </Box>
      </Paper>
      <Section title="Plans for this product" frame="paper">
        <PagedTable
          query={plans}
          items={rows}
          page={page}
          onPage={setPage}
          testId="product-plans-table"
          emptyText="No plans for this product yet."
          head={
            <>
              <TableCell>Plan</TableCell>
              <TableCell>Status</TableCell>
              <TableCell>Schedule</TableCell>
            </>
          }
          rows={rows.map((plan) => (
            <TableRow key={plan.id} hover>
              <NamedLinkCell to={`/plans/${encodeURIComponent(plan.id)}`} name={plan.name} id={plan.id} />
              <TableCell>
                <StatusChip status={plan.status} />
              </TableCell>
              <TableCell>
                <PlanScheduleCell planId={plan.id} />
              </TableCell>
            </TableRow>
          ))}
        />
      </Section>
      <ProductEditDialog product={product} open={dialog === 'edit'} onClose={() => setDialog(undefined)} />
      <CreatePlanDialog
        open={dialog === 'plan'}
        productId={product.id}
        onClose={() => setDialog(undefined)}
        onCreated={(id) => navigate(`/plans/${encodeURIComponent(id)}`)}
      />
    </Stack>
  );
}
