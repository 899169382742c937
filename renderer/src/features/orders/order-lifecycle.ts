import { orderMachine, type OrderStatus } from '../../../../shared/api/orders-v2';
import {
  issueDescription,
  machineAvailability,
  unavailable,
  type Availability,
} from '../../api/machine-actions';

/**
 * Which of an order's lifecycle actions are available, and why not. Pure. The status rules are the
 * order's machine (with the issue the API would refuse the call with); the one rule the machine cannot
 * know is the order's intent: an AUTHORIZE order is authorized, a CAPTURE order captured.
 */

export type OrderActionKey = 'approve' | 'authorize' | 'capture' | 'edit';

export function orderActions(status: OrderStatus, intent: string): Record<OrderActionKey, Availability> {
  const settle = (action: 'authorize' | 'capture'): Availability =>
    intent !== action.toUpperCase()
      ? unavailable(
          `${issueDescription('ACTION_DOES_NOT_MATCH_INTENT')} Its intent is ${intent || 'unknown'}.`,
        )
      : machineAvailability(orderMachine, status, action);
  return {
    approve: machineAvailability(orderMachine, status, 'approve'),
    authorize: settle('authorize'),
    capture: settle('capture'),
    edit: editAvailability(status),
  };
}

/**
 * Whether the order takes a PATCH, and when not, why in its own state: the API's refusal alone
 * (ORDER_CANNOT_BE_UPDATED) speaks of COMPLETED orders, which tells a PAYER_ACTION_REQUIRED order's
 * owner nothing about what to wait for.
 */
function editAvailability(status: OrderStatus): Availability {
  const availability = machineAvailability(orderMachine, status, 'update');
  if (!availability.disabled) return availability;
  if (status === 'PAYER_ACTION_REQUIRED')
    return unavailable(
      'The buyer has yet to act on the payer-action link: the API refuses a PATCH (ORDER_CANNOT_BE_UPDATED) until the buyer approves; the APPROVED order can then be edited.',
    );
  if (status === 'VOIDED')
    return unavailable('A VOIDED order is closed: the API refuses a PATCH (ORDER_CANNOT_BE_UPDATED).');
  return availability;
}
