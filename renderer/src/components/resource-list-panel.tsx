import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TablePagination from '@mui/material/TablePagination';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { formatCount } from '../api/format';
import { pluralNoun } from '../api/plural';
import { MONO } from './mono-font';
import { PageJump } from './page-jump';
import { QueryTable } from './query-table';
import { RESOURCE_PAGE_SIZE, type ResourceList } from './use-resource-list';
import { SelectField } from './select-field';

/**
 * The body of a resource list page (orders, authorizations, captures, refunds): status filter, id search,
 * total, the table and its pagination. The page brings the heading, the columns and the rows; test ids are
 * `<testIdPrefix>-status-filter`, `-search`, `-total`, `-table` and `-pagination`.
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
      <Stack
        direction="row"
        spacing={2}
        sx={{ p: 2, pb: 1, alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}
      >
        <SelectField
          native
          label="Status"
          value={list.status}
          onChange={list.setStatus}
          emptyChoice="All statuses"
          choices={states}
          testId={`${testIdPrefix}-status-filter`}
          sx={{ width: 240 }}
        />
        <TextField
          label="Search by id"
          size="small"
          value={list.searchText}
          onChange={(e) => list.setSearchText(e.target.value)}
          placeholder={searchPlaceholder}
          sx={{ width: 280 }}
          slotProps={{
            htmlInput: {
              'data-testid': `${testIdPrefix}-search`,
              maxLength: 64,
              spellCheck: false,
              style: { fontFamily: MONO },
            },
          }}
        />
        {list.filtered ? (
          <Button size="small" onClick={list.clearFilters}>
            Clear filters
          </Button>
        ) : null}
        <Box sx={{ flexGrow: 1 }} />
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
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'flex-end', px: 2, gap: 1 }}>
          {list.lastPage > 0 ? (
            <PageJump
              page={list.page}
              lastPage={list.lastPage}
              onPage={list.setPage}
              testId={`${testIdPrefix}-page-jump`}
            />
          ) : null}
          <TablePagination
            component="div"
            count={total}
            page={list.page}
            onPageChange={(_e, next) => list.setPage(next)}
            rowsPerPage={RESOURCE_PAGE_SIZE}
            rowsPerPageOptions={[RESOURCE_PAGE_SIZE]}
            showFirstButton
            showLastButton
            labelDisplayedRows={({ from, to, count }) =>
              `${formatCount(from)}–${formatCount(to)} of ${formatCount(count)}`
            }
            data-testid={`${testIdPrefix}-pagination`}
          />
        </Stack>
      </QueryTable>
    </Paper>
  );
}
