import type { PayoutItemTrigger } from '../../../../shared/api/payouts/machines.js';
import { isPlausiblePhone } from '../../../../shared/api/payouts/payout-rules.js';
import { reservedReceiver, type PayoutItemError } from '../../../../shared/api/payouts/sandbox-receivers.js';
import type { Account } from '../../../store/repositories/accounts-repo.js';
import type { Store } from '../../../store/store.js';
import type { PayoutItemSpec } from './types.js';

/** What processing does with one item: the create trigger of its outcome, and who is paid. */
export interface Outcome {
  trigger: Extract<PayoutItemTrigger, 'pay' | 'leave-unclaimed' | 'fail' | 'block' | 'deny' | 'hold'>;
  error?: PayoutItemError;
  account?: Account;
  /** Paid, then refunded by the receiver. */
  refund?: boolean;
}

const RESERVED_TRIGGERS: Readonly<Record<string, Outcome['trigger']>> = {
  FAILED: 'fail',
  BLOCKED: 'block',
  DENIED: 'deny',
  ONHOLD: 'hold',
  REFUNDED: 'pay',
  UNCLAIMED: 'leave-unclaimed',
};

/** Outcomes whose item takes the sender's money (amount and fee). */
export const isPaying = (outcome: Outcome): boolean =>
  outcome.trigger === 'pay' || outcome.trigger === 'leave-unclaimed' || outcome.trigger === 'hold';

/**
 * The outcome of one item, from the sandbox receiver table (shared/api/payouts/sandbox-receivers.ts).
 * Accounts are looked up once per chunk (`accounts` caches them, misses included).
 */
export function outcomeOf(
  spec: PayoutItemSpec,
  store: Store,
  accounts: Map<string, Account | null>,
): Outcome {
  const reserved = reservedReceiver(spec.recipient_type, spec.receiver);
  if (reserved) {
    return {
      trigger: RESERVED_TRIGGERS[reserved.status] ?? 'fail',
      ...(reserved.error ? { error: reserved.error } : {}),
      ...(reserved.status === 'REFUNDED' ? { refund: true } : {}),
    };
  }
  const lookup = (key: string, find: () => Account | undefined): Account | undefined => {
    if (!accounts.has(key)) accounts.set(key, find() ?? null);
    return accounts.get(key) ?? undefined;
  };
  switch (spec.recipient_type) {
    case 'EMAIL': {
      const account = lookup(`e:${spec.receiver.toLowerCase()}`, () => store.accounts.byEmail(spec.receiver));
      return account
        ? { trigger: 'pay', account }
        : { trigger: 'leave-unclaimed', error: 'RECEIVER_UNREGISTERED' };
    }
    case 'PHONE':
      // No sandbox account has a phone number; spec 3: phone numbers are checked when processed.
      return isPlausiblePhone(spec.receiver)
        ? { trigger: 'leave-unclaimed', error: 'RECEIVER_UNREGISTERED' }
        : { trigger: 'fail', error: 'RECEIVER_PHONE_INVALID' };
    case 'SVC_ID': {
      const account = lookup(`i:${spec.receiver}`, () => store.accounts.byId(spec.receiver));
      return account ? { trigger: 'pay', account } : { trigger: 'fail', error: 'RECEIVER_UNREGISTERED' };
    }
  }
}
