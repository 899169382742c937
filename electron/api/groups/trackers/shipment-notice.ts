import type { GroupDeps } from '../../group-deps.js';
import type { StoredTracker } from './types.js';

/**
 * The buyer's "your order has shipped" e-mail, sent to the sandbox mailbox when a tracker is added with
 * `notify_buyer` (`notify_payer` on orders v2) and the order has a payer to write to. Sent inside the
 * transaction that adds the tracker, so a refused tracker sends nothing.
 */
export function sendShipmentNotice(deps: Pick<GroupDeps, 'store' | 'mailbox'>, tracker: StoredTracker): void {
  if (!tracker.body.notify_buyer) return;
  const order = deps.store.resources.get<{ payer?: { email_address?: string } }, unknown>(
    'order',
    tracker.internal.order_id,
  );
  const recipient = order?.body.payer?.email_address;
  if (!recipient) return;
  const merchant = deps.store.accounts.byId(tracker.internal.account_id);
  const seller = merchant?.business_name ?? merchant?.email ?? 'The seller';
  const carrier =
    tracker.body.carrier === 'OTHER'
      ? (tracker.body.carrier_name_other ?? 'the carrier')
      : tracker.body.carrier;
  deps.mailbox.send({
    recipient,
    subject: `${seller} shipped your order`,
    body:
      `${seller} shipped your order ${tracker.internal.order_id}` +
      `${carrier ? ` with ${carrier}` : ''}. Tracking number: ${tracker.body.tracking_number}.`,
    category: 'tracker.shipped',
    resource: { kind: 'tracker', id: tracker.id },
    ...(merchant ? { from: merchant.email } : {}),
  });
}
