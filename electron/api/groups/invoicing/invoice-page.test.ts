import { fromMinor } from '../../../../shared/money.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SEED_BUYER } from '../../../store/seed.js';
import type { ApiHarness } from '../../../test-support/api-harness.js';
import { EXPIRED_EXPIRY, FUTURE_EXPIRY, LUHN_INVALID_NUMBER, VISA } from '../../../test-support/fixtures.js';
import {
  TRANSACTIONS,
  createOk,
  getInvoice,
  invoiceBody,
  item,
  mailbox,
  openPage,
  payByCardOnPage,
  payOnPage,
  sentInvoice,
  startInvoicingHarness,
} from './invoicing-test-kit.js';

const usd = (value: string) => ({ currency: 'USD', value });
const eventTypesOf = (api: ApiHarness, id: string): string[] =>
  api.host.services.webhooks.events
    .list(api.host.sandboxApp.id, { resourceId: id }, 100, 0)
    .items.map((e) => e.event_type)
    .reverse();
/** The buyer's wallet: its ledger balance, as the Accounts page shows it. */
const walletOf = (api: ApiHarness) =>
  fromMinor(api.host.services.ledger.wallets.balance(SEED_BUYER.id, 'USD'), 'USD');
const transactions = async (api: ApiHarness) => {
  const reply = await api.request(
    'GET',
    `${TRANSACTIONS}?start_date=2026-05-01T00:00:00Z&end_date=2026-05-31T00:00:00Z&fields=all`,
  );
  expect(reply.status, reply.text).toBe(200);
  return reply.body.transaction_details as {
    transaction_info: Record<string, any>;
    payer_info?: Record<string, any>;
  }[];
};
/** The error a re-rendered page shows. */
const alertOf = (html: string): string => /<p class="error" role="alert">([^<]*)<\/p>/.exec(html)?.[1] ?? '';

describe("the customer's invoice page", () => {
  let api: ApiHarness;
  beforeEach(async () => (api = await startInvoicingHarness()));
  afterEach(async () => api.close());

  it('shows a sent invoice as a buyer page (CSP, no framing); a draft or an unknown id is not found', async () => {
    const id = await sentInvoice(
      api,
      invoiceBody({ items: [item('40.00', 2)], payment_term: { term_type: 'NET_15' } }),
    );
    const page = await openPage(api, id);
    expect(page.status).toBe(200);
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.text).toContain('data-testid="invoice-total">80.00 USD');
    expect(page.text).toContain('data-testid="invoice-due-date">2026-05-30');
    expect(page.text).not.toContain('<script');
    const draft = await createOk(api);
    expect((await openPage(api, draft.id)).status).toBe(404);
    expect((await openPage(api, 'INV2-NONE-NONE-NONE-NONE')).status).toBe(404);
  });

  it('pays in full from the wallet: 303 back, PAID, a ledger line in the transaction search, receipts', async () => {
    const id = await sentInvoice(api, invoiceBody({ reference: 'PO-9' }));
    const reply = await payOnPage(api, id);
    expect(reply.status, reply.text).toBe(303);
    const location = String(reply.headers.location);
    expect(location).toMatch(new RegExp(`/invoice/payerView/details/${id}\\?paid=[A-Z0-9]{17}$`));
    const transactionId = location.split('paid=')[1];
    const after = await openPage(api, id, `?paid=${transactionId}`);
    expect(after.text).toContain('data-testid="invoice-status">PAID');
    expect(after.text).toContain(`payment ${transactionId} received`);
    expect(after.text).not.toContain('data-testid="invoice-pay"');

    const invoice = await getInvoice(api, id);
    expect(invoice).toMatchObject({
      status: 'PAID',
      paid_amount: { svc: usd('100.00'), other: usd('0.00') },
      payments: [
        {
          type: 'SVC',
          transaction_id: transactionId,
          transaction_type: 'SALE',
          method: 'SVC',
          amount: usd('100.00'),
        },
      ],
    });
    expect(walletOf(api)).toBe('4900.00');

    const [line] = await transactions(api);
    expect(line?.transaction_info).toMatchObject({
      transaction_id: transactionId,
      transaction_event_code: 'T0000',
      transaction_status: 'S',
      transaction_amount: { currency_code: 'USD', value: '100.00' },
      fee_amount: { currency_code: 'USD', value: '-3.98' },
      invoice_id: '0001',
      custom_field: 'PO-9',
    });
    expect(line?.payer_info).toMatchObject({ email_address: SEED_BUYER.email, account_id: SEED_BUYER.id });

    expect((await mailbox(api, SEED_BUYER.email))[0]).toMatchObject({
      subject: 'Receipt for your payment to Example Merchant Inc.',
      category: 'invoice.receipt',
    });
    expect((await mailbox(api, 'merchant@example.com'))[0].category).toBe('invoice.payment-received');
    expect(eventTypesOf(api, id)).toEqual([
      'INVOICING.INVOICE.CREATED',
      'INVOICING.INVOICE.SENT',
      'INVOICING.INVOICE.PAID',
    ]);
    // Paid: the page takes no second payment.
    expect((await payOnPage(api, id)).status).toBe(422);
  });

  it('pays by card: the number is checked (Luhn, expiry) and never kept; the line is a card payment', async () => {
    const id = await sentInvoice(api);
    const bad = await payByCardOnPage(api, id, LUHN_INVALID_NUMBER, FUTURE_EXPIRY);
    expect(bad.status).toBe(400);
    expect(alertOf(bad.text)).toContain('Luhn');
    const expired = await payByCardOnPage(api, id, VISA, EXPIRED_EXPIRY);
    expect(expired.status).toBe(422);
    expect(alertOf(expired.text)).toContain('expired');
    expect((await getInvoice(api, id)).status).toBe('SENT');
    const ok = await payByCardOnPage(api, id, '4111 1111 1111 1111', FUTURE_EXPIRY);
    expect(ok.status, ok.text).toBe(303);
    const invoice = await getInvoice(api, id);
    expect(invoice.payments[0].method).toBe('CREDIT_CARD');
    expect(walletOf(api)).toBe('5000.00');
    expect(JSON.stringify(api.host.deps.store.resources.get('invoice', id))).not.toContain(VISA);
    // The form went through the request log too: its card number is masked there.
    const logged = JSON.stringify(api.host.api.requestLogger.recent(50));
    expect(logged).toContain('/invoice/payerView/details/');
    expect(logged).not.toContain('4111 1111 1111 1111');
    expect(logged).not.toContain(VISA);
    const [line] = await transactions(api);
    expect(line?.transaction_info.instrument_type).toBe('CREDITCARD');
  });

  it('must be paid in full unless partial payments are allowed', async () => {
    const id = await sentInvoice(api);
    const reply = await payOnPage(api, id, { amount: '10.00' });
    expect(reply.status).toBe(422);
    expect(alertOf(reply.text)).toContain('paid in full');
    expect((await openPage(api, id)).text).not.toContain('name="amount"');
    expect((await getInvoice(api, id)).status).toBe('SENT');
  });

  it('partial payments down to the minimum due: PARTIALLY_PAID, then PAID with the balance', async () => {
    const id = await sentInvoice(
      api,
      invoiceBody({ allow_partial_payment: true, minimum_amount_due: usd('20.00') }),
    );
    expect((await openPage(api, id)).text).toContain('name="amount"');
    const below = await payOnPage(api, id, { amount: '19.99' });
    expect(below.status).toBe(422);
    expect(alertOf(below.text)).toContain('at least 20.00 USD');
    expect((await payOnPage(api, id, { amount: '100.01' })).status).toBe(422);
    expect((await payOnPage(api, id, { amount: '1.001' })).status).toBe(400);
    expect((await payOnPage(api, id, { amount: '60.00' })).status).toBe(303);
    let invoice = await getInvoice(api, id);
    expect(invoice.status).toBe('PARTIALLY_PAID');
    expect((await openPage(api, id)).text).toContain('data-testid="invoice-due">40.00 USD');
    // The rest may be under the minimum: it is all that is due.
    expect((await payOnPage(api, id, { amount: '40.00' })).status).toBe(303);
    invoice = await getInvoice(api, id);
    expect(invoice).toMatchObject({ status: 'PAID', paid_amount: { svc: usd('100.00') } });
    expect((await transactions(api)).map((t) => t.transaction_info.transaction_amount.value).sort()).toEqual([
      '40.00',
      '60.00',
    ]);
    expect(eventTypesOf(api, id).slice(-2)).toEqual(['INVOICING.INVOICE.UPDATED', 'INVOICING.INVOICE.PAID']);
  });

  it('a tip only where the invoice allows one; the tip is in the ledger line, not in what is due', async () => {
    const plain = await sentInvoice(api);
    const refused = await payOnPage(api, plain, { tip: '5.00' });
    expect(refused.status).toBe(422);
    expect(alertOf(refused.text)).toContain('tips');
    const tipped = await sentInvoice(api, invoiceBody({ allow_tip: true }));
    expect((await openPage(api, tipped)).text).toContain('name="tip"');
    expect((await payOnPage(api, tipped, { tip: '-1.00' })).status).toBe(400);
    expect((await payOnPage(api, tipped, { tip: '15.00' })).status).toBe(303);
    const invoice = await getInvoice(api, tipped);
    expect(invoice).toMatchObject({
      status: 'PAID',
      payments: [{ amount: usd('100.00'), tip: usd('15.00') }],
    });
    const [line] = await transactions(api);
    expect(line?.transaction_info.transaction_amount.value).toBe('115.00');
    expect(walletOf(api)).toBe('4885.00');
  });

  it('a wallet that cannot cover the payment is refused (the card still works); an unknown payer too', async () => {
    const id = await sentInvoice(api, invoiceBody({ items: [item('6000.00')] }));
    const poor = await payOnPage(api, id);
    expect(poor.status).toBe(422);
    expect(alertOf(poor.text)).toContain('5000.00 USD');
    expect(walletOf(api)).toBe('5000.00');
    expect((await payOnPage(api, id, { payer_email: 'nobody@example.org' })).status).toBe(400);
    expect(
      (await payByCardOnPage(api, id, VISA, FUTURE_EXPIRY, { payer_email: 'guest@example.org' })).status,
    ).toBe(303);
    expect((await mailbox(api, 'guest@example.org'))[0].category).toBe('invoice.receipt');
  });

  it('refuses a form that did not come from the page (403, CSRF) and pays nothing', async () => {
    const id = await sentInvoice(api);
    const reply = await payOnPage(api, id, { csrf_token: 'forged' });
    expect(reply.status).toBe(403);
    expect(alertOf(reply.text)).toContain('expired');
    expect((await getInvoice(api, id)).status).toBe('SENT');
  });

  it('escapes what the merchant wrote', async () => {
    const id = await sentInvoice(
      api,
      invoiceBody({ note: '<img src=x onerror=alert(1)>', items: [item('1.00', 1, { name: '<b>x</b>' })] }),
    );
    const page = await openPage(api, id);
    expect(page.text).not.toContain('<img src=x');
    expect(page.text).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });
});
