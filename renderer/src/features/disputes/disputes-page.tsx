import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { formatMoney, formatTime } from '../../api/format';
import { useSimulatedNow } from '../../api/use-simulated-now';
import { hrefFor } from '../../app/router';
import { MONO } from '../../components/mono-font';
import { Section } from '../../components/section';
import { queryKeys } from '../../api/query-keys';
import { byDueDate, dueDateOf, timeLeft, type DisputeView } from './dispute-model';
import { listOpenDisputes, QUEUE_PAGE_SIZE } from './disputes-api';
import { OpenDisputeButton } from './open-dispute-dialog';
import { ListTable } from '../../components/list-table';

/**
 * `#/disputes`: the support agent's queue. Open disputes (the API's list of the waiting states), the
 * earliest due date first, with the time left on the simulated clock; each row opens its dispute.
 */
export function DisputesPage() {
  const queue = useQuery({
    queryKey: queryKeys.disputes.queue,
    queryFn: async () => (await listOpenDisputes()).body as { items: DisputeView[] },
  });
  const now = useSimulatedNow();
  const rows = byDueDate(queue.data?.items ?? []);
  return (
    <Stack spacing={2} data-testid="disputes-page">
      <Section title="Open disputes" action={<OpenDisputeButton />} testId="dispute-queue">
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          Sorted by due date; the time left counts on the simulated clock. Showing up to {QUEUE_PAGE_SIZE}.
        </Typography>
        <ListTable
          query={queue}
          empty={rows.length === 0}
          emptyText="No open disputes."
          columns={[
            'Dispute',
            'Reason',
            'Stage',
            'Status',
            { label: 'Amount', align: 'right' },
            'Due',
            'Time left',
          ]}
        >
          {rows.map((d) => (
            <TableRow key={d.dispute_id} data-testid="dispute-row" data-dispute-id={d.dispute_id}>
              <TableCell sx={{ fontFamily: MONO }}>
                <Link href={hrefFor(`/disputes/${encodeURIComponent(d.dispute_id)}`)}>{d.dispute_id}</Link>
              </TableCell>
              <TableCell>{d.reason}</TableCell>
              <TableCell>{d.dispute_life_cycle_stage}</TableCell>
              <TableCell>{d.status}</TableCell>
              <TableCell align="right">{formatMoney(d.dispute_amount)}</TableCell>
              <TableCell>{formatTime(dueDateOf(d))}</TableCell>
              <TableCell data-testid="dispute-time-left">{timeLeft(dueDateOf(d), now)}</TableCell>
            </TableRow>
          ))}
        </ListTable>
      </Section>
    </Stack>
  );
}
