import { defineMachine } from '../../machines/machine.js';

export const TRACKER_STATUSES = ['SHIPPED', 'ON_HOLD', 'DELIVERED', 'LOCAL_PICKUP', 'CANCELLED'] as const;
export type TrackerStatus = (typeof TRACKER_STATUSES)[number];
export type TrackerTrigger =
  | 'add-shipped'
  | 'add-on-hold'
  | 'add-delivered'
  | 'add-local-pickup'
  | 'update'
  | 'ship'
  | 'hold'
  | 'deliver'
  | 'pickup'
  | 'cancel';

/** The states a tracker can still move from (CANCELLED is final: its tracking number no longer applies). */
const OPEN = ['SHIPPED', 'ON_HOLD', 'DELIVERED', 'LOCAL_PICKUP'] as const;
const except = (state: TrackerStatus) => OPEN.filter((s) => s !== state);

/** The trigger that creates a tracker in each status (a new tracker cannot be CANCELLED). */
export const ADD_TRIGGER: Readonly<Record<Exclude<TrackerStatus, 'CANCELLED'>, TrackerTrigger>> = {
  SHIPPED: 'add-shipped',
  ON_HOLD: 'add-on-hold',
  DELIVERED: 'add-delivered',
  LOCAL_PICKUP: 'add-local-pickup',
};

/** The trigger an update to each status is (an update that keeps the status is `update`). */
export const MOVE_TRIGGER: Readonly<Record<TrackerStatus, TrackerTrigger>> = {
  SHIPPED: 'ship',
  ON_HOLD: 'hold',
  DELIVERED: 'deliver',
  LOCAL_PICKUP: 'pickup',
  CANCELLED: 'cancel',
};

const CLOSED = { issue: 'TRACKER_CANCELLED' } as const;

/** Shipment trackers (spec 2.16, part 3: PUT with status CANCELLED cancels; at most 5 updates). */
export const trackerMachine = defineMachine<TrackerStatus, TrackerTrigger>({
  resource: 'tracker',
  states: {
    SHIPPED: 'The shipment is on its way.',
    ON_HOLD: 'The shipment is held (by the carrier or the merchant).',
    DELIVERED: 'The shipment was delivered.',
    LOCAL_PICKUP: 'The buyer picks the goods up locally.',
    CANCELLED: 'Cancelled: the tracking number no longer applies.',
  },
  transitions: [
    { trigger: 'add-shipped', from: [], to: 'SHIPPED', label: 'Add tracking (shipped)' },
    { trigger: 'add-on-hold', from: [], to: 'ON_HOLD', label: 'Add tracking (on hold)' },
    { trigger: 'add-delivered', from: [], to: 'DELIVERED', label: 'Add tracking (delivered)' },
    { trigger: 'add-local-pickup', from: [], to: 'LOCAL_PICKUP', label: 'Add tracking (local pickup)' },
    ...OPEN.map((s) => ({ trigger: 'update' as const, from: [s], to: s, label: 'Update' })),
    { trigger: 'ship', from: except('SHIPPED'), to: 'SHIPPED', label: 'Shipped' },
    { trigger: 'hold', from: except('ON_HOLD'), to: 'ON_HOLD', label: 'On hold' },
    { trigger: 'deliver', from: except('DELIVERED'), to: 'DELIVERED', label: 'Delivered' },
    { trigger: 'pickup', from: except('LOCAL_PICKUP'), to: 'LOCAL_PICKUP', label: 'Local pickup' },
    { trigger: 'cancel', from: [...OPEN], to: 'CANCELLED', label: 'Cancel' },
  ],
  refusals: {
    update: CLOSED,
    ship: CLOSED,
    hold: CLOSED,
    deliver: CLOSED,
    pickup: CLOSED,
    cancel: CLOSED,
  },
});
