import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatTime } from '../../api/format';
import { navigate } from '../../app/router';
import { ApiErrorAlert } from '../../components/api-error-alert';
import { MONO } from '../../components/mono-font';
import { StatusChip } from '../../components/status-chip';
import { useDebounced } from '../../components/use-debounced';
import { listUsers } from './scim-api';
import { queryKeys } from '../../api/query-keys';
import { ColumnsTable } from '../../components/columns-table';

const PAGE_SIZES = [10, 25, 50, 100];

/**
 * The SCIM users as `GET /v2/scim/Users` lists them: oldest first, a page at a time (`startIndex`,
 * `count`), or those whose userName equals the filter (`userName eq "..."`, any case).
 */
export function UsersList() {
  const [userName, setUserName] = useState('');
  const [page, setPage] = useState(0);
  const [count, setCount] = useState(25);
  const filter = useDebounced(userName, 300);
  const query = { userName: filter, startIndex: page * count + 1, count };
  const users = useQuery({
    queryKey: queryKeys.identity.users(query),
    queryFn: () => listUsers(query),
    placeholderData: keepPreviousData,
  });
  const list = users.data;
  return (
    <Paper sx={{ p: 2 }} data-testid="users-list">
      <Stack direction="row" sx={{ alignItems: 'center', gap: 2, mb: 1 }}>
        <TextField
          size="small"
          label="userName equals"
          placeholder="e.g. alexdoe01"
          value={userName}
          onChange={(event) => {
            setUserName(event.target.value);
            setPage(0);
          }}
          slotProps={{ htmlInput: { 'data-testid': 'users-filter' } }}
        />
        <Typography color="text.secondary" variant="body2" sx={{ flexGrow: 1 }}>
          {filter.trim() ? `filter=userName eq "${filter.trim()}"` : 'All users, oldest first'}
        </Typography>
      </Stack>
      {users.error ? <ApiErrorAlert error={users.error} title="Users not listed" /> : null}
      <ColumnsTable columns={['userName', 'Name', 'E-mail', 'Status', 'Created']}>
        {(list?.Resources ?? []).map((user) => (
          <TableRow
            key={user.id}
            hover
            sx={{ cursor: 'pointer' }}
            onClick={() => navigate(`/users/${encodeURIComponent(user.id)}`)}
            data-testid="user-row"
            data-user-name={user.userName}
          >
            <TableCell sx={{ fontFamily: MONO }}>{user.userName}</TableCell>
            <TableCell>{[user.name?.givenName, user.name?.familyName].filter(Boolean).join(' ')}</TableCell>
            <TableCell>
              {user.emails?.find((e) => e.primary)?.value ?? user.emails?.[0]?.value ?? ''}
            </TableCell>
            <TableCell>
              <StatusChip status={user.active ? 'ACTIVE' : 'INACTIVE'} />
            </TableCell>
            <TableCell>{formatTime(user.meta.created)}</TableCell>
          </TableRow>
        ))}
        {list && list.Resources.length === 0 ? (
          <TableRow>
            <TableCell colSpan={5} data-testid="empty-state">
              <Typography color="text.secondary">
                {filter.trim() ? `No user has the userName ${filter.trim()}.` : 'No users yet: create one.'}
              </Typography>
            </TableCell>
          </TableRow>
        ) : null}
      </ColumnsTable>
      <TablePagination
        component="div"
        count={list?.totalResults ?? 0}
        page={page}
        onPageChange={(_event, next) => setPage(next)}
        rowsPerPage={count}
        rowsPerPageOptions={PAGE_SIZES}
        onRowsPerPageChange={(event) => {
          setCount(Number(event.target.value));
          setPage(0);
        }}
        data-testid="users-pagination"
      />
    </Paper>
  );
}
