import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { hrefFor, navigate } from '../../app/router';
import { bridge } from '../../bridge';
import { MONO } from '../../components/mono-font';
import { formatTime } from '../../api/format';
import { queryKeys } from '../../api/query-keys';
import { ListTable } from '../../components/list-table';

const CUSTOMER_ID = /^[0-9A-Za-z_-]{7,36}$/;

/**
 * `#/vault`: the customers that have payment tokens in the vault (from the workspace's resources; a
 * token's parent is its customer), and a field to open any customer id.
 */
export function VaultPage() {
  const [customerId, setCustomerId] = useState('');
  const tokens = useQuery({
    queryKey: queryKeys.vault.customers,
    queryFn: () =>
      bridge.listResources({ kind: 'payment-token', status: 'VAULTED', page: 1, page_size: 200 }),
  });
  const customers = new Map<string, { count: number; newest: string }>();
  for (const token of tokens.data?.items ?? []) {
    if (!token.parent_id) continue;
    const entry = customers.get(token.parent_id) ?? { count: 0, newest: token.create_time };
    entry.count += 1;
    if (token.create_time > entry.newest) entry.newest = token.create_time;
    customers.set(token.parent_id, entry);
  }
  const valid = CUSTOMER_ID.test(customerId.trim());
  const open = (e: FormEvent) => {
    e.preventDefault();
    if (valid) navigate(`/vault/${encodeURIComponent(customerId.trim())}`);
  };

  return (
    <Stack spacing={2} data-testid="vault-page">
      <Typography variant="h5">Vault</Typography>
      <Typography color="text.secondary">
        Payment methods saved with Payment method tokens v3: by an order paid with <code>store_in_vault</code>
        , from a setup token, or directly. Open a customer to see and use their tokens.
      </Typography>
      <Paper component="form" onSubmit={open} sx={{ p: 2 }}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
          <TextField
            size="small"
            label="Customer id"
            value={customerId}
            onChange={(e) => setCustomerId(e.target.value)}
            error={customerId.trim() !== '' && !valid}
            helperText={
              customerId.trim() !== '' && !valid ? '7 to 36 letters, digits, underscores or hyphens.' : ' '
            }
            sx={{ width: 360 }}
            slotProps={{ htmlInput: { 'data-testid': 'vault-customer-input' } }}
          />
          <Button type="submit" variant="outlined" disabled={!valid} data-testid="vault-open-customer">
            Open
          </Button>
        </Stack>
      </Paper>
      <Paper>
        <ListTable
          query={tokens}
          empty={customers.size === 0}
          emptyText="No payment tokens yet: pay an order with “Save in the vault”, or create one in the console."
          columns={['Customer', { label: 'Tokens', align: 'right' }, 'Newest']}
          testId="vault-customers"
        >
          {[...customers].map(([id, entry]) => (
            <TableRow key={id} hover data-testid={`vault-customer-${id}`}>
              <TableCell>
                <Link href={hrefFor(`/vault/${encodeURIComponent(id)}`)} sx={{ fontFamily: MONO }}>
                  {id}
                </Link>
              </TableCell>
              <TableCell align="right">{entry.count}</TableCell>
              <TableCell>{formatTime(entry.newest)}</TableCell>
            </TableRow>
          ))}
        </ListTable>
      </Paper>
    </Stack>
  );
}
