import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import {
  TRANSACTION_STATUS_LABELS,
  eventCode,
  type TransactionSearchResponse,
  type TransactionStatus,
} from '../../../../shared/api/reporting';
import { hrefFor } from '../../app/router';
import { formatMoney } from '../../api/format';

const MONO = 'ui-monospace, SFMono-Regular, Menlo, monospace';
const STATUS_COLORS: Record<TransactionStatus, 'success' | 'warning' | 'error' | 'default'> = {
  S: 'success',
  P: 'warning',
  D: 'error',
  V: 'default',
};
export const PAGE_SIZES = [25, 100, 500];

/** One page of a search, paged on the server: the API's page and page_size, its total_items. */
export function ResultsGrid({
  result,
  page,
  pageSize,
  loading,
  onPage,
  onPageSize,
}: {
  result: TransactionSearchResponse;
  page: number;
  pageSize: number;
  loading: boolean;
  onPage(page: number): void;
  onPageSize(size: number): void;
}) {
  return (
    <Paper variant="outlined" data-testid="results">
      {loading ? (
        <LinearProgress />
      ) : (
        <LinearProgress variant="determinate" value={0} sx={{ visibility: 'hidden' }} />
      )}
      <Typography variant="body2" color="text.secondary" sx={{ px: 2, pt: 1 }} data-testid="results-summary">
        <span data-testid="total-items">{result.total_items}</span> entries · last refreshed{' '}
        {result.last_refreshed_datetime} · {result.start_date} to {result.end_date}
      </Typography>
      <TableContainer sx={{ maxHeight: 560 }}>
        <Table size="small" stickyHeader data-testid="results-table">
          <TableHead>
            <TableRow>
              <TableCell>Initiated</TableCell>
              <TableCell>Transaction</TableCell>
              <TableCell>Code</TableCell>
              <TableCell>Status</TableCell>
              <TableCell align="right">Amount</TableCell>
              <TableCell align="right">Fee</TableCell>
              <TableCell align="right">Ending balance</TableCell>
              <TableCell>Payer</TableCell>
              <TableCell>Instrument / store</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {result.transaction_details.map((detail, index) => {
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
                    <Tooltip title={t ? (eventCode(t.transaction_event_code)?.name ?? 'Unknown code') : ''}>
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
                    {t?.fee_amount?.value ?? ''}
                  </TableCell>
                  <TableCell align="right" sx={{ fontFamily: MONO }}>
                    {t?.ending_balance?.value ?? ''}
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
      <TablePagination
        component="div"
        count={result.total_items}
        page={Math.max(0, Math.min(page - 1, Math.max(0, result.total_pages - 1)))}
        rowsPerPage={pageSize}
        rowsPerPageOptions={PAGE_SIZES}
        onPageChange={(_e, next) => onPage(next + 1)}
        onRowsPerPageChange={(e) => onPageSize(Number(e.target.value))}
        data-testid="results-pagination"
      />
    </Paper>
  );
}
