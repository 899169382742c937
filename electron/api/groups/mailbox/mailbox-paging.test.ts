import { afterEach, describe, expect, it } from 'vitest';
import type { ApiHarness } from '../../../test-support/api-harness.js';
import { expectError } from '../../../test-support/expect-error.js';
import { MAILBOX, startInvoicingHarness } from '../invoicing/invoicing-test-kit.js';

interface Page {
  messages: { id: string; recipient: string; subject: string }[];
  links?: { href: string; rel: string; method: string }[];
}

/** `count` messages sent through the platform's mailbox, alternating between two recipients. */
function send(api: ApiHarness, count: number): void {
  const { mailbox } = api.host.services;
  api.host.deps.store.db.transaction(() => {
    for (let i = 0; i < count; i++)
      mailbox.send({
        recipient: i % 2 === 0 ? 'even@example.com' : 'odd@example.com',
        subject: `mail ${i}`,
        body: '',
        category: 'test',
      });
  });
}

const nextOf = (page: Page): string | undefined => page.links?.find((l) => l.rel === 'next')?.href;

describe('the sandbox mailbox, a page at a time', () => {
  let api: ApiHarness | undefined;
  afterEach(async () => {
    await api?.close();
    api = undefined;
  });

  it('walks 1,200 messages newest first by page_size and the before cursor, each message once, no next link on the last page', async () => {
    api = await startInvoicingHarness();
    send(api, 1200);
    const seen: string[] = [];
    let url: string | undefined = `${MAILBOX}?page_size=500`;
    let pages = 0;
    while (url) {
      const reply = await api.request('GET', url);
      expect(reply.status).toBe(200);
      const page = reply.body as Page;
      seen.push(...page.messages.map((m) => m.subject));
      pages++;
      const next = nextOf(page);
      url = next === undefined ? undefined : new URL(next).pathname + new URL(next).search;
    }
    expect(pages).toBe(3);
    expect(seen).toHaveLength(1200);
    expect(seen[0]).toBe('mail 1199');
    expect(seen[1199]).toBe('mail 0');
    expect(new Set(seen).size).toBe(1200);
  });

  it('filters by recipient in the query and keeps the filter in the next link', async () => {
    api = await startInvoicingHarness();
    send(api, 30);
    const first = (await api.request('GET', `${MAILBOX}?recipient=ODD@example.com&page_size=10`))
      .body as Page;
    expect(first.messages.map((m) => m.subject)).toEqual(
      [29, 27, 25, 23, 21, 19, 17, 15, 13, 11].map((i) => `mail ${i}`),
    );
    const next = new URL(nextOf(first)!);
    expect(next.searchParams.get('recipient')).toBe('ODD@example.com');
    expect(next.searchParams.get('before')).toBe(first.messages[9]!.id);
    const second = (await api.request('GET', next.pathname + next.search)).body as Page;
    expect(second.messages.map((m) => m.subject)).toEqual([9, 7, 5, 3, 1].map((i) => `mail ${i}`));
    expect(second.links).toBeUndefined();
  });

  it('without page_size lists the newest 500 as before, with a next link when more exist', async () => {
    api = await startInvoicingHarness();
    send(api, 501);
    const page = (await api.request('GET', MAILBOX)).body as Page;
    expect(page.messages).toHaveLength(500);
    expect(new URL(nextOf(page)!).searchParams.get('before')).toBe(page.messages[499]!.id);
  });

  it('answers 400 for a page_size out of range and for a cursor that names no message', async () => {
    api = await startInvoicingHarness();
    send(api, 3);
    expectError(await api.request('GET', `${MAILBOX}?page_size=0`), 'INVALID_REQUEST');
    expectError(await api.request('GET', `${MAILBOX}?page_size=501`), 'INVALID_REQUEST');
    expectError(await api.request('GET', `${MAILBOX}?before=nonsense`), 'INVALID_REQUEST');
    const unknown = await api.request('GET', `${MAILBOX}?before=MAIL-AAAAAAAAAAAAAAAA`);
    expectError(unknown, 'INVALID_REQUEST');
    expect(unknown.body).toMatchObject({
      details: [{ field: 'before', location: 'query', issue: 'INVALID_PARAMETER_VALUE' }],
    });
  });
});
