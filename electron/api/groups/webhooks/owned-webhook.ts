import type { StoredWebhook } from '../../../webhooks/subscriptions-repo.js';
import type { Webhooks } from '../../../webhooks/webhooks.js';
import { bodyDetail, invalidRequest } from '../../pipeline/api-error.js';
import type { ErrorDetail } from '../../../../shared/errors.js';

/**
 * A webhook an event operation names in its body (resend's `webhook_ids`, simulate's and verify's
 * `webhook_id`) must be one of the caller's own: another application's is as unknown as none, and is
 * refused with the same 400 INVALID_RESOURCE_ID at the member that named it.
 */
export function notOwnedWebhook(field: string, id: string): ErrorDetail {
  return bodyDetail(field, 'INVALID_RESOURCE_ID', `No webhook ${id} belongs to this application.`, id);
}

/** The caller's webhook `id`, named at `field`; else the 400 of `notOwnedWebhook`. */
export function ownedWebhook(webhooks: Webhooks, id: string, appId: string, field: string): StoredWebhook {
  const webhook = webhooks.subscriptions.owned(id, appId);
  if (!webhook) throw invalidRequest(notOwnedWebhook(field, id));
  return webhook;
}
