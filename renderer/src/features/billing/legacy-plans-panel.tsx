import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { legacyPlanSchedule } from '../../../../shared/billing/legacy-schedule';
import { describeSchedule } from '../../../../shared/billing/schedule';
import { formatTime } from '../../api/format';
import { queryKeys } from '../../api/query-keys';
import { StatusChip } from '../../components/status-chip';
import { DeprecatedNotice } from './deprecated-notice';
import { listLegacyPlans } from './legacy-api';
import { PagedTable } from './paged-table';
import { NamedLinkCell } from './named-link-cell';

/**
 * The deprecated v1 billing plans (`/v1/payments/billing-plans`, zero-indexed pages), each with its
 * state and its payment definitions in the same words as a subscription plan's schedule.
 */
export function LegacyPlansPanel() {
  const [page, setPage] = useState(0);
  const plans = useQuery({
    queryKey: queryKeys.billing.legacyPlans(page),
    queryFn: () => listLegacyPlans(page),
    placeholderData: keepPreviousData,
  });
  const rows = plans.data?.plans ?? [];
  const total = Number(plans.data?.total_items ?? rows.length);
  return (
    <Stack spacing={2}>
      <DeprecatedNotice what="Billing plans v1" operation="listPlans" />
      <Paper>
        <PagedTable
          query={plans}
          items={rows}
          total={Number.isFinite(total) ? total : rows.length}
          page={page}
          onPage={setPage}
          testId="legacy-plans-table"
          emptyText={
            <>
              No v1 billing plans. Integrations that still use them create them with{' '}
              <code>POST /v1/payments/billing-plans</code> (try it in the console).
            </>
          }
          head={
            <>
              <TableCell>Plan</TableCell>
              <TableCell>State</TableCell>
              <TableCell>Type</TableCell>
              <TableCell>Schedule</TableCell>
              <TableCell>Created</TableCell>
            </>
          }
          rows={rows.map((plan) => (
            <TableRow key={plan.id} hover data-testid={`legacy-plan-row-${plan.id}`}>
              <NamedLinkCell
                to={`/legacy-plans/${encodeURIComponent(plan.id)}`}
                name={plan.name ?? plan.id}
                id={plan.id}
              />
              <TableCell>
                <StatusChip status={plan.state ?? '—'} />
              </TableCell>
              <TableCell>{plan.type ?? '—'}</TableCell>
              <TableCell>
                {plan.payment_definitions ? describeSchedule(legacyPlanSchedule(plan)).text : '—'}
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatTime(plan.create_time)}</TableCell>
            </TableRow>
          ))}
        />
      </Paper>
    </Stack>
  );
}
