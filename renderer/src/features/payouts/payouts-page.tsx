import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import TableCell from '@mui/material/TableCell';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { navigate } from '../../app/router';
import { ResourceListPanel } from '../../components/resource-list-panel';
import { useResourceList } from '../../components/use-resource-list';
import { BatchRow } from './batch-row';
import { CreateBatchForm } from './create-batch-form';
import { FundingBar } from './funding-bar';
import { BATCH_STATUSES, PAYOUT_BATCH_KIND } from './payout-model';
import { ReferencedPayoutsPanel } from './referenced-payouts-panel';

/** The two lists of the page: `#/payouts` and `#/referenced-payouts`. */
export type PayoutsTab = 'payouts' | 'referenced-payouts';

/**
 * The Payouts page: payout batches newest first with their status and totals, the create form, and
 * referenced payouts on a tab beside them. Lists are live through `queryKeys.resources`.
 */
export function PayoutsPage({ tab }: { tab: PayoutsTab }) {
  const [creating, setCreating] = useState(false);
  return (
    <Stack spacing={2} data-testid="payouts-page" data-tab={tab}>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 2 }}>
        <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }}>
          Payouts
        </Typography>
        {tab === 'payouts' ? (
          <Button variant="contained" onClick={() => setCreating(true)} data-testid="create-payout-button">
            Create batch
          </Button>
        ) : null}
      </Stack>
      <Tabs
        value={tab}
        onChange={(_e, next: PayoutsTab) => navigate(`/${next}`)}
        sx={{ borderBottom: 1, borderColor: 'divider' }}
      >
        <Tab value="payouts" label="Batches" data-testid="payouts-tab-batches" />
        <Tab value="referenced-payouts" label="Referenced payouts" data-testid="payouts-tab-referenced" />
      </Tabs>
      <FundingBar />
      {tab === 'payouts' ? <BatchesList onCreate={() => setCreating(true)} /> : <ReferencedPayoutsPanel />}
      <Dialog
        open={creating}
        // Only Cancel closes it: a stray click or Escape must not throw away 15,000 imported rows.
        maxWidth="xl"
        fullWidth
        scroll="paper"
        aria-labelledby="create-payout-title"
        data-testid="create-payout-dialog"
      >
        {creating ? (
          <CreateBatchForm
            onClose={() => setCreating(false)}
            onCreated={(id) => {
              setCreating(false);
              navigate(`/payouts/${encodeURIComponent(id)}`);
            }}
          />
        ) : null}
      </Dialog>
    </Stack>
  );
}

function BatchesList({ onCreate }: { onCreate(): void }) {
  const list = useResourceList(PAYOUT_BATCH_KIND);
  return (
    <ResourceListPanel
      list={list}
      states={BATCH_STATUSES}
      testIdPrefix="payouts"
      searchPlaceholder="e.g. 5UXD2E8A7EBQJ"
      noun="payout"
      emptyText={
        <>
          No payout batches yet —{' '}
          <Link
            component="button"
            type="button"
            onClick={onCreate}
            sx={{ verticalAlign: 'baseline' }}
            data-testid="empty-create-payout"
          >
            create one
          </Link>{' '}
          from a few rows or a CSV file.
        </>
      }
      head={
        <>
          <TableCell>Batch</TableCell>
          <TableCell>Sender batch id</TableCell>
          <TableCell>Status</TableCell>
          <TableCell align="right">Items</TableCell>
          <TableCell align="right">Amount</TableCell>
          <TableCell align="right">Fees</TableCell>
          <TableCell>Created</TableCell>
        </>
      }
      rows={list.items.map((batch) => (
        <BatchRow key={batch.id} batch={batch} />
      ))}
    />
  );
}
