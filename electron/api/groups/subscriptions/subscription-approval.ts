import {
  subscriptionMachine as machine,
  type FundingChoice,
} from '../../../../shared/api/subscriptions/index.js';
import { isoSeconds } from '../../../clock.js';
import type { Account } from '../../../store/repositories/accounts-repo.js';
import type { ApiDeps } from '../../deps.js';
import { detail, unprocessable } from '../../pipeline/api-error.js';
import { transition } from '../../transition.js';
import type { BillingEngine } from './jobs.js';
import { refuseSubscription } from './subscription-refusals.js';
import { revisionAwaitsBuyer } from './subscription-views.js';
import type { StoredSubscription } from './types.js';

/**
 * The sandbox buyer approves a subscription (the approval page or the test helper), paying by wallet or
 * card; on a running subscription, its subscriber approves the pending price rise.
 */
export function approveSubscription(
  deps: ApiDeps,
  engine: BillingEngine,
  subscription: StoredSubscription,
  buyerEmail: string,
  funding: FundingChoice,
): Account {
  // A change to a running subscription is the subscriber's to approve, once, whoever a form names.
  if (subscription.status !== 'APPROVAL_PENDING' && revisionAwaitsBuyer(subscription))
    return approveRevision(deps, subscription);
  const buyer = deps.store.accounts.byEmail(buyerEmail);
  if (!buyer || buyer.type !== 'PERSONAL') {
    throw unprocessable(
      detail('PAYER_ACCOUNT_INVALID', { field: '/buyer_email', value: buyerEmail, location: 'body' }),
    );
  }
  refuseSubscription(subscription, 'approve');
  const sourceCard = subscription.internal.source_card;
  const card =
    sourceCard ??
    (buyer.cards[0] ? { last_digits: buyer.cards[0].last_digits, brand: buyer.cards[0].brand } : undefined);
  const byCard = funding === 'CARD' || !!sourceCard;
  if (byCard && !card) {
    throw unprocessable(
      detail('PAYER_CANNOT_PAY', {
        field: '/funding',
        value: funding,
        location: 'body',
        description: `${buyer.email} has no card.`,
      }),
    );
  }
  subscription.internal.payer = {
    account_id: buyer.id,
    email: buyer.email,
    given_name: buyer.name.given_name,
    surname: buyer.name.surname,
    funding: byCard ? 'CARD' : 'WALLET',
    ...(byCard && card ? { card_last_digits: card.last_digits, card_brand: card.brand } : {}),
  };
  subscription.body.subscriber = {
    ...(subscription.body.subscriber ?? {}),
    name: { given_name: buyer.name.given_name, surname: buyer.name.surname },
    email_address: buyer.email,
    payer_id: buyer.id,
  };
  const nowMs = deps.clock.now();
  subscription.body.status_update_time = isoSeconds(nowMs);
  transition(deps, machine, subscription, 'approve', { note: `approved by ${buyer.email}` });
  engine.approved(subscription, nowMs);
  return buyer;
}

function approveRevision(deps: ApiDeps, subscription: StoredSubscription): Account {
  refuseSubscription(subscription, 'approve-revision');
  const subscriber = deps.store.accounts.byId(subscription.internal.payer?.account_id ?? '');
  if (!subscriber) {
    throw unprocessable(
      detail('PAYER_ACCOUNT_INVALID', {
        location: 'body',
        description: 'The subscriber of this subscription no longer exists.',
      }),
    );
  }
  const revision = subscription.internal.pending_revision;
  if (revision) revision.approved = true;
  transition(deps, machine, subscription, 'approve-revision', {
    note: `revision approved by ${subscriber.email}`,
  });
  return subscriber;
}
