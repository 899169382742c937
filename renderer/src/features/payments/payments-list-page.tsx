import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import Typography from '@mui/material/Typography';
import type { ResourceSummary } from '../../../../shared/bridge';
import { resourceRoute } from '../../app/router';
import { ResourceListPanel } from '../../components/resource-list-panel';
import { SortableHeadCell } from '../../components/sortable-head-cell';
import { useResourceList } from '../../components/use-resource-list';
import { PAYMENT_KINDS, type PaymentKind } from './payment-model';
import { ResourceLink } from '../../components/resource-link';
import { OpeningRow, TimeCell } from '../../components/opening-row';
import { LinkedStatusAmountCells } from '../../components/linked-status-amount-cells';

/** The resource a row's parent is, when it is not the order itself. */
const PARENT_KIND: Partial<Record<PaymentKind, PaymentKind>> = {
  capture: 'authorization',
  refund: 'capture',
};

/**
 * Authorizations, captures or refunds of the workspace: newest first, paged and filtered on the host,
 * live through the `queryKeys.resources` key that host change events invalidate.
 */
export function PaymentsListPage({ kind }: { kind: PaymentKind }) {
  // Each of the three lists keeps its own filters, page and order (by kind).
  return <PaymentsList key={kind} kind={kind} />;
}

function PaymentsList({ kind }: { kind: PaymentKind }) {
  const meta = PAYMENT_KINDS[kind];
  const parentKind = PARENT_KIND[kind];
  const list = useResourceList(kind);

  return (
    <Stack spacing={2} data-testid="payments-page" data-kind={kind}>
      <Typography variant="h5" component="h1">
        {meta.plural}
      </Typography>
      <ResourceListPanel
        list={list}
        states={Object.keys(meta.machine.states)}
        testIdPrefix="payments"
        searchPlaceholder="e.g. 3C679366"
        noun={meta.label.toLowerCase()}
        emptyText={emptyText(kind)}
        head={
          <>
            <SortableHeadCell list={list} field="id">
              Id
            </SortableHeadCell>
            <SortableHeadCell list={list} field="status">
              Status
            </SortableHeadCell>
            <TableCell align="right">Amount</TableCell>
            <TableCell>Order</TableCell>
            {parentKind ? <TableCell>{PAYMENT_KINDS[parentKind].label}</TableCell> : null}
            <SortableHeadCell list={list} field="create_time">
              Created
            </SortableHeadCell>
          </>
        }
        rows={list.items.map((item) => (
          <Row key={item.id} kind={kind} item={item} parentKind={parentKind} />
        ))}
      />
    </Stack>
  );
}

function Row({
  kind,
  item,
  parentKind,
}: {
  kind: PaymentKind;
  item: ResourceSummary;
  parentKind: PaymentKind | undefined;
}) {
  // A capture made with the order (intent CAPTURE) has the order as its parent, not an authorization.
  const parentId =
    parentKind && item.parent_id && item.parent_id !== item.root?.id ? item.parent_id : undefined;
  return (
    <OpeningRow to={resourceRoute(kind, item.id)} testId={`payment-row-${item.id}`} status={item.status}>
      <LinkedStatusAmountCells
        kind={kind}
        id={item.id}
        status={item.status}
        amount={item.amount}
        linkTestId="payment-link"
      />
      <TableCell>
        {item.root ? (
          <ResourceLink kind={item.root.kind} id={item.root.id} testId="payment-order-link" />
        ) : (
          '—'
        )}
      </TableCell>
      {parentKind ? (
        <TableCell>{parentId ? <ResourceLink kind={parentKind} id={parentId} /> : '—'}</TableCell>
      ) : null}
      <TimeCell time={item.create_time} />
    </OpeningRow>
  );
}

function emptyText(kind: PaymentKind): string {
  switch (kind) {
    case 'authorization':
      return 'No authorizations yet: create an order with intent AUTHORIZE, approve it and authorize it.';
    case 'capture':
      return 'No captures yet: capture an authorization, or an order with intent CAPTURE.';
    case 'refund':
      return 'No refunds yet: refund a capture from its page.';
  }
}
