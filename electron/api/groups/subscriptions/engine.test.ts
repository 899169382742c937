import { afterEach, describe, expect, it } from 'vitest';
import { expectError } from '../../../test-support/expect-error.js';
import {
  activeSubscription,
  advance,
  advanceTo,
  buyerBalance,
  cycle,
  DAY_SECONDS,
  eventTypesOf,
  expectStatus,
  getSubscription,
  HELPERS,
  historyOf,
  ledgerOf,
  salesOf,
  setPayer,
  startBillingHarness,
  SUBSCRIPTIONS,
  type BillingHarness,
} from './subscriptions-test-kit.js';

const MONTHLY_12 = { billing_cycles: [cycle(1, { price: '10.00', total: 12 })] };

describe('the billing engine', () => {
  let api: BillingHarness;
  afterEach(async () => api?.close());

  it('bills setup fee, a free trial, a paid trial and regular cycles with exclusive tax, then expires', async () => {
    api = await startBillingHarness();
    const { id } = await activeSubscription(api, {
      billing_cycles: [
        cycle(1, { tenure: 'TRIAL', unit: 'WEEK', total: 1 }),
        cycle(2, { tenure: 'TRIAL', total: 2, price: '5.00' }),
        cycle(3, { total: 3, price: '20.00' }),
      ],
      payment_preferences: {
        setup_fee: { value: '2.50', currency_code: 'USD' },
        setup_fee_failure_action: 'CANCEL',
      },
      taxes: { percentage: '10', inclusive: false },
    });
    // At approval: the setup fee (no tax) and the free week.
    let shown = await getSubscription(api, id);
    expect(shown.billing_info).toMatchObject({
      next_billing_time: '2026-05-22T12:00:00Z',
      final_payment_time: '2026-09-22T12:00:00Z',
      last_payment: { amount: { value: '2.50' } },
    });
    // Then 2 paid trial months (5.50 with tax) and 3 regular months (22.00), one a month from each tenure's start.
    await advanceTo(api, '2026-09-22T12:00:00Z');
    shown = await getSubscription(api, id);
    expect(
      shown.billing_info.cycle_executions.map((e: { cycles_completed: number }) => e.cycles_completed),
    ).toEqual([1, 2, 3]);
    expect(shown.billing_info.cycle_executions[2].cycles_remaining).toBe(0);
    expect(shown.billing_info.next_billing_time).toBeUndefined();
    expect(shown.status).toBe('ACTIVE');
    const sales = salesOf(api, id).map(
      (s) =>
        `${s.body.time} ${s.body.amount_with_breakdown.gross_amount.value} ${s.body.amount_with_breakdown.tax_amount?.value ?? '-'}`,
    );
    expect(sales).toEqual([
      '2026-05-15T12:00:00Z 2.50 -',
      '2026-05-22T12:00:00Z 5.50 0.50',
      '2026-06-22T12:00:00Z 5.50 0.50',
      '2026-07-22T12:00:00Z 22.00 2.00',
      '2026-08-22T12:00:00Z 22.00 2.00',
      '2026-09-22T12:00:00Z 22.00 2.00',
    ]);
    // It expires when its last cycle ends.
    await advance(api, 31 * DAY_SECONDS);
    shown = await getSubscription(api, id);
    expect(shown.status).toBe('EXPIRED');
    expect(shown.status_update_time).toBe('2026-10-22T12:00:00Z');
    expect(historyOf(api, 'subscription', id).at(-1)).toBe('expire:EXPIRED');
    // The history names each cycle as the billing timeline and cycle_executions count it: per tenure.
    const billed = api.host.deps.store.resources
      .history('subscription', id)
      .filter((h) => h.trigger === 'bill')
      .map((h) => h.note);
    expect(billed).toEqual([
      'trial cycle 1 of 1',
      'trial cycle 1 of 2',
      'trial cycle 2 of 2',
      'regular cycle 1 of 3',
      'regular cycle 2 of 3',
      'regular cycle 3 of 3',
    ]);
    // Ledger and wallet agree to the cent: 2.50 + 2 x 5.50 + 3 x 22.00 = 79.50.
    const ledger = ledgerOf(api, id);
    expect(ledger.every((e) => e.code === 'T0002' && e.status === 'S')).toBe(true);
    expect(ledger.reduce((sum, e) => sum + e.amount, 0n)).toBe(7950n);
    expect(await buyerBalance(api)).toBe('4920.50');
    const events = eventTypesOf(api, id);
    expect(events[0]).toBe('BILLING.SUBSCRIPTION.CREATED');
    expect(events.at(-1)).toBe('BILLING.SUBSCRIPTION.EXPIRED');
  });

  it('writes each sale to the ledger: transaction search shows T0002 with the subscription id, and PAYMENT.SALE.COMPLETED carries it', async () => {
    api = await startBillingHarness();
    const { id } = await activeSubscription(api, MONTHLY_12);
    const [sale] = salesOf(api, id);
    await advance(api, 4 * 3600);
    const search = await expectStatus(
      await api.request(
        'GET',
        `/v1/reporting/transactions?start_date=2026-05-15T00:00:00Z&end_date=2026-05-16T00:00:00Z&transaction_id=${sale?.id}&fields=all`,
      ),
      200,
    );
    expect(search.transaction_details[0].transaction_info).toMatchObject({
      transaction_id: sale?.id,
      transaction_event_code: 'T0002',
      transaction_amount: { value: '10.00', currency_code: 'USD' },
      fee_amount: { value: '-0.84' },
      transaction_status: 'S',
      transaction_subject: 'Basic plan',
      svc_reference_id: id,
      svc_reference_id_type: 'SUB',
    });
    expect(search.transaction_details[0].payer_info).toMatchObject({ email_address: 'buyer@example.com' });
    const { items } = api.host.services.webhooks.events.list(
      api.host.sandboxApp.id,
      { resourceId: sale?.id ?? '' },
      10,
      0,
    );
    expect(items.map((e) => e.event_type)).toEqual(['PAYMENT.SALE.COMPLETED']);
    const resource = JSON.parse(items[0]?.body ?? '{}').resource;
    expect(resource).toMatchObject({
      id: sale?.id,
      state: 'completed',
      billing_agreement_id: id,
      amount: { total: '10.00', currency: 'USD' },
    });
  });

  it('refunds a sale (helper): PAYMENT.SALE.REFUNDED, the sale V and a T1107, the wallet credited', async () => {
    api = await startBillingHarness();
    const { id } = await activeSubscription(api, MONTHLY_12);
    const [sale] = salesOf(api, id);
    expect(await buyerBalance(api)).toBe('4990.00');
    const refunded = await expectStatus(
      await api.request('POST', `${HELPERS}/sales/${sale?.id}/refund`),
      200,
    );
    expect(refunded.status).toBe('REFUNDED');
    expect((await api.request('POST', `${HELPERS}/sales/${sale?.id}/refund`)).status).toBe(422);
    expect(ledgerOf(api, id).map((e) => `${e.code}:${e.status}:${e.amount}`)).toEqual([
      'T0002:V:1000',
      'T1107:S:-1000',
    ]);
    expect(await buyerBalance(api)).toBe('5000.00');
    const { items } = api.host.services.webhooks.events.list(
      api.host.sandboxApp.id,
      { resourceId: sale?.id ?? '' },
      10,
      0,
    );
    expect(items.map((e) => e.event_type).sort()).toEqual([
      'PAYMENT.SALE.COMPLETED',
      'PAYMENT.SALE.REFUNDED',
    ]);
  });

  it('retries a payment the wallet cannot cover twice, 5 days apart, and collects it once funded', async () => {
    api = await startBillingHarness();
    const { id } = await activeSubscription(api, {
      ...MONTHLY_12,
      payment_preferences: { payment_failure_threshold: 0 },
    });
    await setPayer(api, {
      email_address: 'buyer@example.com',
      wallet_balance: { currency_code: 'USD', value: '3.00' },
    });
    await advanceTo(api, '2026-06-15T12:00:00Z');
    let shown = await getSubscription(api, id);
    expect(shown.billing_info).toMatchObject({
      failed_payments_count: 1,
      outstanding_balance: { value: '10.00' },
      last_failed_payment: {
        reason_code: 'PAYER_CANNOT_PAY',
        time: '2026-06-15T12:00:00Z',
        next_payment_retry_time: '2026-06-20T12:00:00Z',
      },
    });
    await advanceTo(api, '2026-06-20T12:00:00Z');
    shown = await getSubscription(api, id);
    expect(shown.billing_info.failed_payments_count).toBe(2);
    expect(shown.billing_info.last_failed_payment.next_payment_retry_time).toBe('2026-06-25T12:00:00Z');
    await setPayer(api, {
      email_address: 'buyer@example.com',
      wallet_balance: { currency_code: 'USD', value: '100.00' },
    });
    await advanceTo(api, '2026-06-25T12:00:00Z');
    shown = await getSubscription(api, id);
    expect(shown.billing_info).toMatchObject({
      failed_payments_count: 0,
      outstanding_balance: { value: '0.00' },
      last_payment: { time: '2026-06-25T12:00:00Z' },
    });
    expect(salesOf(api, id).map((s) => `${s.internal.purpose}:${s.status}`)).toEqual([
      'CYCLE:COMPLETED',
      'CYCLE:DECLINED',
      'RETRY:DECLINED',
      'RETRY:COMPLETED',
    ]);
    expect(await buyerBalance(api)).toBe('90.00');
    expect(eventTypesOf(api, id).filter((e) => e === 'BILLING.SUBSCRIPTION.PAYMENT.FAILED')).toHaveLength(2);
  });

  it('pays from the same wallet the Accounts helpers top up and drain: a drained buyer fails the renewal', async () => {
    api = await startBillingHarness();
    const { id } = await activeSubscription(api, {
      ...MONTHLY_12,
      payment_preferences: { payment_failure_threshold: 0 },
    });
    const buyer = api.host.deps.store.accounts.byEmail('buyer@example.com');
    const balance = await buyerBalance(api);
    const drained = await api.request('POST', `/v1/test-helpers/accounts/${buyer?.id}/balance-adjustments`, {
      body: { amount: { currency_code: 'USD', value: balance }, direction: 'DEBIT' },
    });
    expect(drained.status).toBe(201);
    await advanceTo(api, '2026-06-15T12:00:00Z');
    const shown = await getSubscription(api, id);
    expect(shown.billing_info.last_failed_payment?.reason_code).toBe('PAYER_CANNOT_PAY');
    expect(await buyerBalance(api)).toBe('0.00');
    // The account helper reads the same balance from the ledger.
    const account = await api.request('GET', `/v1/test-helpers/accounts/${buyer?.id}`);
    expect(account.body.balances).toEqual([{ currency_code: 'USD', value: '0.00' }]);
  });

  it('a threshold of one suspends after "1 failed payment", in the singular', async () => {
    api = await startBillingHarness();
    const { id } = await activeSubscription(
      api,
      { ...MONTHLY_12, payment_preferences: { payment_failure_threshold: 1 } },
      {},
      { funding: 'CARD' },
    );
    await setPayer(api, { email_address: 'buyer@example.com', card_declines: true });
    await advanceTo(api, '2026-06-20T12:00:00Z');
    expect(await getSubscription(api, id)).toMatchObject({
      status: 'SUSPENDED',
      status_change_note: 'Suspended after 1 failed payment.',
    });
  });

  it('suspends at payment_failure_threshold when the card declines, and bills again once re-activated', async () => {
    api = await startBillingHarness();
    const { id } = await activeSubscription(
      api,
      { ...MONTHLY_12, payment_preferences: { payment_failure_threshold: 2 } },
      {},
      { funding: 'CARD' },
    );
    await setPayer(api, { email_address: 'buyer@example.com', card_declines: true });
    await advanceTo(api, '2026-06-15T12:00:00Z');
    expect((await getSubscription(api, id)).status).toBe('ACTIVE');
    await advanceTo(api, '2026-06-20T12:00:00Z');
    let shown = await getSubscription(api, id);
    expect(shown).toMatchObject({
      status: 'SUSPENDED',
      status_change_note: 'Suspended after 2 failed payments.',
    });
    expect(shown.billing_info.last_failed_payment.reason_code).toBe('PAYMENT_DENIED');
    // Nothing is due while suspended.
    expect(shown.billing_info.next_billing_time).toBeUndefined();
    // Suspended: no cycle is billed while it waits.
    await advanceTo(api, '2026-08-01T12:00:00Z');
    expect(salesOf(api, id)).toHaveLength(3);
    await setPayer(api, { email_address: 'buyer@example.com', card_declines: false });
    expect(
      (await api.request('POST', `${SUBSCRIPTIONS}/${id}/activate`, { body: { reason: 'Card fixed' } }))
        .status,
    ).toBe(204);
    await advance(api, 1);
    shown = await getSubscription(api, id);
    expect(shown.status).toBe('ACTIVE');
    // Billed on re-activation: this cycle's price plus the outstanding balance (auto_bill_outstanding).
    expect(shown.billing_info.last_payment.amount.value).toBe('20.00');
    expect(shown.billing_info.outstanding_balance.value).toBe('0.00');
    expect(eventTypesOf(api, id)).toEqual(
      expect.arrayContaining(['BILLING.SUBSCRIPTION.SUSPENDED', 'BILLING.SUBSCRIPTION.RE-ACTIVATED']),
    );
  });

  it('leaves the outstanding balance unbilled without auto_bill_outstanding, for a capture', async () => {
    api = await startBillingHarness();
    const { id } = await activeSubscription(api, {
      ...MONTHLY_12,
      payment_preferences: { auto_bill_outstanding: false },
    });
    await api.request('POST', `${HELPERS}/subscriptions/${id}/fail-next-payment`, { body: { count: 3 } });
    await advanceTo(api, '2026-07-15T12:00:00Z');
    const shown = await getSubscription(api, id);
    expect(shown.billing_info.outstanding_balance.value).toBe('10.00');
    expect(shown.billing_info.last_payment).toMatchObject({
      amount: { value: '10.00' },
      time: '2026-07-15T12:00:00Z',
    });
    const captured = await expectStatus(
      await api.request('POST', `${SUBSCRIPTIONS}/${id}/capture`, {
        body: {
          note: 'Balance',
          capture_type: 'OUTSTANDING_BALANCE',
          amount: { currency_code: 'USD', value: '10.00' },
        },
      }),
      202,
    );
    expect(captured.status).toBe('COMPLETED');
    expect((await getSubscription(api, id)).billing_info.outstanding_balance.value).toBe('0.00');
  });

  it.each([
    ['CANCEL', 'CANCELLED', '0.00'],
    ['CONTINUE', 'ACTIVE', '1.00'],
  ])('setup fee failure with %s leaves the subscription %s', async (action, status, outstanding) => {
    api = await startBillingHarness();
    await setPayer(api, {
      email_address: 'buyer@example.com',
      wallet_balance: { currency_code: 'USD', value: '0.50' },
    });
    const { id } = await activeSubscription(api, {
      ...MONTHLY_12,
      payment_preferences: {
        setup_fee: { value: '1.00', currency_code: 'USD' },
        setup_fee_failure_action: action,
      },
    });
    const shown = await getSubscription(api, id);
    expect(shown.status).toBe(status);
    if (status === 'ACTIVE') expect(shown.billing_info.outstanding_balance.value).toBe('11.00');
    else expect(shown.billing_info.outstanding_balance.value).toBe(outstanding);
  });

  it('charges a new price from the next cycle after update-pricing-schemes', async () => {
    api = await startBillingHarness();
    const { id, planId } = await activeSubscription(api, MONTHLY_12);
    await api.request('POST', `/v1/billing/plans/${planId}/update-pricing-schemes`, {
      body: {
        pricing_schemes: [
          {
            billing_cycle_sequence: 1,
            pricing_scheme: { fixed_price: { value: '12.00', currency_code: 'USD' } },
          },
        ],
      },
    });
    await advanceTo(api, '2026-06-15T12:00:00Z');
    const shown = await getSubscription(api, id);
    expect(shown.billing_info.last_payment.amount.value).toBe('12.00');
    expect(shown.billing_info.cycle_executions[0].current_pricing_scheme_version).toBe(2);
  });

  it('revises quantity down at once and needs the buyer for a price rise', async () => {
    api = await startBillingHarness();
    const { id } = await activeSubscription(
      api,
      { ...MONTHLY_12, quantity_supported: true },
      { quantity: '3' },
    );
    expect((await getSubscription(api, id)).billing_info.last_payment.amount.value).toBe('30.00');
    const down = await expectStatus(
      await api.request('POST', `${SUBSCRIPTIONS}/${id}/revise`, { body: { quantity: '2' } }),
      200,
    );
    expect(down).toMatchObject({
      quantity: '2',
      effective_time: '2026-06-15T12:00:00Z',
      plan_overridden: false,
    });
    expect(down.links.map((l: { rel: string }) => l.rel)).not.toContain('approve');
    await advanceTo(api, '2026-06-15T12:00:00Z');
    expect((await getSubscription(api, id)).billing_info.last_payment.amount.value).toBe('20.00');

    const up = await expectStatus(
      await api.request('POST', `${SUBSCRIPTIONS}/${id}/revise`, { body: { quantity: '5' } }),
      200,
    );
    const approveLink = up.links.find((l: { rel: string }) => l.rel === 'approve');
    expect(approveLink).toBeDefined();
    const page = await api.request(
      'GET',
      new URL(approveLink.href).pathname + new URL(approveLink.href).search,
      { token: null },
    );
    expect(page.text).toContain('Approve the change');
    // Not approved by the next cycle: the old quantity is billed.
    await advanceTo(api, '2026-07-15T12:00:00Z');
    expect((await getSubscription(api, id)).billing_info.last_payment.amount.value).toBe('20.00');
    await expectStatus(
      await api.request('POST', `${HELPERS}/subscriptions/${id}/approve`, { body: {} }),
      200,
    );
    // Approved once: a second approval is refused, and the page says there is nothing to approve.
    expectError(
      await api.request('POST', `${HELPERS}/subscriptions/${id}/approve`, { body: {} }),
      'UNPROCESSABLE_ENTITY',
      'SUBSCRIPTION_STATUS_INVALID',
    );
    const again = await api.request(
      'GET',
      new URL(approveLink.href).pathname + new URL(approveLink.href).search,
      { token: null },
    );
    expect(again.text).toContain('there is nothing to approve');
    await advanceTo(api, '2026-08-15T12:00:00Z');
    const shown = await getSubscription(api, id);
    expect(shown.quantity).toBe('5');
    expect(shown.billing_info.last_payment.amount.value).toBe('50.00');
    const onOther = await api.request('POST', `${SUBSCRIPTIONS}/${id}/revise`, {
      body: { plan_id: 'P-000000000000000000000000' },
    });
    expect(onOther.status).toBe(404);
  });

  it('moves the clock to the next billing with the helper', async () => {
    api = await startBillingHarness();
    const { id } = await activeSubscription(api, MONTHLY_12);
    const moved = await expectStatus(
      await api.request('POST', `${HELPERS}/subscriptions/${id}/advance-to-next-billing`),
      200,
    );
    expect(moved.now).toBe('2026-06-15T12:00:00Z');
    expect(moved.subscription.billing_info.cycle_executions[0].cycles_completed).toBe(2);
  });
});
