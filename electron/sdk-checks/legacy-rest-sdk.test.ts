import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approveInBrowser } from '../test-support/buyer-browser.js';
import { startSdkHost, type SdkHost } from '../test-support/sdk-host.js';

/**
 * The platform's legacy Node SDK (`paypal-rest-sdk` 1.8), unchanged, against the sandbox: each flow
 * below is the SDK's own published sample (docs/sdk-compatibility.md lists what each covers). Only the
 * brand is mapped, outside the SDK (test-support/brand-proxy.ts); the SDK is configured with nothing
 * but its mode and the sandbox app's credentials.
 */
const sdk = createRequire(import.meta.url)('paypal-rest-sdk') as any;

/** Calls an SDK operation (Node callback style) and resolves with its answer, or rejects with its error. */
function call<T = any>(resource: any, operation: string, ...args: unknown[]): Promise<T> {
  return new Promise((resolve, reject) =>
    resource[operation](...args, (error: any, answer: T) => {
      if (error) {
        const detail = JSON.stringify(error.response ?? error.message);
        reject(new Error(`${error.httpStatusCode ?? ''} ${detail}`));
      } else resolve(answer);
    }),
  );
}

const hrefOf = (resource: { links?: { rel: string; href: string }[] }, rel: string): string => {
  const link = resource.links?.find((l) => l.rel === rel);
  if (!link) throw new Error(`no ${rel} link`);
  return link.href;
};

/** The SDK sample's wallet payment (`samples/payment/create_with_paypal.js`). */
const walletPayment = (intent: 'sale' | 'authorize' | 'order', total = '1.00') => ({
  intent,
  payer: { payment_method: 'paypal' },
  redirect_urls: { return_url: 'http://return.url', cancel_url: 'http://cancel.url' },
  transactions: [
    {
      item_list: {
        items: [{ name: 'item', sku: 'item', price: total, currency: 'USD', quantity: 1 }],
      },
      amount: { currency: 'USD', total },
      description: 'This is the payment description.',
    },
  ],
});

/** The SDK sample's card payment (`samples/payment/create_with_credit_card.js`), card not yet expired. */
const cardPayment = (intent: 'sale' | 'authorize') => ({
  intent,
  payer: {
    payment_method: 'credit_card',
    funding_instruments: [
      {
        credit_card: {
          type: 'visa',
          number: '4417119669820331',
          expire_month: '11',
          expire_year: '2031',
          cvv2: '874',
          first_name: 'Joe',
          last_name: 'Shopper',
          billing_address: {
            line1: '52 N Main ST',
            city: 'Johnstown',
            state: 'OH',
            postal_code: '43210',
            country_code: 'US',
          },
        },
      },
    ],
  },
  transactions: [
    {
      amount: { total: '7', currency: 'USD', details: { subtotal: '5', tax: '1', shipping: '1' } },
      description: 'This is the payment transaction description.',
    },
  ],
});

describe('the legacy Node SDK (paypal-rest-sdk 1.8), unchanged', () => {
  let env: SdkHost;
  beforeAll(async () => {
    env = await startSdkHost();
    sdk.configure({ mode: 'sandbox', client_id: env.clientId, client_secret: env.clientSecret });
  });
  afterAll(async () => env?.close());

  /** Create (wallet), the buyer approves in a browser, execute: the executed payment. */
  async function executedWalletPayment(intent: 'sale' | 'authorize' | 'order', total = '1.00') {
    const payment = await call(sdk.payment, 'create', walletPayment(intent, total));
    expect(payment.httpStatusCode).toBe(201);
    const back = await approveInBrowser(hrefOf(payment, 'approval_url'));
    const payerId = back.searchParams.get('PayerID');
    const executed = await call(sdk.payment, 'execute', payment.id, { payer_id: payerId });
    expect(executed.state).toBe('approved');
    return executed;
  }

  describe('payments (v1)', () => {
    it('sale intent: create, approve, execute, show the sale, refund it, show the refund', async () => {
      const payment = await executedWalletPayment('sale', '10.00');
      const saleId = payment.transactions[0].related_resources[0].sale.id;
      const sale = await call(sdk.sale, 'get', saleId);
      expect(sale.state).toBe('completed');
      const refund = await call(sdk.sale, 'refund', saleId, { amount: { currency: 'USD', total: '2.00' } });
      expect(refund.state).toBe('completed');
      expect((await call(sdk.refund, 'get', refund.id)).id).toBe(refund.id);
      expect((await call(sdk.payment, 'get', payment.id)).id).toBe(payment.id);
    });

    it('authorize intent: show, capture, show and refund the capture; another is voided and reauthorized', async () => {
      const payment = await executedWalletPayment('authorize', '4.54');
      const authId = payment.transactions[0].related_resources[0].authorization.id;
      expect((await call(sdk.authorization, 'get', authId)).state).toBe('authorized');
      const capture = await call(sdk.authorization, 'capture', authId, {
        amount: { currency: 'USD', total: '4.54' },
        is_final_capture: true,
      });
      expect(capture.state).toBe('completed');
      expect((await call(sdk.capture, 'get', capture.id)).id).toBe(capture.id);
      const refund = await call(sdk.capture, 'refund', capture.id, {
        amount: { currency: 'USD', total: '1.00' },
      });
      expect(refund.state).toBe('completed');

      const other = await executedWalletPayment('authorize', '3.00');
      const otherAuth = other.transactions[0].related_resources[0].authorization.id;
      expect((await call(sdk.authorization, 'void', otherAuth)).state).toBe('voided');
    });

    it('order intent: show an order and authorize it; capture another; void a third', async () => {
      const payment = await executedWalletPayment('order', '5.00');
      const orderId = payment.transactions[0].related_resources[0].order.id;
      expect((await call(sdk.order, 'get', orderId)).id).toBe(orderId);
      const authorization = await call(sdk.order, 'authorize', orderId, {
        amount: { currency: 'USD', total: '5.00' },
      });
      expect(authorization.state).toBe('authorized');
      const second = await executedWalletPayment('order', '2.00');
      const capture = await call(sdk.order, 'capture', second.transactions[0].related_resources[0].order.id, {
        amount: { currency: 'USD', total: '2.00' },
        is_final_capture: true,
      });
      expect(capture.state).toBe('completed');
      const other = await executedWalletPayment('order', '1.00');
      const otherOrder = other.transactions[0].related_resources[0].order.id;
      expect((await call(sdk.order, 'void', otherOrder)).state).toBe('voided');
    });

    it('card sale and card authorization in one step', async () => {
      const sale = await call(sdk.payment, 'create', cardPayment('sale'));
      expect(sale.state).toBe('approved');
      const auth = await call(sdk.payment, 'create', cardPayment('authorize'));
      expect(auth.transactions[0].related_resources[0].authorization.state).toBe('authorized');
    });

    it('updates a created payment and lists payments', async () => {
      const { item_list: _items, ...withoutItems } = walletPayment('sale', '1.00').transactions[0]!;
      const payment = await call(sdk.payment, 'create', {
        ...walletPayment('sale', '1.00'),
        transactions: [withoutItems],
      });
      const updated = await call(sdk.payment, 'update', payment.id, [
        { op: 'replace', path: '/transactions/0/amount', value: { total: '2.00', currency: 'USD' } },
      ]);
      expect(updated.transactions[0].amount.total).toBe('2.00');
      const list = await call(sdk.payment, 'list', { count: 5 });
      expect(Array.isArray(list.payments)).toBe(true);
    });
  });

  describe('billing plans and agreements (v1)', () => {
    /** `samples/subscription/billing_plans/create.js`, lower-case enum words and all. */
    /** A monthly payment definition of the SDK's sample plan, with its shipping and tax charges. */
    const monthlyDefinition = (name: string, type: 'REGULAR' | 'TRIAL', value: string, cycles: string) => ({
      amount: { currency: 'USD', value },
      charge_models: [
        { amount: { currency: 'USD', value: '10.60' }, type: 'SHIPPING' },
        { amount: { currency: 'USD', value: '20' }, type: 'TAX' },
      ],
      cycles,
      frequency: 'MONTH',
      frequency_interval: '1',
      name,
      type,
    });
    const plan = {
      description: 'Create Plan for Regular',
      merchant_preferences: {
        auto_bill_amount: 'yes',
        cancel_url: 'http://www.cancel.com',
        initial_fail_amount_action: 'continue',
        max_fail_attempts: '1',
        return_url: 'http://www.success.com',
        setup_fee: { currency: 'USD', value: '25' },
      },
      name: 'Testing1-Regular1',
      payment_definitions: [
        monthlyDefinition('Regular 1', 'REGULAR', '100', '0'),
        monthlyDefinition('Trial 1', 'TRIAL', '20', '4'),
      ],
      type: 'INFINITE',
    };

    it('creates, shows, activates and lists a plan; an agreement on it is approved and executed', async () => {
      const created = await call(sdk.billingPlan, 'create', plan);
      expect(created.state).toBe('CREATED');
      expect((await call(sdk.billingPlan, 'get', created.id)).id).toBe(created.id);
      await call(sdk.billingPlan, 'activate', created.id);
      expect((await call(sdk.billingPlan, 'get', created.id)).state).toBe('ACTIVE');
      const list = await call(sdk.billingPlan, 'list', { status: 'ACTIVE', page: 0 });
      expect(list.plans.map((p: { id: string }) => p.id)).toContain(created.id);

      const start = new Date(Date.now() + 2 * 86_400_000).toISOString().replace(/\.\d{3}Z$/, 'Z');
      const agreement = await call(sdk.billingAgreement, 'create', {
        name: 'Fast Speed Agreement',
        description: 'Agreement for Fast Speed Plan',
        start_date: start,
        plan: { id: created.id },
        payer: { payment_method: 'paypal' },
        shipping_address: {
          line1: 'StayBr111idge Suites',
          line2: 'Cro12ok Street',
          city: 'San Jose',
          state: 'CA',
          postal_code: '95112',
          country_code: 'US',
        },
      });
      const back = await approveInBrowser(hrefOf(agreement, 'approval_url'));
      const token = back.searchParams.get('token');
      const executed = await call(sdk.billingAgreement, 'execute', token, {});
      expect(executed.state).toBe('Active');
      expect((await call(sdk.billingAgreement, 'get', executed.id)).id).toBe(executed.id);
    });
  });

  describe('invoicing (v1)', () => {
    /** `samples/invoice/create.js`: numbers where the spec shows strings. */
    const invoice = () => ({
      merchant_info: {
        email: 'merchant@example.com',
        first_name: 'Dennis',
        last_name: 'Doctor',
        business_name: 'Medical Professionals, LLC',
        phone: { country_code: '001', national_number: '5032141716' },
        address: {
          line1: '1234 Main St.',
          city: 'Portland',
          state: 'OR',
          postal_code: '97217',
          country_code: 'US',
        },
      },
      billing_info: [{ email: 'example@example.com' }],
      items: [{ name: 'Sutures', quantity: 100.0, unit_price: { currency: 'USD', value: 5 } }],
      note: 'Medical Invoice 16 Jul, 2013 PST',
      payment_term: { term_type: 'NET_45' },
      shipping_info: {
        first_name: 'Sally',
        last_name: 'Patient',
        business_name: 'Not applicable',
        phone: { country_code: '001', national_number: '5039871234' },
        address: {
          line1: '1234 Broad St.',
          city: 'Portland',
          state: 'OR',
          postal_code: '97216',
          country_code: 'US',
        },
      },
      tax_inclusive: false,
      total_amount: { currency: 'USD', value: '500.00' },
    });

    it('creates, shows, lists, sends, records a payment, searches, and deletes a draft', async () => {
      const created = await call(sdk.invoice, 'create', invoice());
      expect(created.status).toBe('DRAFT');
      expect(created.total_amount.value).toBe('500.00');
      expect((await call(sdk.invoice, 'get', created.id)).id).toBe(created.id);
      const list = await call(sdk.invoice, 'list', { page: 1, page_size: 4, total_count_required: true });
      expect(list.invoices.map((i: { id: string }) => i.id)).toContain(created.id);
      await call(sdk.invoice, 'send', created.id);
      expect((await call(sdk.invoice, 'get', created.id)).status).toBe('SENT');
      await call(sdk.invoice, 'recordPayment', created.id, {
        method: 'CASH',
        date: '2014-07-10 03:30:00 PST',
        note: 'Cash received.',
      });
      expect((await call(sdk.invoice, 'get', created.id)).status).toBe('MARKED_AS_PAID');
      const found = await call(sdk.invoice, 'search', { status: ['MARKED_AS_PAID'] });
      expect(found.invoices.map((i: { id: string }) => i.id)).toContain(created.id);

      const draft = await call(sdk.invoice, 'create', invoice());
      await call(sdk.invoice, 'del', draft.id);
      await expect(call(sdk.invoice, 'get', draft.id)).rejects.toThrow(/404/);
    });

    it('sends and cancels an invoice, and reminds of another', async () => {
      const one = await call(sdk.invoice, 'create', invoice());
      await call(sdk.invoice, 'send', one.id);
      await call(sdk.invoice, 'remind', one.id, { subject: 'Past due', note: 'Please pay soon' });
      await call(sdk.invoice, 'cancel', one.id, {
        subject: 'Past due',
        note: 'Canceling invoice',
        send_to_merchant: true,
        send_to_payer: true,
      });
      expect((await call(sdk.invoice, 'get', one.id)).status).toBe('CANCELLED');
    });

    it('generates the next invoice number', async () => {
      const next = await call(sdk.invoice, 'generateNumber');
      expect(typeof next.number).toBe('string');
    });
  });

  describe('payouts', () => {
    /** `samples/payout/create_batch.js`: amounts as numbers. */
    const batch = (receiver: string) => ({
      sender_batch_header: {
        sender_batch_id: Math.random().toString(36).slice(2, 12),
        email_subject: 'You have a payment',
      },
      items: [
        {
          recipient_type: 'EMAIL',
          amount: { value: 0.99, currency: 'USD' },
          receiver,
          note: 'Thank you.',
          sender_item_id: 'item_1',
        },
        {
          recipient_type: 'EMAIL',
          amount: { value: 0.9, currency: 'USD' },
          receiver: 'buyer@example.com',
          note: 'Thank you.',
          sender_item_id: 'item_2',
        },
      ],
    });

    it('creates a batch (sync_mode false), shows it and an item, and cancels an unclaimed item', async () => {
      const created = await call(sdk.payout, 'create', batch('nobody-yet@example.com'), 'false');
      expect(created.httpStatusCode).toBe(201);
      const id = created.batch_header.payout_batch_id;
      await env.advance(1); // the batch is processed after it was accepted
      const shown = await call(sdk.payout, 'get', id);
      expect(shown.batch_header.payout_batch_id).toBe(id);
      const unclaimed = shown.items.find((i: any) => i.transaction_status === 'UNCLAIMED');
      const item = await call(sdk.payoutItem, 'get', shown.items[0].payout_item_id);
      expect(item.payout_batch_id).toBe(id);
      expect(unclaimed, JSON.stringify(shown.items)).toBeDefined();
      const cancelled = await call(sdk.payoutItem, 'cancel', unclaimed.payout_item_id);
      expect(cancelled.transaction_status).toBe('RETURNED');
    });
  });

  describe('web experience profiles', () => {
    it('creates, lists, shows, updates, patches and deletes a profile', async () => {
      const profile = {
        name: `profile-${Math.random().toString(36).slice(2, 10)}`,
        presentation: { brand_name: 'Best Brand', locale_code: 'US' },
        input_fields: { allow_note: true, no_shipping: 1, address_override: 1 },
        flow_config: { landing_page_type: 'billing', bank_txn_pending_url: 'http://www.yeowza.com' },
      };
      // Spec 4.12 requires the header on this create; the SDK passes it through its per-call config.
      const created = await call(sdk.webProfile, 'create', profile, {
        headers: { 'PayPal-Request-Id': `profile-${profile.name}` },
      });
      expect(created.httpStatusCode).toBe(201);
      const list = await call(sdk.webProfile, 'list');
      expect(JSON.stringify(list)).toContain(created.id);
      expect((await call(sdk.webProfile, 'get', created.id)).name).toBe(profile.name);
      await call(sdk.webProfile, 'update', created.id, { ...profile, presentation: { brand_name: 'Other' } });
      await call(sdk.webProfile, 'replace', created.id, [
        { op: 'replace', path: '/presentation/brand_name', value: 'New brand' },
      ]);
      expect((await call(sdk.webProfile, 'get', created.id)).presentation.brand_name).toBe('New brand');
      await call(sdk.webProfile, 'del', created.id);
      await expect(call(sdk.webProfile, 'get', created.id)).rejects.toThrow(/404/);
    });
  });

  describe('webhooks', () => {
    it('creates, lists, shows, replaces, lists event types of and deletes a webhook; lists events', async () => {
      const created = await call(sdk.notification.webhook, 'create', {
        url: `${env.baseUrl}/sdk-webhook-target`,
        event_types: [{ name: 'PAYMENT.AUTHORIZATION.CREATED' }, { name: 'PAYMENT.AUTHORIZATION.VOIDED' }],
      });
      expect(created.httpStatusCode).toBe(201);
      const list = await call(sdk.notification.webhook, 'list');
      expect(list.webhooks.map((w: { id: string }) => w.id)).toContain(created.id);
      expect((await call(sdk.notification.webhook, 'get', created.id)).id).toBe(created.id);
      const replaced = await call(sdk.notification.webhook, 'replace', created.id, [
        { op: 'replace', path: '/event_types', value: [{ name: 'PAYMENT.SALE.REFUNDED' }] },
      ]);
      expect(replaced.event_types.map((e: { name: string }) => e.name)).toEqual(['PAYMENT.SALE.REFUNDED']);
      const types = await call(sdk.notification.webhook, 'eventTypes', created.id);
      expect(types.event_types.length).toBe(1);
      const available = await call(sdk.notification.webhookEventType, 'list');
      expect(available.event_types.length).toBeGreaterThan(0);
      const events = await call(sdk.notification.webhookEvent, 'list', { page_size: 2 });
      expect(Array.isArray(events.events)).toBe(true);
      await call(sdk.notification.webhook, 'del', created.id);
      await expect(call(sdk.notification.webhook, 'get', created.id)).rejects.toThrow(/404/);
    });
  });

  describe('identity', () => {
    it('reads userinfo with an access token (OpenID Connect POST, form body)', async () => {
      const profile = await call(sdk.openIdConnect.userinfo, 'get', await env.token());
      expect(profile.httpStatusCode).toBe(200);
      expect(profile.sub).toEqual(expect.any(String));
    });
  });
});
