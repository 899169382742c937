import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { hrefFor, navigate } from '../../app/router';
import { useUi } from '../../app/ui-store';
import { queryKeys } from '../../api/query-keys';
import { ApiErrorAlert } from '../../components/api-error-alert';
import { MONO } from '../../components/mono-font';
import { StatusChip } from '../../components/status-chip';
import { CreateOrderDialog, draftForToken, type OrderDraft } from '../orders';
import { deleteToken, describeToken, listTokens, type PaymentTokenView } from './vault-api';
import { DialogButtons } from '../../components/dialog-buttons';
import { ListTable } from '../../components/list-table';

/**
 * `#/vault/<customer id>`: the customer's payment tokens as `GET /v3/vault/payment-tokens` lists them
 * (5 a page, the API's largest page), each with its kind, what identifies it, and two actions: use it
 * in a new order (the create-order form charging its `vault_id`), or delete it.
 */
export function VaultCustomerPage({ id }: { id: string }) {
  const [page, setPage] = useState(1);
  const queryClient = useQueryClient();
  const notify = useUi((s) => s.notify);
  const [draft, setDraft] = useState<OrderDraft | undefined>();
  const [deleting, setDeleting] = useState<PaymentTokenView | undefined>();

  const tokens = useQuery({
    queryKey: queryKeys.vault.customer(id, page),
    queryFn: () => listTokens(id, page),
    placeholderData: keepPreviousData,
  });
  const remove = useMutation({
    mutationFn: (token: PaymentTokenView) => deleteToken(token.id),
    onSuccess: (_response, token) => {
      notify(`Payment token ${token.id} deleted`, 'success');
      setDeleting(undefined);
      void queryClient.invalidateQueries({ queryKey: queryKeys.resources.all });
    },
  });
  const totalPages = tokens.data?.total_pages ?? 1;
  const list = tokens.data?.payment_tokens ?? [];

  return (
    <Stack spacing={2} data-testid="vault-customer-page" data-customer-id={id}>
      <Link href={hrefFor('/vault')} underline="hover" sx={{ alignSelf: 'flex-start', fontSize: 14 }}>
        ← Vault
      </Link>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'baseline' }}>
        <Typography variant="h5" component="h1">
          Customer{' '}
          <Typography component="span" variant="h5" sx={{ fontFamily: MONO }}>
            {id}
          </Typography>
        </Typography>
        <Typography color="text.secondary" data-testid="vault-token-total">
          {tokens.data?.total_items ?? 0} token{tokens.data?.total_items === 1 ? '' : 's'}
        </Typography>
      </Stack>
      <Paper>
        <ListTable
          query={tokens}
          empty={list.length === 0}
          emptyText="This customer has no payment tokens in the vault."
          columns={['Token', 'Kind', 'Payment method', 'Status', { label: 'Actions', align: 'right' }]}
          testId="vault-tokens"
        >
          {list.map((token) => {
            const { kind, label, orderKind } = describeToken(token);
            const mandate = token.links?.find((l) => l.rel === 'view-mandate');
            return (
              <TableRow key={token.id} data-testid={`vault-token-${token.id}`} data-kind={kind}>
                <TableCell sx={{ fontFamily: MONO }}>{token.id}</TableCell>
                <TableCell>{kind}</TableCell>
                <TableCell>
                  {label}
                  {mandate ? (
                    <>
                      {' · '}
                      <Link href={mandate.href} target="_blank" rel="noreferrer">
                        mandate ↗
                      </Link>
                    </>
                  ) : null}
                </TableCell>
                <TableCell>
                  <StatusChip status="VAULTED" />
                </TableCell>
                <TableCell align="right">
                  <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
                    <Button
                      size="small"
                      disabled={!orderKind}
                      title={orderKind ? undefined : 'Orders v2 take vaulted cards and wallets.'}
                      onClick={() => orderKind && setDraft(draftForToken(token.id, orderKind))}
                      data-testid={`vault-use-${token.id}`}
                    >
                      Use in a new order
                    </Button>
                    <Button
                      size="small"
                      color="error"
                      onClick={() => setDeleting(token)}
                      data-testid={`vault-delete-${token.id}`}
                    >
                      Delete
                    </Button>
                  </Stack>
                </TableCell>
              </TableRow>
            );
          })}
        </ListTable>
        {totalPages > 1 ? (
          <Stack
            direction="row"
            spacing={1}
            sx={{ p: 1.5, alignItems: 'center', justifyContent: 'flex-end' }}
          >
            <Button size="small" disabled={page <= 1} onClick={() => setPage(page - 1)}>
              Previous
            </Button>
            <Typography variant="body2">
              Page {page} of {totalPages}
            </Typography>
            <Button size="small" disabled={page >= totalPages} onClick={() => setPage(page + 1)}>
              Next
            </Button>
          </Stack>
        ) : null}
      </Paper>
      {tokens.data && (tokens.data.total_items ?? 0) > 50 ? (
        <Alert severity="info">The list shows the first 50 tokens (10 pages of 5, spec part 8).</Alert>
      ) : null}

      <Dialog
        open={deleting !== undefined}
        onClose={() => setDeleting(undefined)}
        data-testid="vault-delete-dialog"
      >
        <DialogTitle>Delete payment token {deleting?.id}?</DialogTitle>
        <DialogContent>
          <Typography>
            DELETE {`/v3/vault/payment-tokens/${deleting?.id ?? ''}`}: orders can no longer charge it, and
            reads answer 404. A VAULT.PAYMENT-TOKEN.DELETED event is sent.
          </Typography>
          {remove.error ? <ApiErrorAlert error={remove.error} title="Delete" /> : null}
        </DialogContent>
        <DialogButtons
          onClose={() => setDeleting(undefined)}
          closeLabel="Keep"
          submitLabel="Delete"
          color="error"
          pending={remove.isPending}
          onSubmit={() => deleting && remove.mutate(deleting)}
          testId="vault-delete-confirm"
        />
      </Dialog>
      <CreateOrderDialog
        open={draft !== undefined}
        initial={draft}
        onClose={() => setDraft(undefined)}
        onCreated={(orderId) => {
          setDraft(undefined);
          navigate(`/orders/${orderId}`);
        }}
      />
    </Stack>
  );
}
