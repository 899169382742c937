import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { formatTime } from '../../api/format';
import { hrefFor } from '../../app/router';
import { ApiErrorAlert } from '../../components/api-error-alert';
import { MONO } from '../../components/mono-font';
import { Section } from '../../components/section';
import { useSimulatedNow } from '../../api/use-simulated-now';
import { formatMoneyV1, formatTotals, returnPreview } from './payout-model';
import { useAdvanceThirtyDays } from './payout-mutations';
import { UNCLAIMED_LIST_LIMIT, useUnclaimedItems } from './payout-queries';
import { DialogButtons } from '../../components/dialog-buttons';

/**
 * What 30 more simulated days would return: every item unclaimed now, with its total, when each
 * returns, and a button that advances the clock 30 days (after a confirm) so the return happens.
 */
export function ReturnPreview({ batchId, unclaimed }: { batchId: string; unclaimed: number }) {
  const query = useUnclaimedItems(batchId, unclaimed > 0);
  const nowMs = useSimulatedNow();
  const advance = useAdvanceThirtyDays();
  const [confirming, setConfirming] = useState(false);
  const preview = returnPreview(query.data?.items ?? [], nowMs);
  const count = unclaimed > 0 ? (query.data?.total ?? unclaimed) : 0;

  return (
    <Section
      title="In 30 more simulated days"
      testId="payout-return-preview"
      action={
        <Button
          variant="outlined"
          size="small"
          onClick={() => setConfirming(true)}
          disabled={advance.isPending}
          data-testid="payout-advance-30"
        >
          {advance.isPending ? 'Advancing…' : 'Advance the clock 30 days'}
        </Button>
      }
    >
      <Stack spacing={1.5}>
        <Typography variant="body2" data-testid="payout-return-summary" data-count={count}>
          {count === 0
            ? 'Nothing would return: no item of this batch is unclaimed.'
            : `${count.toLocaleString('en-US')} unclaimed item${count === 1 ? '' : 's'} would return to the sender: `}
          {count > 0 ? (
            <Typography
              component="span"
              sx={{ fontFamily: MONO, fontWeight: 600 }}
              data-testid="payout-return-total"
            >
              {formatTotals(preview.totals)}
            </Typography>
          ) : null}
        </Typography>
        {count > 0 ? (
          <Box sx={{ maxHeight: 280, overflowY: 'auto' }}>
            <Table size="small" stickyHeader data-testid="payout-return-items">
              <TableHead>
                <TableRow>
                  <TableCell>Unclaimed item</TableCell>
                  <TableCell align="right">Amount</TableCell>
                  <TableCell>Returns</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {preview.items.slice(0, UNCLAIMED_LIST_LIMIT).map((item) => (
                  <TableRow key={item.id} data-testid={`payout-return-item-${item.id}`}>
                    <TableCell>
                      <Link
                        href={hrefFor(`/payout-items/${encodeURIComponent(item.id)}`)}
                        sx={{ fontFamily: MONO }}
                      >
                        {item.id}
                      </Link>
                    </TableCell>
                    <TableCell align="right" sx={{ fontFamily: MONO }}>
                      {formatMoneyV1(item.amount)}
                    </TableCell>
                    <TableCell sx={{ color: 'text.secondary' }}>
                      {formatTime(item.returnsAt)}
                      {item.daysLeft !== undefined
                        ? ` (in ${item.daysLeft} day${item.daysLeft === 1 ? '' : 's'})`
                        : ''}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        ) : null}
        {count > UNCLAIMED_LIST_LIMIT ? (
          <Typography variant="caption" color="text.secondary">
            The first {UNCLAIMED_LIST_LIMIT} are listed; the total counts all {count.toLocaleString('en-US')}.
          </Typography>
        ) : null}
        <ApiErrorAlert
          error={advance.error}
          title="The clock did not move"
          onClose={() => advance.reset()}
          testId="payout-advance-error"
        />
      </Stack>
      <Dialog
        open={confirming}
        onClose={() => setConfirming(false)}
        maxWidth="xs"
        data-testid="payout-advance-dialog"
      >
        <DialogTitle>Advance the simulated clock 30 days?</DialogTitle>
        <DialogContent>
          <DialogContentText>
            Time moves for the whole sandbox, not only this batch: every job that falls due runs (unclaimed
            payouts return, authorizations expire, webhooks retry). It cannot be moved back.
            {count > 0
              ? ` ${count} unclaimed item${count === 1 ? '' : 's'} of this batch would return: ${formatTotals(preview.totals)}.`
              : ''}
          </DialogContentText>
        </DialogContent>
        <DialogButtons
          onClose={() => setConfirming(false)}
          closeLabel="Keep the clock"
          focusClose
          submitLabel="Advance 30 days"
          onSubmit={() => {
            setConfirming(false);
            advance.mutate();
          }}
          testId="payout-advance-confirm"
        />
      </Dialog>
    </Section>
  );
}
