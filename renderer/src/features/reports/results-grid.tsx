import Chip from '@mui/material/Chip';
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
import TableSortLabel from '@mui/material/TableSortLabel';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import {
  TRANSACTION_STATUS_LABELS,
  type TransactionSearchResponse,
  type TransactionStatus,
} from '../../../../shared/api/reporting';
import { transactionCode } from '../../../../shared/api/registry';
import { hrefFor } from '../../app/router';
import { formatCount, formatMoney, groupDigits } from '../../api/format';
import { PageJump } from '../../components/page-jump';
import { sortResults, type ResultsSort, type ResultsSortField } from './results-sort';

const MONO = 'ui-monospace, SFMono-Regular, Menlo, monospace';
const STATUS_COLORS: Record<TransactionStatus, 'success' | 'warning' | 'error' | 'default'> = {
  S: 'success',
  P: 'warning',
  D: 'error',
  V: 'default',
};
export const PAGE_SIZES = [25, 100, 500];

/** A heading that sorts the page by its column; a third click returns to the API's order. */
function SortHead({
  field,
  sort,
  onSort,
  align,
  children,
}: {
  field: ResultsSortField;
  sort: ResultsSort | undefined;
  onSort(sort: ResultsSort | undefined): void;
  align?: 'right';
  children: string;
}) {
  const active = sort?.by === field;
  const next = (): ResultsSort | undefined =>
    !active ? { by: field, order: 'asc' } : sort.order === 'asc' ? { by: field, order: 'desc' } : undefined;
  return (
    <TableCell align={align} sortDirection={active ? sort.order : false}>
      <TableSortLabel
        active={active}
        direction={active ? sort.order : 'asc'}
        onClick={() => onSort(next())}
        data-testid={`results-sort-${field}`}
      >
        {children}
      </TableSortLabel>
    </TableCell>
  );
}

/**
 * One page of a search, paged on the server: the API's page and page_size, its total_items. The
 * transaction search has no sort parameter, so the column headings sort the page on screen.
 */
export function ResultsGrid({
  result,
  page,
  pageSize,
  loading,
  sort,
  onPage,
  onPageSize,
  onSort,
}: {
  result: TransactionSearchResponse;
  page: number;
  pageSize: number;
  loading: boolean;
  sort: ResultsSort | undefined;
  onPage(page: number): void;
  onPageSize(size: number): void;
  onSort(sort: ResultsSort | undefined): void;
}) {
  const lastPage = Math.max(0, result.total_pages - 1);
  const rows = sortResults(result.transaction_details, sort);
  return (
    <Paper variant="outlined" data-testid="results">
      {loading ? (
        <LinearProgress />
      ) : (
        <LinearProgress variant="determinate" value={0} sx={{ visibility: 'hidden' }} />
      )}
      <Typography variant="body2" color="text.secondary" sx={{ px: 2, pt: 1 }} data-testid="results-summary">
        <span data-testid="total-items">{formatCount(result.total_items)}</span> entries · last refreshed{' '}
        {result.last_refreshed_datetime} · {result.start_date} to {result.end_date}
        {sort ? ' · this page sorted by a column (the search itself is in date order)' : ''}
      </Typography>
      <TableContainer sx={{ maxHeight: 560 }}>
        <Table size="small" stickyHeader data-testid="results-table">
          <TableHead>
            <TableRow>
              <SortHead field="initiated" sort={sort} onSort={onSort}>
                Initiated
              </SortHead>
              <SortHead field="transaction" sort={sort} onSort={onSort}>
                Transaction
              </SortHead>
              <SortHead field="code" sort={sort} onSort={onSort}>
                Code
              </SortHead>
              <SortHead field="status" sort={sort} onSort={onSort}>
                Status
              </SortHead>
              <SortHead field="amount" sort={sort} onSort={onSort} align="right">
                Amount
              </SortHead>
              <TableCell align="right">Fee</TableCell>
              <TableCell align="right">Ending balance</TableCell>
              <TableCell>Payer</TableCell>
              <TableCell>Instrument / store</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((detail, index) => {
              const t = detail.transaction_info;
              const key = `${t?.transaction_id ?? 'row'}-${t?.transaction_event_code ?? ''}-${index}`;
              return (
                <TableRow
                  key={key}
                  hover
                  data-testid="result-row"
                  data-transaction-id={t?.transaction_id}
                  data-status={t?.transaction_status}
                >
                  <TableCell sx={{ fontFamily: MONO, whiteSpace: 'nowrap' }}>
                    {t?.transaction_initiation_date ?? '—'}
                  </TableCell>
                  <TableCell sx={{ fontFamily: MONO }}>
                    {t ? (
                      <Link
                        href={hrefFor(`support/${t.transaction_id}`)}
                        data-testid="result-transaction-link"
                      >
                        {t.transaction_id}
                      </Link>
                    ) : (
                      '—'
                    )}
                  </TableCell>
                  <TableCell>
                    <Tooltip
                      title={t ? (transactionCode(t.transaction_event_code)?.name ?? 'Unknown code') : ''}
                    >
                      <span>{t?.transaction_event_code ?? '—'}</span>
                    </Tooltip>
                  </TableCell>
                  <TableCell>
                    {t ? (
                      <Chip
                        size="small"
                        variant="outlined"
                        color={STATUS_COLORS[t.transaction_status]}
                        label={`${t.transaction_status} ${TRANSACTION_STATUS_LABELS[t.transaction_status]}`}
                      />
                    ) : (
                      '—'
                    )}
                  </TableCell>
                  <TableCell
                    align="right"
                    sx={{ fontFamily: MONO, whiteSpace: 'nowrap' }}
                    data-testid="result-amount"
                  >
                    {t ? formatMoney(t.transaction_amount) : '—'}
                  </TableCell>
                  <TableCell align="right" sx={{ fontFamily: MONO }} data-testid="result-fee">
                    {t?.fee_amount?.value ? groupDigits(t.fee_amount.value) : ''}
                  </TableCell>
                  <TableCell align="right" sx={{ fontFamily: MONO }}>
                    {t?.ending_balance?.value ? groupDigits(t.ending_balance.value) : ''}
                  </TableCell>
                  <TableCell>{detail.payer_info?.email_address ?? ''}</TableCell>
                  <TableCell>
                    {[t?.instrument_type, detail.store_info?.store_id, detail.store_info?.terminal_id]
                      .filter(Boolean)
                      .join(' · ')}
                  </TableCell>
                </TableRow>
              );
            })}
            {result.transaction_details.length === 0 ? (
              <TableRow>
                <TableCell colSpan={9}>
                  <Typography color="text.secondary" data-testid="results-empty">
                    No entries match in this window{result.total_items > 0 ? ' on this page' : ''}.
                  </Typography>
                </TableCell>
              </TableRow>
            ) : null}
          </TableBody>
        </Table>
      </TableContainer>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'flex-end', px: 2, gap: 1 }}>
        {lastPage > 0 ? (
          <PageJump
            page={Math.min(page - 1, lastPage)}
            lastPage={lastPage}
            onPage={(next) => onPage(next + 1)}
            testId="results-page-jump"
          />
        ) : null}
        <TablePagination
          component="div"
          count={result.total_items}
          page={Math.max(0, Math.min(page - 1, lastPage))}
          rowsPerPage={pageSize}
          rowsPerPageOptions={PAGE_SIZES}
          onPageChange={(_e, next) => onPage(next + 1)}
          onRowsPerPageChange={(e) => onPageSize(Number(e.target.value))}
          showFirstButton
          showLastButton
          labelDisplayedRows={({ from, to, count }) =>
            `${formatCount(from)}–${formatCount(to)} of ${formatCount(count)}`
          }
          data-testid="results-pagination"
        />
      </Stack>
    </Paper>
  );
}
