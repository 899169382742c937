import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { hrefFor } from '../../app/router';
import { QueryState } from '../../components/query-state';
import { isNotFound } from '../../api/api-call';
import { usePaymentDetail } from './payment-queries';
import { AuthorizationDetail } from './authorization-detail';
import { CaptureDetail } from './capture-detail';
import { PAYMENT_KINDS, type PaymentKind } from './payment-model';
import { MONO } from '../../components/mono-font';
import { RefundDetail } from './refund-detail';

/**
 * One authorization, capture or refund (`#/authorizations/<id>` and so on). Data comes from the host
 * under `queryKeys.resource.detail(kind, id)`, so host change events and clock moves refresh it.
 */
export function PaymentDetailPage({ kind, id }: { kind: PaymentKind; id: string }) {
  const detail = usePaymentDetail(kind, id);

  if (detail.error && isNotFound(detail.error)) return <NotFound kind={kind} id={id} />;
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

function NotFound({ kind, id }: { kind: PaymentKind; id: string }) {
  const meta = PAYMENT_KINDS[kind];
  return (
    <Paper sx={{ p: 4, textAlign: 'center' }} data-testid="payment-not-found">
      <Typography variant="h6" component="h1">
        No {kind}{' '}
        <Box component="span" sx={{ fontFamily: MONO }}>
          {id}
        </Box>
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1, mb: 2 }}>
        The active workspace has no {kind} with this id. It may belong to another data folder, or the sandbox
        was reset.
      </Typography>
      <Button variant="outlined" href={hrefFor(`/${meta.route}`)}>
        All {meta.plural.toLowerCase()}
      </Button>
    </Paper>
  );
}
