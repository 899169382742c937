import Box from '@mui/material/Box';
import { NotFound } from '../../components/detail-parts';
import { QueryState } from '../../components/query-state';
import { isNotFound } from '../../api/api-call';
import { useResourceDetail } from '../../api/use-resource-detail';
import { AuthorizationDetail } from './authorization-detail';
import { CaptureDetail } from './capture-detail';
import { PAYMENT_KINDS, type PaymentKind } from './payment-model';
import { RefundDetail } from './refund-detail';

/**
 * One authorization, capture or refund (`#/authorizations/<id>` and so on). Data comes from the host
 * under `queryKeys.resource.detail(kind, id)`, so host change events and clock moves refresh it.
 */
export function PaymentDetailPage({ kind, id }: { kind: PaymentKind; id: string }) {
  const detail = useResourceDetail(kind, id);

  if (detail.error && isNotFound(detail.error)) {
    const meta = PAYMENT_KINDS[kind];
    return (
      <NotFound
        noun={kind}
        id={id}
        back={`/${meta.route}`}
        backLabel={`All ${meta.plural.toLowerCase()}`}
        testId="payment-not-found"
      />
    );
  }
  return (
    <Box data-testid="payment-detail" data-kind={kind} data-id={id} data-status={detail.data?.summary.status}>
      <QueryState loading={detail.isLoading} error={detail.error}>
        {detail.data ? (
          kind === 'authorization' ? (
            <AuthorizationDetail detail={detail.data} />
          ) : kind === 'capture' ? (
            <CaptureDetail detail={detail.data} />
          ) : (
            <RefundDetail detail={detail.data} />
          )
        ) : null}
      </QueryState>
    </Box>
  );
}
