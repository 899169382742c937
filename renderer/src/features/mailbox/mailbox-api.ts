import type { MailMessage } from '../../../../shared/api/mailbox';
import { callApi } from '../../api/api-call';

/** The sandbox mailbox's test helpers, through the bridge so they show in the request log. */

export const MAILBOX_PATH = '/v1/test-helpers/mailbox';

/** Messages per page: the list draws only those in view, so a page is a cheap call, not a screenful. */
export const MAILBOX_PAGE_SIZE = 200;

/** One page of the mailbox, newest first; `before` is the last id of the previous page. */
export async function listMailbox(
  recipient: string,
  before?: string,
): Promise<{ messages: MailMessage[]; older: string | undefined }> {
  const query = new URLSearchParams({
    page_size: String(MAILBOX_PAGE_SIZE),
    ...(recipient ? { recipient } : {}),
    ...(before ? { before } : {}),
  });
  const response = await callApi({ method: 'GET', path: `${MAILBOX_PATH}?${query}` });
  const body = response.body as
    { messages?: MailMessage[]; links?: { rel: string; href: string }[] } | undefined;
  const messages = body?.messages ?? [];
  const hasNext = body?.links?.some((l) => l.rel === 'next') ?? false;
  return { messages, older: hasNext ? messages[messages.length - 1]?.id : undefined };
}

export const clearMailbox = () => callApi({ method: 'DELETE', path: MAILBOX_PATH });
