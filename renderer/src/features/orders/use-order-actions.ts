import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { ApiResponse } from '../../../../shared/bridge';
import type { Link } from '../../api/api-call';
import { queryKeys } from '../../api/query-keys';
import { useUi } from '../../app/ui-store';
import { bridge } from '../../bridge';
import { approveAsBuyer, orderPath, settleOrder } from './orders-api';
import type { OrderView } from './order-view';

/** The order page's writes: approve as the sandbox buyer, authorize, capture; and where else it sends you. */

export type OrderCall = 'approve' | 'authorize' | 'capture';

export const ORDER_CALL_LABELS: Record<OrderCall, string> = {
  approve: 'Approve as buyer',
  authorize: 'Authorize',
  capture: 'Capture',
};

export function useOrderActions(id: string, order: OrderView, buyerLink: Link | undefined) {
  const queryClient = useQueryClient();
  const notify = useUi((s) => s.notify);
  const openInConsole = useUi((s) => s.openInConsole);
  const [error, setError] = useState<{ label: string; error: unknown } | undefined>();
  const [externalFailed, setExternalFailed] = useState(false);

  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.resource.all });
    void queryClient.invalidateQueries({ queryKey: queryKeys.resources.all });
  };

  const call = useMutation({
    mutationFn: (key: OrderCall): Promise<ApiResponse> =>
      key === 'approve' ? approveAsBuyer(id) : settleOrder(id, key),
    onMutate: () => setError(undefined),
    onSuccess: (response, key) => {
      const body = response.body as OrderView;
      if (key === 'approve')
        notify(`Order ${id} approved by ${body.payer?.email_address ?? 'the sandbox buyer'}`, 'success');
      else {
        const payments = (body.purchase_units ?? []).flatMap((u) =>
          key === 'capture' ? (u.payments?.captures ?? []) : (u.payments?.authorizations ?? []),
        );
        const kind = key === 'capture' ? 'capture' : 'authorization';
        notify(
          `Order ${id} ${key === 'capture' ? 'captured' : 'authorized'}${payments.length > 0 ? `: ${kind} ${payments.map((p) => p.id).join(', ')}` : ''}`,
          'success',
        );
      }
      refresh();
    },
    onError: (failure, key) => {
      setError({ label: ORDER_CALL_LABELS[key], error: failure });
      refresh();
    },
  });

  /** Opens the buyer's approval page: the user's browser under Electron, a new tab in a browser. */
  const openBuyerPage = () => {
    if (!buyerLink) return;
    setExternalFailed(false);
    if (window.workbench) {
      // Electron: the host opens the user's browser; the link on the page stays as the fallback.
      bridge.openExternal({ url: buyerLink.href }).then(
        (result) => {
          if (!result.opened) {
            setExternalFailed(true);
            notify('The browser could not be opened; use the buyer page link instead.', 'warning');
          }
        },
        () => setExternalFailed(true),
      );
    } else {
      window.open(buyerLink.href, '_blank', 'noopener,noreferrer');
    }
  };

  /** Opens the console on a PATCH of the first purchase unit's description. */
  const editInConsole = () => {
    const firstUnit = order.purchase_units?.[0];
    const referenceId = firstUnit?.reference_id ?? 'default';
    const description = firstUnit?.description;
    openInConsole({
      method: 'PATCH',
      path: orderPath(id),
      body: JSON.stringify(
        [
          {
            op: description === undefined ? 'add' : 'replace',
            path: `/purchase_units/@reference_id=='${referenceId}'/description`,
            value: description ?? 'New description',
          },
        ],
        null,
        2,
      ),
    });
  };

  return {
    run: (key: OrderCall) => call.mutate(key),
    pending: call.isPending,
    busy: (key: OrderCall) => call.isPending && call.variables === key,
    /** The last failed call, for the page's alert. */
    error,
    clearError: () => setError(undefined),
    openBuyerPage,
    /** The browser could not be opened: the page shows the link to copy. */
    externalFailed,
    editInConsole,
  };
}
