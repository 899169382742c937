import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TablePagination from '@mui/material/TablePagination';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { memo, type ReactNode } from 'react';
import { formatCount } from '../api/format';
import { pluralNoun } from '../api/plural';
import { MONO } from './mono-font';
import { PageJump } from './page-jump';
import { QueryTable } from './query-table';
import { RESOURCE_PAGE_SIZE, type ResourceList } from './use-resource-list';
import { SelectField } from './select-field';

// Hoisted: an `sx` written in place is a new object at every render, and its styles are worked out again.
const BAR_SX = { p: 2, pb: 1, alignItems: 'center', flexWrap: 'wrap', rowGap: 1 } as const;
const GROW_SX = { flexGrow: 1 } as const;
const PAGER_SX = { alignItems: 'center', justifyContent: 'flex-end', px: 2, gap: 1 } as const;
const STATUS_SX = { width: 240 } as const;
const SEARCH_SX = { width: 280 } as const;

/**
 * The body of a resource list page (orders, authorizations, captures, refunds): status filter, id search,
 * total, the table and its pagination. The page brings the heading, the columns and the rows; test ids are
 * `<testIdPrefix>-status-filter`, `-search`, `-total`, `-table` and `-pagination`. The filters and the
 * pager are memoized: in a burst of host changes the list is re-read about every second, and each read
 * drew the filters' MUI inputs again (their styles worked out anew by emotion) although only the count,
 * the pager's numbers and the rows had changed. The page memoizes its `head` for the same reason.
 */
export function ResourceListPanel({
  list,
  states,
  testIdPrefix,
  searchPlaceholder,
  noun,
  emptyText,
  head,
  rows,
}: {
  list: ResourceList;
  /** The statuses the filter offers: the kind's machine states. */
  states: readonly string[];
  testIdPrefix: string;
  searchPlaceholder: string;
  /** The singular noun the total counts, e.g. "order". */
  noun: string;
  /** Shown when the list is empty without filters: how to make the first one. */
  emptyText: ReactNode;
  /** The header row's cells. */
  head: ReactNode;
  rows: ReactNode;
}) {
  const { query, total } = list;
  return (
    <Paper>
      <Stack direction="row" spacing={2} sx={BAR_SX}>
        <ListFilters
          status={list.status}
          onStatus={list.setStatus}
          searchText={list.searchText}
          onSearchText={list.setSearchText}
          filtered={list.filtered}
          onClear={list.clearFilters}
          states={states}
          testIdPrefix={testIdPrefix}
          searchPlaceholder={searchPlaceholder}
        />
        <Box sx={GROW_SX} />
        {query.data ? (
          <Typography variant="body2" color="text.secondary" data-testid={`${testIdPrefix}-total`}>
            {formatCount(total)} {pluralNoun(noun, total)}
            {list.filtered ? ' match' : ''}
          </Typography>
        ) : null}
      </Stack>
      <QueryTable
        query={query}
        empty={list.items.length === 0}
        emptyText={list.filtered ? `No ${pluralNoun(noun, 0)} match these filters.` : emptyText}
        testId={`${testIdPrefix}-table`}
        head={head}
        rows={rows}
      >
        <ListPager
          total={total}
          page={list.page}
          lastPage={list.lastPage}
          onPage={list.setPage}
          testIdPrefix={testIdPrefix}
        />
      </QueryTable>
    </Paper>
  );
}

/** The status filter, the id search and "Clear filters": drawn again only when one of them changes. */
const ListFilters = memo(function ListFilters({
  status,
  onStatus,
  searchText,
  onSearchText,
  filtered,
  onClear,
  states,
  testIdPrefix,
  searchPlaceholder,
}: {
  status: string;
  onStatus(status: string): void;
  searchText: string;
  onSearchText(text: string): void;
  filtered: boolean;
  onClear(): void;
  states: readonly string[];
  testIdPrefix: string;
  searchPlaceholder: string;
}) {
  return (
    <>
      <SelectField
        native
        label="Status"
        value={status}
        onChange={onStatus}
        emptyChoice="All statuses"
        choices={states}
        testId={`${testIdPrefix}-status-filter`}
        sx={STATUS_SX}
      />
      <TextField
        label="Search by id"
        size="small"
        value={searchText}
        onChange={(e) => onSearchText(e.target.value)}
        placeholder={searchPlaceholder}
        sx={SEARCH_SX}
        slotProps={{
          htmlInput: {
            'data-testid': `${testIdPrefix}-search`,
            maxLength: 64,
            spellCheck: false,
            style: { fontFamily: MONO },
          },
        }}
      />
      {filtered ? (
        <Button size="small" onClick={onClear}>
          Clear filters
        </Button>
      ) : null}
    </>
  );
});

/** "Page [n] of N" and MUI's pagination: drawn again only when the count or the page changes. */
const ListPager = memo(function ListPager({
  total,
  page,
  lastPage,
  onPage,
  testIdPrefix,
}: {
  total: number;
  page: number;
  lastPage: number;
  onPage(page: number): void;
  testIdPrefix: string;
}) {
  return (
    <Stack direction="row" sx={PAGER_SX}>
      {lastPage > 0 ? (
        <PageJump page={page} lastPage={lastPage} onPage={onPage} testId={`${testIdPrefix}-page-jump`} />
      ) : null}
      <TablePagination
        component="div"
        count={total}
        page={page}
        onPageChange={(_e, next) => onPage(next)}
        rowsPerPage={RESOURCE_PAGE_SIZE}
        rowsPerPageOptions={ROWS_PER_PAGE}
        showFirstButton
        showLastButton
        labelDisplayedRows={displayedRows}
        data-testid={`${testIdPrefix}-pagination`}
      />
    </Stack>
  );
});

const ROWS_PER_PAGE = [RESOURCE_PAGE_SIZE];

function displayedRows({ from, to, count }: { from: number; to: number; count: number }): string {
  return `${formatCount(from)}–${formatCount(to)} of ${formatCount(count)}`;
}
