import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ApiHarness } from '../../../test-support/api-harness.js';
import { expectError } from '../../../test-support/expect-error.js';
import {
  INVOICES,
  advanceDays,
  createOk,
  getInvoice,
  invoiceBody,
  item,
  mailbox,
  openPage,
  pathOf,
  payOnPage,
  rels,
  sendOk,
  sentInvoice,
  startInvoicingHarness,
} from './invoicing-test-kit.js';

const historyOf = (api: ApiHarness, id: string) =>
  api.host.deps.store.resources.history('invoice', id).map((h) => `${h.trigger}:${h.to_status}`);
const eventTypesOf = (api: ApiHarness, id: string): string[] =>
  api.host.services.webhooks.events
    .list(api.host.sandboxApp.id, { resourceId: id }, 100, 0)
    .items.map((e) => e.event_type)
    .reverse();
const usd = (value: string) => ({ currency: 'USD', value });

describe('invoice lifecycle', () => {
  let api: ApiHarness;
  beforeEach(async () => (api = await startInvoicingHarness()));
  afterEach(async () => api.close());

  describe('PUT (full update)', () => {
    it('replaces the invoice: members left out lose their values, the number stays', async () => {
      const created = await createOk(api, invoiceBody({ note: 'first', reference: 'R1' }));
      const reply = await api.request('PUT', `${INVOICES}/${created.id}`, {
        body: invoiceBody({ items: [item('40.00', 2)], note: 'second' }),
      });
      expect(reply.status, reply.text).toBe(200);
      expect(reply.body).toMatchObject({
        number: '0001',
        status: 'DRAFT',
        note: 'second',
        total_amount: usd('80.00'),
      });
      expect(reply.body.reference).toBeUndefined();
      expect(reply.body.metadata.last_updated_by).toBe('merchant@example.com');
      expect(eventTypesOf(api, created.id)).toEqual([
        'INVOICING.INVOICE.CREATED',
        'INVOICING.INVOICE.UPDATED',
      ]);
    });

    it('takes back what a GET answered (computed amounts and read-only members) and changes nothing', async () => {
      const created = await createOk(
        api,
        invoiceBody({
          items: [item('10.00', 3, { tax: { name: 'T', percent: 7.5 }, discount: { percent: 10 } })],
          discount: { percent: 5 },
          shipping_cost: { amount: usd('4.00'), tax: { name: 'S', percent: 10 } },
          payment_term: { term_type: 'NET_10' },
        }),
      );
      const reply = await api.request('PUT', `${INVOICES}/${created.id}`, { body: created });
      expect(reply.status, reply.text).toBe(200);
      const { metadata: before, ...rest } = created;
      const { metadata: after, ...again } = reply.body;
      expect(again).toEqual(rest);
      expect(after.created_date).toBe(before.created_date);
      // An amount that contradicts the percent is still refused.
      expectError(
        await api.request('PUT', `${INVOICES}/${created.id}`, {
          body: invoiceBody({ discount: { percent: 5, amount: usd('1.00') } }),
        }),
        'INVALID_REQUEST',
        { issue: 'INVALID_PARAMETER_VALUE', field: '/discount' },
      );
    });

    it('applies the create rules, and leaves the invoice as it was when they fail', async () => {
      const created = await createOk(api);
      expectError(
        await api.request('PUT', `${INVOICES}/${created.id}`, {
          body: invoiceBody({ custom: { label: 'x' } }),
        }),
        'INVALID_REQUEST',
        { issue: 'MISSING_REQUIRED_PARAMETER', field: '/custom/amount' },
      );
      expect(await getInvoice(api, created.id)).toEqual(created);
    });

    it('updates a sent invoice, but not one with a payment (422 INVOICE_CANNOT_BE_UPDATED)', async () => {
      const id = await sentInvoice(api, invoiceBody({ allow_partial_payment: true }));
      const ok = await api.request('PUT', `${INVOICES}/${id}`, {
        body: invoiceBody({ allow_partial_payment: true, note: 'n' }),
      });
      expect(ok.status, ok.text).toBe(200);
      expect(ok.body.status).toBe('SENT');
      await payOnPage(api, id, { amount: '10.00' });
      expectError(
        await api.request('PUT', `${INVOICES}/${id}`, { body: invoiceBody() }),
        'UNPROCESSABLE_ENTITY',
        {
          issue: 'INVOICE_CANNOT_BE_UPDATED',
        },
      );
    });
  });

  describe('DELETE', () => {
    it('deletes a draft (204; then 404), and refuses a sent invoice (422 INVOICE_NOT_DRAFT)', async () => {
      const draft = await createOk(api);
      expect((await api.request('DELETE', `${INVOICES}/${draft.id}`)).status).toBe(204);
      expectError(await api.request('GET', `${INVOICES}/${draft.id}`), 'RESOURCE_NOT_FOUND');
      expectError(await api.request('DELETE', `${INVOICES}/${draft.id}`), 'RESOURCE_NOT_FOUND');
      const sent = await sentInvoice(api);
      expectError(await api.request('DELETE', `${INVOICES}/${sent}`), 'UNPROCESSABLE_ENTITY', {
        issue: 'INVOICE_NOT_DRAFT',
      });
    });
  });

  describe('send', () => {
    it('202: SENT, the customer is e-mailed a working link to the invoice page, the merchant a copy', async () => {
      const created = await createOk(
        api,
        invoiceBody({ cc_info: [{ email: 'accounts@example.net' }], note: 'Thanks!' }),
      );
      await sendOk(api, created.id);
      const invoice = await getInvoice(api, created.id);
      expect(invoice.status).toBe('SENT');
      expect(invoice.metadata.first_sent_date).toBe('2026-05-15 12:00:00 UTC');
      expect(rels(invoice.links)).toEqual([
        'self',
        'update',
        'remind',
        'cancel',
        'record-payment',
        'payer-view',
      ]);
      const [buyerMail] = await mailbox(api, 'buyer@example.com');
      expect(buyerMail).toMatchObject({
        recipient: 'buyer@example.com',
        subject: 'Invoice 0001 from Example Merchant Inc.',
        category: 'invoice.sent',
        links: [{ rel: 'payer-view', label: 'View and pay invoice' }],
      });
      expect(buyerMail.body).toContain('100.00 USD');
      expect(buyerMail.body).toContain('Thanks!');
      const page = await openPage(api, created.id);
      expect(pathOf(buyerMail.links[0].href)).toBe(pathOf(invoice.metadata.payer_view_url));
      expect(page.status).toBe(200);
      expect(await mailbox(api, 'accounts@example.net')).toHaveLength(1);
      expect((await mailbox(api, 'merchant@example.com'))[0].subject).toMatch(/^Copy: Invoice 0001/);
      expect(eventTypesOf(api, created.id)).toEqual(['INVOICING.INVOICE.CREATED', 'INVOICING.INVOICE.SENT']);
    });

    it('notify_merchant=false sends no copy to the merchant', async () => {
      const created = await createOk(api);
      expect((await api.request('POST', `${INVOICES}/${created.id}/send?notify_merchant=false`)).status).toBe(
        202,
      );
      expect(await mailbox(api, 'merchant@example.com')).toEqual([]);
      expect(await mailbox(api, 'buyer@example.com')).toHaveLength(1);
    });

    it('refuses a second send (422 INVOICE_ALREADY_SENT) and a total of zero (422 INVOICE_TOTAL_ZERO)', async () => {
      const id = await sentInvoice(api);
      expectError(await api.request('POST', `${INVOICES}/${id}/send`), 'UNPROCESSABLE_ENTITY', {
        issue: 'INVOICE_ALREADY_SENT',
      });
      const empty = await createOk(api, invoiceBody({ items: [] }));
      expectError(await api.request('POST', `${INVOICES}/${empty.id}/send`), 'UNPROCESSABLE_ENTITY', {
        issue: 'INVOICE_TOTAL_ZERO',
      });
      expect((await getInvoice(api, empty.id)).status).toBe('DRAFT');
      expect(await mailbox(api, 'buyer@example.com')).toHaveLength(1);
    });
  });

  describe('remind and cancel', () => {
    it('remind: 202 with a reminder e-mail; a draft is refused (422 INVOICE_NOT_SENT)', async () => {
      const draft = await createOk(api);
      expectError(
        await api.request('POST', `${INVOICES}/${draft.id}/remind`, { body: {} }),
        'UNPROCESSABLE_ENTITY',
        {
          issue: 'INVOICE_NOT_SENT',
        },
      );
      const id = await sentInvoice(api);
      const reply = await api.request('POST', `${INVOICES}/${id}/remind`, {
        body: {
          subject: 'Past due',
          note: 'Please pay',
          send_to_merchant: false,
          cc_emails: ['boss@example.net'],
        },
      });
      expect(reply.status, reply.text).toBe(202);
      const [reminder] = await mailbox(api, 'buyer@example.com');
      expect(reminder).toMatchObject({ subject: 'Past due', category: 'invoice.reminder' });
      expect(reminder.body).toContain('Please pay');
      expect(await mailbox(api, 'boss@example.net')).toHaveLength(1);
      expect((await mailbox(api, 'merchant@example.com')).map((m) => m.category)).toEqual(['invoice.sent']);
      expect(historyOf(api, id)).toEqual(['create:DRAFT', 'send:SENT', 'remind:SENT']);
    });

    it('cancel: 204, CANCELLED, the customer told; no more payments, no second cancel', async () => {
      const id = await sentInvoice(api);
      const reply = await api.request('POST', `${INVOICES}/${id}/cancel`, {
        body: { note: 'Ordered twice' },
      });
      expect(reply.status, reply.text).toBe(204);
      const invoice = await getInvoice(api, id);
      expect(invoice.status).toBe('CANCELLED');
      expect(invoice.metadata.cancelled_by).toBe('merchant@example.com');
      expect(rels(invoice.links)).toEqual(['self']);
      expect((await mailbox(api, 'buyer@example.com'))[0]).toMatchObject({
        category: 'invoice.cancelled',
        links: [],
      });
      expectError(await api.request('POST', `${INVOICES}/${id}/cancel`), 'UNPROCESSABLE_ENTITY', {
        issue: 'INVOICE_CANNOT_BE_CANCELLED',
      });
      expect((await payOnPage(api, id)).status).toBe(422);
      expect(eventTypesOf(api, id)).toContain('INVOICING.INVOICE.CANCELLED');
    });

    it('cancel with send_to_payer=false tells no one but the merchant', async () => {
      const id = await sentInvoice(api);
      await api.request('POST', `${INVOICES}/${id}/cancel`, { body: { send_to_payer: false } });
      expect((await mailbox(api, 'buyer@example.com')).map((m) => m.category)).toEqual(['invoice.sent']);
      expect((await mailbox(api, 'merchant@example.com'))[0].category).toBe('invoice.cancelled');
    });
  });

  describe('record-payment and record-refund (made outside the platform)', () => {
    it('part, then the balance: PARTIALLY_PAID, then MARKED_AS_PAID; then refunds to MARKED_AS_REFUNDED', async () => {
      const id = await sentInvoice(api);
      const path = `${INVOICES}/${id}`;
      const part = await api.request('POST', `${path}/record-payment`, {
        body: { method: 'CHECK', amount: usd('30.00'), note: 'Check #12', date: '2026-05-15 UTC' },
      });
      expect(part.status, part.text).toBe(200);
      expect(part.text).toBe('');
      expect((await getInvoice(api, id)).status).toBe('PARTIALLY_PAID');
      expectError(
        await api.request('POST', `${path}/record-payment`, {
          body: { method: 'CASH', amount: usd('70.01') },
        }),
        'UNPROCESSABLE_ENTITY',
        {
          issue: 'AMOUNT_EXCEEDS_DUE',
        },
      );
      expect((await api.request('POST', `${path}/record-payment`, { body: { method: 'CASH' } })).status).toBe(
        200,
      );
      let invoice = await getInvoice(api, id);
      expect(invoice).toMatchObject({
        status: 'MARKED_AS_PAID',
        paid_amount: { svc: usd('0.00'), other: usd('100.00') },
        payments: [
          {
            type: 'EXTERNAL',
            method: 'CHECK',
            amount: usd('30.00'),
            note: 'Check #12',
            date: '2026-05-15 UTC',
          },
          { type: 'EXTERNAL', method: 'CASH', amount: usd('70.00') },
        ],
      });
      expect(rels(invoice.links)).toEqual(['self', 'record-refund']);
      expectError(
        await api.request('POST', `${path}/record-payment`, { body: { method: 'CASH' } }),
        'UNPROCESSABLE_ENTITY',
        {
          issue: 'INVOICE_NOT_PAYABLE',
        },
      );

      expectError(
        await api.request('POST', `${path}/record-refund`, { body: { amount: usd('100.01') } }),
        'UNPROCESSABLE_ENTITY',
        {
          issue: 'REFUND_EXCEEDS_PAID',
        },
      );
      expect(
        (await api.request('POST', `${path}/record-refund`, { body: { amount: usd('40.00') } })).status,
      ).toBe(200);
      expect((await getInvoice(api, id)).status).toBe('PARTIALLY_REFUNDED');
      expect((await api.request('POST', `${path}/record-refund`)).status).toBe(200);
      invoice = await getInvoice(api, id);
      expect(invoice).toMatchObject({
        status: 'MARKED_AS_REFUNDED',
        refunded_amount: { other: usd('100.00') },
      });
      expect(invoice.refunds.map((r: { amount: { value: string } }) => r.amount.value)).toEqual([
        '40.00',
        '60.00',
      ]);
      expect(eventTypesOf(api, id)).toEqual([
        'INVOICING.INVOICE.CREATED',
        'INVOICING.INVOICE.SENT',
        'INVOICING.INVOICE.UPDATED',
        'INVOICING.INVOICE.PAID',
        'INVOICING.INVOICE.REFUNDED',
        'INVOICING.INVOICE.REFUNDED',
      ]);
      // Money recorded as paid elsewhere moved nothing here: no ledger line.
      expect(
        api.host.services.ledger.reads.balance(api.host.sandboxApp.merchant_id, 'USD', Date.now() + 1e12),
      ).toBe(0n);
    });

    it('refuses to record on a draft (INVOICE_NOT_SENT), a refund of nothing paid, and a second currency', async () => {
      const draft = await createOk(api);
      expectError(
        await api.request('POST', `${INVOICES}/${draft.id}/record-payment`, { body: { method: 'CASH' } }),
        'UNPROCESSABLE_ENTITY',
        {
          issue: 'INVOICE_NOT_SENT',
        },
      );
      const id = await sentInvoice(api);
      expectError(await api.request('POST', `${INVOICES}/${id}/record-refund`), 'UNPROCESSABLE_ENTITY', {
        issue: 'INVOICE_NOT_PAID',
      });
      expectError(
        await api.request('POST', `${INVOICES}/${id}/record-payment`, {
          body: { method: 'CASH', amount: { currency: 'EUR', value: '1.00' } },
        }),
        'INVALID_REQUEST',
        { issue: 'CURRENCY_MISMATCH', field: '/amount/currency' },
      );
      expectError(
        await api.request('POST', `${INVOICES}/${id}/record-payment`, { body: { method: 'BARTER' } }),
        'INVALID_REQUEST',
        {
          issue: 'INVALID_PARAMETER_VALUE',
          field: '/method',
        },
      );
      expect((await getInvoice(api, id)).status).toBe('SENT');
    });

    it('the balance recorded after the customer paid part on the page: PAID; a full refund then REFUNDED', async () => {
      const id = await sentInvoice(api, invoiceBody({ allow_partial_payment: true }));
      expect((await payOnPage(api, id, { amount: '25.00' })).status).toBe(303);
      await api.request('POST', `${INVOICES}/${id}/record-payment`, { body: { method: 'BANK_TRANSFER' } });
      const invoice = await getInvoice(api, id);
      expect(invoice).toMatchObject({
        status: 'PAID',
        paid_amount: { svc: usd('25.00'), other: usd('75.00') },
      });
      await api.request('POST', `${INVOICES}/${id}/record-refund`);
      expect((await getInvoice(api, id)).status).toBe('REFUNDED');
    });
  });

  describe('due dates on the simulated clock', () => {
    it('the day after the due date, a still-unpaid invoice gets one automatic overdue reminder', async () => {
      const id = await sentInvoice(api, invoiceBody({ payment_term: { term_type: 'NET_10' } }));
      expect((await getInvoice(api, id)).payment_term.due_date).toBe('2026-05-25 UTC');
      await advanceDays(api, 10);
      expect((await mailbox(api, 'buyer@example.com')).map((m) => m.category)).toEqual(['invoice.sent']);
      await advanceDays(api, 1);
      const [overdue] = await mailbox(api, 'buyer@example.com');
      expect(overdue).toMatchObject({
        category: 'invoice.overdue',
        subject: 'Overdue: invoice 0001 from Example Merchant Inc.',
      });
      expect(overdue.body).toContain('was due on 2026-05-25');
      expect(historyOf(api, id)).toEqual(['create:DRAFT', 'send:SENT', 'remind:SENT']);
      await advanceDays(api, 30);
      expect(await mailbox(api, 'buyer@example.com')).toHaveLength(2);
    });

    it('a paid invoice gets no overdue reminder; an update moves the due date and its reminder', async () => {
      const paid = await sentInvoice(api, invoiceBody({ payment_term: { term_type: 'DUE_ON_RECEIPT' } }));
      await payOnPage(api, paid);
      const moved = await sentInvoice(api, invoiceBody({ payment_term: { term_type: 'NET_10' } }));
      await api.request('PUT', `${INVOICES}/${moved}`, {
        body: invoiceBody({ payment_term: { term_type: 'NET_30' } }),
      });
      await advanceDays(api, 12);
      expect(
        (await mailbox(api, 'buyer@example.com')).filter((m) => m.category === 'invoice.overdue'),
      ).toEqual([]);
      await advanceDays(api, 20);
      const overdue = (await mailbox(api, 'buyer@example.com')).filter(
        (m) => m.category === 'invoice.overdue',
      );
      expect(overdue.map((m) => m.resource.id)).toEqual([moved]);
    });
  });
});
