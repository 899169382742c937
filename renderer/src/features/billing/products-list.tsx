import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { useState } from 'react';
import { formatTime } from '../../api/format';
import { useProductsPage } from './billing-queries';
import { PagedTable } from './paged-table';
import { NamedLinkCell } from './named-link-cell';
import { ListTotal } from './list-total';

/**
 * The catalog: every product, as `GET /v1/catalogs/products` pages it. List entries carry a name, a
 * description and a create time; type, category and URLs are on the product's page.
 */
export function ProductsList({ onCreate }: { onCreate(): void }) {
  const [page, setPage] = useState(0);
  const products = useProductsPage(page + 1);
  const rows = products.data?.products ?? [];
  return (
    <Paper>
      <Stack direction="row" sx={{ p: 2, pb: 1, justifyContent: 'flex-end' }}>
        <ListTotal query={products} items={rows} noun="product" testId="products-total" />
      </Stack>
      <PagedTable
        query={products}
        items={rows}
        page={page}
        onPage={setPage}
        testId="products-table"
        emptyText={
          <>
            No products yet —{' '}
            <Link component="button" type="button" onClick={onCreate} sx={{ verticalAlign: 'baseline' }}>
              create one
            </Link>
            : plans bill for a product of the catalog.
          </>
        }
        head={
          <>
            <TableCell>Product</TableCell>
            <TableCell>Description</TableCell>
            <TableCell>Created</TableCell>
          </>
        }
        rows={rows.map((product) => (
          <TableRow key={product.id} hover data-testid={`product-row-${product.id}`}>
            <NamedLinkCell
              to={`/products/${encodeURIComponent(product.id)}`}
              name={product.name}
              id={product.id}
            />
            <TableCell sx={{ maxWidth: 360 }}>{product.description ?? '—'}</TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatTime(product.create_time)}</TableCell>
          </TableRow>
        ))}
      />
    </Paper>
  );
}
