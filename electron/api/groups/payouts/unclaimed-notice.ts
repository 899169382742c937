import type { SenderBatchHeader } from '../../../../shared/api/payouts/schemas.js';
import type { Mailbox } from '../../../mailbox/mailbox.js';
import type { Account } from '../../../store/repositories/accounts-repo.js';
import type { StoredPayoutItem } from './types.js';

/**
 * The e-mail an unclaimed payout's receiver gets (the platform's "You've got money"): the sender's
 * `email_subject` and `email_message` when the batch gave them, and how long the money waits. Only
 * e-mail receivers get one; a phone receiver would get a text message, which the sandbox does not keep.
 * `sender` is the item's sender account (the caller looks it up once for many items).
 */
export function sendUnclaimedNotice(
  mailbox: Mailbox,
  sender: Account | undefined,
  item: StoredPayoutItem,
  header: Pick<SenderBatchHeader, 'email_subject' | 'email_message'> | undefined,
  returnAfterMs: number,
): void {
  const spec = item.body.payout_item;
  if (spec.recipient_type !== 'EMAIL') return;
  const senderName = sender?.business_name ?? sender?.email ?? 'A merchant';
  const days = Math.round(returnAfterMs / 86_400_000);
  const lines = [
    `${senderName} sent you ${spec.amount.value} ${spec.amount.currency}.`,
    ...(header?.email_message ? ['', header.email_message] : []),
    ...(spec.note ? ['', `Note from the sender: ${spec.note}`] : []),
    '',
    `You have no account with this e-mail address yet. Sign up with ${spec.receiver} within ${days} days to claim the money; after that it returns to the sender.`,
    '',
    `Payout item ${item.id}.`,
  ];
  mailbox.send({
    recipient: spec.receiver,
    from: sender?.email,
    subject:
      header?.email_subject ??
      `You've got money: ${spec.amount.value} ${spec.amount.currency} from ${senderName}`,
    body: lines.join('\n'),
    category: 'payout.unclaimed',
    resource: { kind: 'payout-item', id: item.id },
  });
}
