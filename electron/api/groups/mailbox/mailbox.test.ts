import { describe, expect, it } from 'vitest';
import { hostsPerTest } from '../../../test-support/harness-per-test.js';
import { SEED_BUYER } from '../../../store/seed.js';
import { expectError } from '../../../test-support/expect-error.js';
import {
  MAILBOX,
  invoiceBody,
  mailbox,
  sentInvoice,
  startInvoicingHarness,
} from '../invoicing/invoicing-test-kit.js';
import {
  batchBody,
  createOk as createBatchOk,
  fund,
  payoutItem,
  settle,
  startPayoutsHarness,
} from '../payouts/payouts-test-kit.js';

describe('the sandbox mailbox', () => {
  const hosts = hostsPerTest(startInvoicingHarness);
  const payoutHosts = hostsPerTest(startPayoutsHarness);

  it('GET /v1/test-helpers/mailbox: {messages}, newest first, each with recipient, subject, body and absolute links', async () => {
    const api = await hosts.start();
    expect((await api.request('GET', MAILBOX)).body).toEqual({ messages: [] });
    const first = await sentInvoice(api);
    const second = await sentInvoice(api, invoiceBody({ billing_info: [{ email: 'dana@example.org' }] }));
    const messages = await mailbox(api);
    expect(messages.map((m) => [m.recipient, m.resource.id])).toEqual([
      ['merchant@example.com', second],
      ['dana@example.org', second],
      ['merchant@example.com', first],
      ['buyer@example.com', first],
    ]);
    for (const message of messages) {
      expect(message).toMatchObject({
        id: expect.stringMatching(/^MAIL-[A-Z0-9]{16}$/),
        sent_at: '2026-05-15T12:00:00Z',
        subject: expect.any(String),
        body: expect.any(String),
        links: [
          {
            rel: 'payer-view',
            href: expect.stringMatching(/^http:\/\/localhost(:80)?\/invoice\/payerView\/details\//),
          },
        ],
      });
    }
    expect((await mailbox(api, 'DANA@example.org')).map((m) => m.recipient)).toEqual(['dana@example.org']);
  });

  it('links follow the address the reader used', async () => {
    const api = await hosts.start();
    await sentInvoice(api);
    const reply = await api.request('GET', MAILBOX, { headers: { host: 'sandbox.test:9999' } });
    expect(reply.body.messages[0].links[0].href).toMatch(/^http:\/\/sandbox\.test:9999\/invoice\//);
  });

  it('DELETE empties it (204); the sandbox reset empties it too', async () => {
    const api = await hosts.start();
    await sentInvoice(api);
    expect((await api.request('DELETE', MAILBOX)).status).toBe(204);
    expect(await mailbox(api)).toEqual([]);
    await sentInvoice(api);
    expect(await mailbox(api)).toHaveLength(2);
    expect((await api.request('POST', '/v1/test-helpers/reset')).status).toBe(204);
    expect(await mailbox(api)).toEqual([]);
  });

  it('keeps its messages across a restart', async () => {
    const dir = hosts.workspace('mailbox-');
    let api = await hosts.start({ dataDir: dir });
    const id = await sentInvoice(api);
    await api.close();
    api = await hosts.start({ dataDir: dir });
    const [message] = await mailbox(api, SEED_BUYER.email);
    expect(message?.resource.id).toBe(id);
  });

  it('rolls back with the work that sent it: an invoice that fails to send sends nothing', async () => {
    const api = await hosts.start();
    const id = await sentInvoice(api);
    expectError(await api.request('POST', `/v1/invoicing/invoices/${id}/send`), 'UNPROCESSABLE_ENTITY');
    expect(await mailbox(api, SEED_BUYER.email)).toHaveLength(1);
  });

  it('is behind the test-helpers scope like every sandbox control', async () => {
    const api = await hosts.start();
    const token = await api.newToken('https://uri.svc.example/services/invoicing');
    expectError(await api.request('GET', MAILBOX, { token }), 'NOT_AUTHORIZED');
  });

  it("an unclaimed payout's receiver gets the sender's subject and message, and how long the money waits", async () => {
    const payouts = await payoutHosts.start();
    await fund(payouts, '100.00');
    await createBatchOk(
      payouts,
      batchBody(
        [
          payoutItem('newcomer@example.net', { value: '7.50', note: 'Thanks!' }),
          payoutItem(SEED_BUYER.email),
        ],
        {
          email_message: 'Your prize is here.',
        },
      ),
    );
    await settle(payouts);
    const messages = await mailbox(payouts);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({
      recipient: 'newcomer@example.net',
      subject: 'You have a payout!',
      category: 'payout.unclaimed',
      resource: { kind: 'payout-item' },
    });
    expect(messages[0].body).toContain('sent you 7.50 USD');
    expect(messages[0].body).toContain('Your prize is here.');
    expect(messages[0].body).toContain('within 30 days');
  });
});
