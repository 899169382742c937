import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { ResourceSummary } from '../../../../shared/bridge';
import { formatMoney } from '../../api/format';
import { resourceRoute } from '../../app/router';
import { ResourceListPanel } from '../../components/resource-list-panel';
import { StatusChip } from '../../components/status-chip';
import { useResourceList } from '../../components/use-resource-list';
import { Amount } from '../../components/amount';
import { ResourceLink } from '../../components/resource-link';
import { CreatePaymentDialog } from './create-payment-dialog';
import { LegacyPaymentsNotice } from './deprecation-notice';
import { LEGACY_KINDS, type LegacyKind } from './legacy-model';
import { OpeningRow, TimeCell } from '../../components/opening-row';

/**
 * The v1 resources of one kind (payments, sales, ...): newest first, paged and filtered on the host, live
 * through the resources key host change events invalidate. The payments list creates payments too.
 */
export function LegacyListPage({ kind }: { kind: LegacyKind }) {
  return <LegacyList key={kind} kind={kind} />;
}

function LegacyList({ kind }: { kind: LegacyKind }) {
  const meta = LEGACY_KINDS[kind];
  const list = useResourceList(kind);
  const [creating, setCreating] = useState(false);
  const isPayment = kind === 'payment-v1';
  return (
    <Stack spacing={2} data-testid="legacy-list-page" data-kind={kind}>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 2 }}>
        <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }}>
          {meta.plural}
        </Typography>
        {isPayment ? (
          <Button variant="contained" onClick={() => setCreating(true)} data-testid="create-v1-payment">
            Create payment
          </Button>
        ) : null}
      </Stack>
      <LegacyPaymentsNotice apiPath={meta.apiPath} />
      <ResourceListPanel
        list={list}
        states={Object.keys(meta.machine.states)}
        testIdPrefix="legacy"
        searchPlaceholder={isPayment ? 'e.g. PAY-1B56' : 'e.g. 3C679366'}
        noun={meta.label.toLowerCase()}
        emptyText={
          isPayment
            ? 'No v1 payments yet: create one here, in the console (POST /v1/payments/payment) or with a v1 SDK.'
            : `No ${meta.plural.toLowerCase()} yet: they are made when v1 payments are executed.`
        }
        head={
          <>
            <TableCell>Id</TableCell>
            <TableCell>State</TableCell>
            {isPayment ? <TableCell>Intent</TableCell> : <TableCell>Payment</TableCell>}
            <TableCell align="right">Amount</TableCell>
            <TableCell>Created</TableCell>
          </>
        }
        rows={list.items.map((item) => (
          <Row key={item.id} kind={kind} item={item} isPayment={isPayment} />
        ))}
      />
      {isPayment ? <CreatePaymentDialog open={creating} onClose={() => setCreating(false)} /> : null}
    </Stack>
  );
}

function Row({ kind, item, isPayment }: { kind: LegacyKind; item: ResourceSummary; isPayment: boolean }) {
  return (
    <OpeningRow to={resourceRoute(kind, item.id)} testId={`legacy-row-${item.id}`} status={item.status}>
      <TableCell>
        <ResourceLink kind={kind} id={item.id} testId="legacy-link" />
      </TableCell>
      <TableCell>
        <StatusChip status={item.status} />
      </TableCell>
      <TableCell>
        {isPayment ? (
          (item.intent ?? '—')
        ) : item.root ? (
          <ResourceLink kind={item.root.kind} id={item.root.id} />
        ) : (
          '—'
        )}
      </TableCell>
      <TableCell align="right">
        <Amount>{formatMoney(item.amount)}</Amount>
      </TableCell>
      <TimeCell time={item.create_time} />
    </OpeningRow>
  );
}
