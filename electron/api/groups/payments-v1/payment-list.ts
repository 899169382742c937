import {
  PAYMENT_V1_KINDS as KINDS,
  type PaymentV1ListQueryInput,
} from '../../../../shared/api/payments-v1/index.js';
import { isoSeconds } from '../../../clock.js';
import type { Store } from '../../../store/store.js';
import { detail, invalidRequest } from '../../pipeline/api-error.js';
import type { RequestContext } from '../../route.js';
import type { StoredPaymentV1 } from './types.js';

/**
 * `GET /v1/payments/payment` (spec 4.6): the application's executed payments (a payment just created,
 * not yet executed, is absent; so is a failed one). Filters: `start_time` inclusive and `end_time`
 * exclusive on the sort column, `payee_id` (any transaction's payee). Paging: `start_id` starts the page
 * at that payment (the `next_id` of the previous page), `start_index` skips that many more; `count`
 * 1..20 (default 10).
 */
export function listPayments(
  store: Store,
  query: PaymentV1ListQueryInput,
  ctx: RequestContext,
): { payments: StoredPaymentV1[]; nextId: string | undefined } {
  const column = query.sort_by === 'update_time' ? 'update_time' : 'create_time';
  const time = (value: string | undefined) => (value ? isoSeconds(Date.parse(value)) : undefined);
  const ids = store.resources.ids({
    kind: KINDS.payment,
    app: ctx.app.id,
    status: 'approved',
    between: { column, from: time(query.start_time), to: time(query.end_time) },
    ...(query.payee_id
      ? { anyElement: { array: 'body.transactions', member: 'payee.merchant_id', value: query.payee_id } }
      : {}),
    sort: { by: column, order: query.sort_order === 'asc' ? 'asc' : 'desc' },
  });
  let start = 0;
  if (query.start_id !== undefined) {
    start = ids.indexOf(query.start_id);
    if (start < 0) {
      throw invalidRequest(
        detail('INVALID_PARAMETER_VALUE', {
          field: 'start_id',
          value: query.start_id,
          location: 'query',
          description:
            'start_id names no executed payment of this list (use the next_id of a previous page).',
        }),
      );
    }
  }
  start += query.start_index ?? 0;
  const page = ids.slice(start, start + query.count);
  return {
    payments: page.map((id) => store.resources.get(KINDS.payment, id) as StoredPaymentV1),
    nextId: ids[start + query.count],
  };
}
