import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { SandboxAccountView } from '../../../../shared/api/accounts';
import { formatMoney } from '../../api/format';
import { useUi } from '../../app/ui-store';
import { ApiErrorAlert } from '../../components/api-error-alert';
import { MONO } from '../../components/mono-font';
import { deleteAccount, listAccounts } from './accounts-api';
import { AdjustBalanceForm, type AdjustDirection } from './adjust-balance-dialog';
import { CreateAccountForm } from './create-account-dialog';
import { EditAccountForm } from './edit-account-dialog';
import { queryKeys } from '../../api/query-keys';
import { ColumnsTable } from '../../components/columns-table';

/**
 * The Accounts page: every sandbox account (the seeded merchant, buyer and charity, and those created
 * since, by this page, a script or a partner's onboarding) with its balances read from the ledger.
 * Topping up or draining a balance writes a ledger line, so payouts and reports see it at once.
 */
export function AccountsPage() {
  const accounts = useQuery({ queryKey: queryKeys.accounts.list, queryFn: listAccounts });
  const [creating, setCreating] = useState(false);
  const [adjusting, setAdjusting] = useState<{ account: SandboxAccountView; direction: AdjustDirection }>();
  const [editing, setEditing] = useState<SandboxAccountView>();
  return (
    <Stack spacing={2} data-testid="accounts-page">
      <Stack direction="row" sx={{ alignItems: 'center', gap: 2 }}>
        <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }}>
          Sandbox accounts
        </Typography>
        <Button variant="contained" onClick={() => setCreating(true)} data-testid="create-account-button">
          Create account
        </Button>
      </Stack>
      <Typography variant="body2" color="text.secondary">
        Buyers (personal) approve orders; sellers (business) receive payments and send payouts. Balances are
        read from the ledger: drain one to make a payout fail for insufficient funds.
      </Typography>
      <ApiErrorAlert error={accounts.error} title="Accounts could not be read" />
      <Paper variant="outlined">
        <ColumnsTable
          columns={[
            'E-mail',
            'Type',
            'Account id',
            'Balances',
            'Cards · banks',
            'Partners',
            { label: 'Actions', align: 'right' },
          ]}
          testId="accounts-table"
        >
          {(accounts.data ?? []).map((account) => (
            <AccountRow
              key={account.account_id}
              account={account}
              onAdjust={(direction) => setAdjusting({ account, direction })}
              onEdit={() => setEditing(account)}
            />
          ))}
        </ColumnsTable>
      </Paper>
      <Dialog
        open={creating}
        onClose={() => setCreating(false)}
        maxWidth="sm"
        fullWidth
        data-testid="create-account-dialog"
      >
        {creating ? <CreateAccountForm onClose={() => setCreating(false)} /> : null}
      </Dialog>
      <Dialog
        open={!!editing}
        onClose={() => setEditing(undefined)}
        maxWidth="xs"
        fullWidth
        data-testid="edit-account-dialog"
      >
        {editing ? <EditAccountForm account={editing} onClose={() => setEditing(undefined)} /> : null}
      </Dialog>
      <Dialog
        open={!!adjusting}
        onClose={() => setAdjusting(undefined)}
        maxWidth="xs"
        fullWidth
        data-testid="adjust-balance-dialog"
      >
        {adjusting ? (
          <AdjustBalanceForm
            account={adjusting.account}
            direction={adjusting.direction}
            onClose={() => setAdjusting(undefined)}
          />
        ) : null}
      </Dialog>
    </Stack>
  );
}

function AccountRow({
  account,
  onAdjust,
  onEdit,
}: {
  account: SandboxAccountView;
  onAdjust(direction: AdjustDirection): void;
  onEdit(): void;
}) {
  const queryClient = useQueryClient();
  const notify = useUi((s) => s.notify);
  const remove = useMutation({
    mutationFn: () => deleteAccount(account.account_id),
    onSuccess: () => {
      notify(`Deleted ${account.email}`, 'success');
      void queryClient.invalidateQueries({ queryKey: queryKeys.accounts.list });
    },
    onError: (error) => notify(error instanceof Error ? error.message : String(error), 'error'),
  });
  const name = account.business_name ?? `${account.name.given_name} ${account.name.surname}`;
  return (
    <TableRow data-testid={`account-row-${account.email}`} data-account-id={account.account_id}>
      <TableCell>
        <Typography variant="body2">{account.email}</Typography>
        <Typography variant="caption" color="text.secondary">
          {name} · {account.country_code}
          {account.seeded ? ' · seeded' : ''}
        </Typography>
      </TableCell>
      <TableCell>
        <Chip size="small" label={account.type} color={account.type === 'BUSINESS' ? 'primary' : 'default'} />
      </TableCell>
      <TableCell sx={{ fontFamily: MONO }}>{account.account_id}</TableCell>
      <TableCell sx={{ fontFamily: MONO }} data-testid="account-balances">
        {account.balances.map((b) => formatMoney(b)).join(' · ')}
      </TableCell>
      <TableCell>
        {account.cards.map((c) => `${c.brand} ••${c.last_digits}`).join(', ') || '—'}
        {account.bank_accounts.length > 0
          ? ` · bank ••${account.bank_accounts[0]?.account_number_last_digits}`
          : ''}
      </TableCell>
      <TableCell data-testid="account-partners">
        {account.partners.length === 0
          ? '—'
          : account.partners.map((p) => (
              <Chip
                key={p.partner_id}
                size="small"
                variant="outlined"
                color={p.revoked_at ? 'default' : 'success'}
                label={`${p.tracking_id || p.partner_id}${p.revoked_at ? ' (revoked)' : ''}`}
                sx={{ mr: 0.5 }}
              />
            ))}
      </TableCell>
      <TableCell align="right">
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
          <Button size="small" onClick={onEdit} data-testid="account-edit">
            Edit
          </Button>
          <Button size="small" onClick={() => onAdjust('CREDIT')} data-testid="account-top-up">
            Top up
          </Button>
          <Button size="small" onClick={() => onAdjust('DEBIT')} data-testid="account-drain">
            Drain
          </Button>
          <Tooltip
            title={
              account.seeded ? 'Seeded accounts stay: a reset restores them. Drain the balance instead.' : ''
            }
          >
            <span>
              <Button
                size="small"
                color="error"
                disabled={account.seeded || remove.isPending}
                onClick={() => remove.mutate()}
                data-testid="account-delete"
              >
                Delete
              </Button>
            </span>
          </Tooltip>
        </Stack>
      </TableCell>
    </TableRow>
  );
}
