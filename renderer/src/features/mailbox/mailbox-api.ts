import type { MailMessage } from '../../../../shared/api/mailbox';
import { callApi } from '../../api/api-call';

/** The sandbox mailbox's test helpers, through the bridge so they show in the request log. */

export const MAILBOX_PATH = '/v1/test-helpers/mailbox';

export async function listMailbox(recipient: string): Promise<MailMessage[]> {
  const query = recipient ? `?recipient=${encodeURIComponent(recipient)}` : '';
  const response = await callApi({ method: 'GET', path: MAILBOX_PATH + query });
  return (response.body as { messages?: MailMessage[] } | undefined)?.messages ?? [];
}

export const clearMailbox = () => callApi({ method: 'DELETE', path: MAILBOX_PATH });
