import {
  subscriptionMachine as machine,
  type SubscriptionTrigger,
} from '../../../../shared/api/subscriptions/index.js';
import { refuseUnless } from '../../transition.js';
import type { StoredSubscription } from './types.js';

/** What each refused move says: the action, the statuses it needs, and the one the subscription is in. */
const NEEDS: Partial<Record<SubscriptionTrigger, string>> = {
  approve: 'APPROVAL_PENDING',
  update: 'APPROVAL_PENDING, APPROVED, ACTIVE or SUSPENDED',
  revise: 'APPROVED, ACTIVE or SUSPENDED',
  suspend: 'ACTIVE',
  activate: 'SUSPENDED',
  cancel: 'APPROVED, ACTIVE or SUSPENDED',
  capture: 'ACTIVE or SUSPENDED',
};

/** Answers 422 SUBSCRIPTION_STATUS_INVALID (or the machine's issue) naming the current status. */
export function refuseSubscription(subscription: StoredSubscription, trigger: SubscriptionTrigger): void {
  refuseUnless(
    machine,
    subscription,
    trigger,
    `Invalid subscription status for ${trigger} action; subscription status should be ${NEEDS[trigger] ?? 'another'} (it is ${subscription.status}).`,
  );
}
