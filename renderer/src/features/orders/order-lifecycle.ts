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
    edit: machineAvailability(orderMachine, status, 'update'),
  };
}
