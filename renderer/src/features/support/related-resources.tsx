import Link from '@mui/material/Link';
import TableCell from '@mui/material/TableCell';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatCount, formatMoney, formatTime } from '../../api/format';
import { kindLabelPlural } from '../../api/kind-label';
import { queryKeys } from '../../api/query-keys';
import { hrefFor } from '../../app/router';
import { bridge } from '../../bridge';
import { MONO } from '../../components/mono-font';
import { QueryState } from '../../components/query-state';
import { Section } from '../../components/section';
import { StatusChip } from '../../components/status-chip';
import { ColumnsTable } from '../../components/columns-table';

const PAGE_SIZE = 25;

/**
 * The resources of a lineage too large to show whole (a batch's 15,000 items), one page at a time as
 * the host reads them; each opens in the transaction view.
 */
export function RelatedResources({ kind, rootId, total }: { kind: string; rootId: string; total: number }) {
  const [page, setPage] = useState(0);
  const list = useQuery({
    queryKey: queryKeys.resources.related(kind, rootId, page),
    queryFn: () =>
      bridge.listResources({
        kind,
        root_id: rootId,
        page: page + 1,
        page_size: PAGE_SIZE,
        sort_by: 'create_time',
        sort_order: 'asc',
      }),
    placeholderData: keepPreviousData,
  });
  return (
    <Section
      title={`${kindLabelPlural(kind)} of ${rootId} (${formatCount(list.data?.total ?? total)})`}
      frame="outlined"
      testId={`related-${kind}`}
    >
      <QueryState loading={list.isLoading} error={list.error}>
        <ColumnsTable columns={['Id', 'Status', { label: 'Amount', align: 'right' }, 'Updated']}>
          {(list.data?.items ?? []).map((item) => (
            <TableRow key={item.id} data-testid="related-row">
              <TableCell sx={{ fontFamily: MONO }}>
                <Link href={hrefFor(`/support/${encodeURIComponent(item.id)}`)}>{item.id}</Link>
              </TableCell>
              <TableCell>
                <StatusChip status={item.status} />
              </TableCell>
              <TableCell align="right" sx={{ fontFamily: MONO }}>
                {formatMoney(item.amount)}
              </TableCell>
              <TableCell sx={{ fontFamily: MONO }}>{formatTime(item.update_time)}</TableCell>
            </TableRow>
          ))}
        </ColumnsTable>
        <TablePagination
          component="div"
          count={list.data?.total ?? total}
          page={page}
          rowsPerPage={PAGE_SIZE}
          rowsPerPageOptions={[PAGE_SIZE]}
          onPageChange={(_, next) => setPage(next)}
          data-testid={`related-${kind}-pagination`}
        />
      </QueryState>
    </Section>
  );
}
