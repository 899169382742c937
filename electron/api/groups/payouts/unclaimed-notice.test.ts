import { describe, expect, it } from 'vitest';
import { harnessPerTest } from '../../../test-support/harness-per-test.js';
import { SEED_MERCHANT } from '../../../store/seed.js';
import { batchBody, createOk, fund, payoutItem, settle, startPayoutsHarness } from './payouts-test-kit.js';

const MAILBOX = '/v1/test-helpers/mailbox';

/** The notice's text as it was written out in full before the mailbox kept its parameters only. */
const noticeBody = (amount: string, receiver: string, itemId: string, extra: string[] = []) =>
  [
    `${SEED_MERCHANT.business_name} sent you ${amount}.`,
    ...extra,
    '',
    `You have no account with this e-mail address yet. Sign up with ${receiver} within 30 days to claim the money; after that it returns to the sender.`,
    '',
    `Payout item ${itemId}.`,
  ].join('\n');

describe("an unclaimed payout's notice, kept as its template's parameters", () => {
  const api = harnessPerTest(startPayoutsHarness);
  const rows = () =>
    api.host.deps.store.db.db.prepare('SELECT body FROM mailbox_messages ORDER BY seq').all() as {
      body: string;
    }[];

  it('reads exactly as the text written out, while its row keeps neither the text nor its columns', async () => {
    await fund(api, '100.00');
    const batchId = await createOk(
      api,
      batchBody(
        [
          payoutItem('newcomer@example.net', { value: '7.50', note: 'Thanks!' }),
          payoutItem('second.newcomer@example.net', { value: '1.00' }),
        ],
        { email_subject: 'You have a payout!', email_message: 'Your prize is here.' },
      ),
    );
    await settle(api);
    const { messages } = (await api.request('GET', MAILBOX)).body;
    expect(messages.map((m: { body: string }) => m.body)).toEqual([
      noticeBody('1.00 USD', 'second.newcomer@example.net', `${batchId}001`, ['', 'Your prize is here.']),
      noticeBody('7.50 USD', 'newcomer@example.net', `${batchId}000`, [
        '',
        'Your prize is here.',
        '',
        'Note from the sender: Thanks!',
      ]),
    ]);
    expect(messages[0]).toMatchObject({
      recipient: 'second.newcomer@example.net',
      from: SEED_MERCHANT.email,
      subject: 'You have a payout!',
      links: [],
      category: 'payout.unclaimed',
      resource: { kind: 'payout-item', id: `${batchId}001` },
    });
    for (const { body } of rows()) {
      expect(body).not.toContain('You have no account');
      expect(body).not.toContain('MAIL-');
      expect(body).not.toContain('newcomer@example.net');
      // Some 290 bytes, against some 650 for the message written out.
      expect(body.length).toBeLessThan(300);
    }
  });

  it("without the batch's subject and message: the platform's subject, no message", async () => {
    await fund(api, '100.00');
    const batchId = await createOk(api, {
      sender_batch_header: { sender_batch_id: 'no-subject-1' },
      items: [payoutItem('plain@example.net', { value: '2.00' })],
    });
    await settle(api);
    const [message] = (await api.request('GET', MAILBOX)).body.messages;
    expect(message.subject).toBe(`You've got money: 2.00 USD from ${SEED_MERCHANT.business_name}`);
    expect(message.body).toBe(noticeBody('2.00 USD', 'plain@example.net', `${batchId}000`));
  });

  it('a message kept whole, as every message was before, reads back as it was', async () => {
    const kept = {
      id: 'MAIL-OLDFORMAT23456789',
      sent_at: '2026-05-15T12:00:00Z',
      recipient: 'earlier@example.net',
      from: SEED_MERCHANT.email,
      subject: 'You have a payout!',
      body: noticeBody('5.00 USD', 'earlier@example.net', 'OLDBATCH12345000'),
      links: [],
      category: 'payout.unclaimed',
      resource: { kind: 'payout-item', id: 'OLDBATCH12345000' },
    };
    api.host.deps.store.db.db
      .prepare('INSERT INTO mailbox_messages (id, recipient, sent_at, body) VALUES (?, ?, ?, ?)')
      .run(kept.id, kept.recipient, kept.sent_at, JSON.stringify(kept));
    expect((await api.request('GET', MAILBOX)).body.messages).toEqual([kept]);
  });
});
