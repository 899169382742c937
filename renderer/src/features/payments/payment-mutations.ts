import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { ApiResponse, BridgeInput } from '../../../../shared/bridge';
import { callApi, newRequestId } from '../../api/api-call';
import { queryKeys } from '../../api/query-keys';
import { useUi } from '../../app/ui-store';
import { apiPathOf, type PaymentKind } from './payment-model';

/** The API writes of the payment pages (capture, refund, reauthorize, void). */

/**
 * An API write from a payment page: resolves on 2xx (else throws ApiCallError for the form's Alert),
 * and on success refreshes every resource view at once, without waiting for the host's change event.
 */
export function usePaymentCall<V>(
  request: (variables: V) => BridgeInput<'sendRequest'>,
  onSuccess: (response: ApiResponse, variables: V) => void,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: V) => callApi(request(variables)),
    onSuccess: (response, variables) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.resource.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.resources.all });
      onSuccess(response, variables);
    },
  });
}

/**
 * A POST to `<resource>/<action>` (capture, refund, reauthorize, void) from a dialog. The Svc-Request-Id is
 * one per mounted dialog: a retry after a time-out or 5xx repeats the call safely (spec part 7).
 */
export function usePaymentAction<V>(
  kind: PaymentKind,
  id: string,
  action: string,
  onSuccess: (response: ApiResponse, variables: V) => void,
) {
  const [requestId] = useState(newRequestId);
  return usePaymentCall(
    (body: V) => ({
      method: 'POST',
      path: `${apiPathOf(kind, id)}/${action}`,
      headers: { 'Svc-Request-Id': requestId, Prefer: 'return=representation' },
      // A void sends no body at all.
      ...(body === undefined ? {} : { body }),
    }),
    onSuccess,
  );
}

/**
 * A capture or a refund from its dialog: once the API created it, says what it took (the amount as the
 * API answered it) and hands the new resource's id on, so the page can open it.
 */
export function useCreatingMoneyAction<V>(
  kind: PaymentKind,
  id: string,
  action: 'capture' | 'refund',
  { done, currency, onCreated }: { done: string; currency: string; onCreated(createdId: string): void },
) {
  const notify = useUi((s) => s.notify);
  return usePaymentAction<V>(kind, id, action, (response) => {
    const created = response.body as { id?: string; amount?: { value?: string } } | undefined;
    notify(
      `${done} ${created?.amount?.value ?? ''} ${currency} as ${created?.id ?? `a new ${action}`}`,
      'success',
    );
    onCreated(created?.id ?? '');
  });
}
