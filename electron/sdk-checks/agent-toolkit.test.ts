import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approveInBrowser } from '../test-support/buyer-browser.js';
import { startSdkHost, type SdkHost } from '../test-support/sdk-host.js';

/**
 * The platform's agent toolkit (`@paypal/agent-toolkit` 1.8), unchanged, against the sandbox: each
 * call goes in as an AI agent's tool call (`handleToolCall`), with every action the toolkit offers
 * turned on. The toolkit hard-codes the platform's sandbox host; test-support/brand-proxy.ts maps it
 * and the brand's headers. docs/sdk-compatibility.md lists what each flow covers.
 */
const { PayPalAgentToolkit } = createRequire(import.meta.url)('@paypal/agent-toolkit/openai') as any;

const ALL_ACTIONS = {
  invoices: {
    create: true,
    list: true,
    get: true,
    send: true,
    sendReminder: true,
    cancel: true,
    generateQRC: true,
  },
  orders: { create: true, get: true, capture: true },
  products: { create: true, list: true, show: true, update: true },
  subscriptionPlans: { create: true, list: true, show: true },
  subscriptions: { create: true, show: true, cancel: true, update: true },
  shipment: { create: true, get: true },
  disputes: { list: true, get: true, create: true },
  transactions: { list: true },
  payments: { createRefund: true, getRefunds: true },
  plan: { update: true },
  insights: { get: true },
};

describe('the agent toolkit (@paypal/agent-toolkit 1.8), unchanged', () => {
  let env: SdkHost;
  let toolkit: any;
  let calls = 0;

  /** One tool call as an agent makes it; the toolkit's answer, parsed (a refusal fails the test). */
  async function tool(name: string, args: Record<string, unknown>): Promise<any> {
    const answer = await toolkit.handleToolCall({
      id: `call-${++calls}`,
      type: 'function',
      function: { name, arguments: JSON.stringify(args) },
    });
    const parsed = JSON.parse(answer.content);
    if (parsed?.error) throw new Error(`${name}: ${JSON.stringify(parsed.error)}`);
    return parsed;
  }

  beforeAll(async () => {
    env = await startSdkHost();
    toolkit = new PayPalAgentToolkit({
      clientId: env.clientId,
      clientSecret: env.clientSecret,
      configuration: { actions: ALL_ACTIONS, context: { sandbox: true } },
    });
  });
  afterAll(async () => env?.close());

  /** create_order, the buyer approves in a browser, pay_order: the captured order. */
  async function paidOrder() {
    const order = await tool('create_order', {
      currencyCode: 'USD',
      items: [{ name: 'Levis 501', quantity: 2, itemCost: 25, taxPercent: 10, itemTotal: 55 }],
      shippingCost: 5,
    });
    expect(order.status, JSON.stringify(order)).toBe('PAYER_ACTION_REQUIRED');
    expect((await tool('get_order', { id: order.id })).id).toBe(order.id);
    const approval = order.links.find(
      (l: { rel: string }) => l.rel === 'payer-action' || l.rel === 'approve',
    );
    await approveInBrowser(approval.href);
    const paid = await tool('pay_order', { id: order.id });
    expect(paid.status).toBe('success');
    expect(paid.response.status).toBe('COMPLETED');
    return paid.response;
  }

  describe('orders and payments', () => {
    it('create_order (wallet, no Svc-Request-Id), get_order, pay_order; create_refund and get_refund', async () => {
      const paid = await paidOrder();
      const capture = paid.purchase_units[0].payments.captures[0];
      expect(capture.amount.value).toBe('60.00');
      const refund = await tool('create_refund', {
        capture_id: capture.id,
        amount: { currency_code: 'USD', value: '10.00' },
        note_to_payer: 'Partial refund',
      });
      expect(refund.status).toBe('COMPLETED');
      expect((await tool('get_refund', { refund_id: refund.id })).id).toBe(refund.id);
    });
  });

  describe('shipment tracking', () => {
    it('create_shipment_tracking on a paid order, get_shipment_tracking', async () => {
      const paid = await paidOrder();
      const transactionId = paid.purchase_units[0].payments.captures[0].id;
      await tool('create_shipment_tracking', {
        order_id: paid.id,
        tracking_number: '1Z999AA10123456784',
        transaction_id: transactionId,
        status: 'SHIPPED',
        carrier: 'UPS',
      });
      const tracked = await tool('get_shipment_tracking', {
        order_id: paid.id,
        transaction_id: transactionId,
      });
      expect(JSON.stringify(tracked)).toContain('1Z999AA10123456784');
    });
  });

  describe('catalog products, subscription plans and subscriptions', () => {
    // update_product is offered but not wired in the toolkit 1.8 (it answers "Invalid method").
    it('create_product, list_products, show_product_details', async () => {
      const product = await tool('create_product', { name: 'Video streaming', type: 'DIGITAL' });
      expect(product.id).toMatch(/^PROD-/);
      const list = await tool('list_products', { page: 1, page_size: 10, total_required: true });
      expect(list.products.map((p: { id: string }) => p.id)).toContain(product.id);
      expect((await tool('show_product_details', { product_id: product.id })).name).toBe('Video streaming');
    });

    it('create_subscription_plan, list and show it; create_subscription, show and cancel it', async () => {
      const product = await tool('create_product', { name: 'Music', type: 'SERVICE' });
      const plan = await tool('create_subscription_plan', {
        product_id: product.id,
        name: 'Music monthly',
        billing_cycles: [
          {
            frequency: { interval_unit: 'MONTH', interval_count: 1 },
            tenure_type: 'REGULAR',
            sequence: 1,
            total_cycles: 12,
            pricing_scheme: { fixed_price: { currency_code: 'USD', value: '9.99' } },
          },
        ],
        payment_preferences: {
          auto_bill_outstanding: true,
          setup_fee_failure_action: 'CONTINUE',
          payment_failure_threshold: 3,
        },
        taxes: { percentage: '10', inclusive: false },
      });
      expect(plan.id).toMatch(/^P-/);
      const plans = await tool('list_subscription_plans', { product_id: product.id, page: 1, page_size: 10 });
      expect(plans.plans.map((p: { id: string }) => p.id)).toContain(plan.id);
      expect((await tool('show_subscription_plan_details', { plan_id: plan.id })).id).toBe(plan.id);

      const subscription = await tool('create_subscription', {
        plan_id: plan.id,
        subscriber: { name: { given_name: 'Pat', surname: 'Buyer' }, email_address: 'buyer@example.com' },
      });
      expect(subscription.status).toBe('APPROVAL_PENDING');
      const approve = subscription.links.find((l: { rel: string }) => l.rel === 'approve');
      await approveInBrowser(approve.href);
      const shown = await tool('show_subscription_details', { subscription_id: subscription.id });
      expect(shown.status).toBe('ACTIVE');
      await tool('cancel_subscription', {
        subscription_id: subscription.id,
        payload: { reason: 'Not needed' },
      });
      const after = await tool('show_subscription_details', { subscription_id: subscription.id });
      expect(after.status, JSON.stringify(after)).toBe('CANCELLED');
    });
  });

  describe('reporting', () => {
    it('list_transactions (its query repeats every parameter with one value)', async () => {
      await paidOrder();
      const listed = await tool('list_transactions', {});
      expect(Array.isArray(listed.transaction_details)).toBe(true);
      const sent = env.proxy.seen.find((r) => r.path.startsWith('/v1/reporting/transactions'));
      expect(sent?.path.match(/start_date=/g)?.length, sent?.path).toBe(2);
    });
  });

  // The disputes group's toolkit calls (list_disputes, get_dispute, accept_dispute_claim) belong here,
  // in a describe('disputes') of their own, next to the group's tests of those operations.
});
