import type { SenderBatchHeader } from '../../../../shared/api/payouts/schemas.js';
import type { Mailbox, MailTemplate } from '../../../mailbox/mailbox.js';
import type { Account } from '../../../store/repositories/accounts-repo.js';
import type { StoredPayoutItem } from './types.js';

/**
 * The notice's template: a batch sends up to 15,000 notices, so the mailbox keeps their parameters (90
 * bytes, not a 600-byte text) and renders the text when it is read. Its text must not change: a new
 * text is a new template, so the notices already kept still read as they were sent.
 */
export const UNCLAIMED_NOTICE_TEMPLATE = 'payout.unclaimed.v1';

/**
 * Parameters: `n` the sender's name, `v` and `c` the amount and currency, `s` and `m` the batch's e-mail
 * subject and message, `o` the item's note, `d` the days the money waits; the receiver is the message's
 * recipient and the item its resource.
 */
export const unclaimedNoticeText: MailTemplate = (p, mail) => {
  const lines = [
    `${p.n} sent you ${p.v} ${p.c}.`,
    ...(p.m !== undefined ? ['', p.m] : []),
    ...(p.o !== undefined ? ['', `Note from the sender: ${p.o}`] : []),
    '',
    `You have no account with this e-mail address yet. Sign up with ${mail.recipient} within ${p.d} days to claim the money; after that it returns to the sender.`,
    '',
    `Payout item ${mail.resource?.id ?? ''}.`,
  ];
  return { subject: p.s ?? `You've got money: ${p.v} ${p.c} from ${p.n}`, body: lines.join('\n') };
};

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
  const params: Record<string, string> = {
    n: sender?.business_name ?? sender?.email ?? 'A merchant',
    v: spec.amount.value,
    c: spec.amount.currency,
  };
  if (header?.email_subject !== undefined) params.s = header.email_subject;
  if (header?.email_message) params.m = header.email_message;
  if (spec.note) params.o = spec.note;
  params.d = String(Math.round(returnAfterMs / 86_400_000));
  mailbox.send({
    recipient: spec.receiver,
    from: sender?.email,
    template: UNCLAIMED_NOTICE_TEMPLATE,
    params,
    category: 'payout.unclaimed',
    resource: { kind: 'payout-item', id: item.id },
  });
}
