import TableCell from '@mui/material/TableCell';
import { formatMoney } from '../api/format';
import type { ResourceKind } from '../../../shared/bridge';
import { Amount } from './amount';
import { ResourceLink } from './resource-link';
import { StatusChip } from './status-chip';

/**
 * The cells a row of money-moving resources leads with (payments, their related captures and refunds,
 * v1 sales): the linked id, its status and its amount, right-aligned as every money column is, so the
 * lists and the detail pages' related tables read alike.
 */
export function LinkedStatusAmountCells({
  kind,
  id,
  status,
  amount,
  linkTestId,
}: {
  kind: ResourceKind;
  id: string;
  status: string;
  amount: { currency_code?: string; value?: string } | undefined;
  linkTestId?: string;
}) {
  return (
    <>
      <TableCell>
        <ResourceLink kind={kind} id={id} testId={linkTestId} />
      </TableCell>
      <TableCell>
        <StatusChip status={status} />
      </TableCell>
      <TableCell align="right">
        <Amount>{formatMoney(amount)}</Amount>
      </TableCell>
    </>
  );
}
