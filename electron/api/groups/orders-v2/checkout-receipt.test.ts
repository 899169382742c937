import { afterEach, describe, expect, it } from 'vitest';
import { simpleOrder, startHarness, type ApiHarness } from '../../../test-support/api-harness.js';
import { RECEIPT_ORDER } from '../../../test-support/fixtures.js';
import { BUYER, createId, submitCheckout } from './orders-test-kit.js';

/** The text of every element carrying `data-testid="<id>"`, in page order. */
const byTestId = (html: string, id: string): string[] =>
  [...html.matchAll(new RegExp(`data-testid="${id}">([^<]*)<`, 'g'))].map((m) => m[1] ?? '');

const cents = (shown: string): number => {
  const negative = shown.startsWith('−');
  const value = Math.round(Number(shown.replace('−', '').split(' ')[0]) * 100);
  return negative ? -value : value;
};

/** The buyer page as a receipt, its own result page, and its favicon. */
describe('the buyer page /checkoutnow as a receipt', () => {
  let api: ApiHarness;
  afterEach(async () => api?.close());

  it('shows line totals, not unit prices, with shipping, tax and discount lines that add up to the total', async () => {
    api = await startHarness();
    const id = await createId(api, RECEIPT_ORDER);
    const html = (await api.request('GET', `/checkoutnow?token=${id}`, { token: null })).text;
    expect(byTestId(html, 'line-total')).toEqual(['27.30 USD', '3.00 USD']);
    expect(html).toContain('× 3 at 9.10 USD each');
    expect(byTestId(html, 'breakdown-items')).toEqual(['30.30 USD']);
    expect(byTestId(html, 'breakdown-shipping')).toEqual(['5.00 USD']);
    expect(byTestId(html, 'breakdown-tax')).toEqual(['2.25 USD']);
    expect(byTestId(html, 'breakdown-discount')).toEqual(['−3.00 USD']);
    expect(byTestId(html, 'unit-total')).toEqual(['34.55 USD']);
    // The lines add up: the items to the item line, the breakdown to the total.
    const lines = byTestId(html, 'line-total').map(cents);
    expect(lines.reduce((a, b) => a + b, 0)).toBe(cents('30.30 USD'));
    const breakdown = ['items', 'shipping', 'tax', 'discount']
      .flatMap((k) => byTestId(html, `breakdown-${k}`))
      .map(cents);
    expect(breakdown.reduce((a, b) => a + b, 0)).toBe(cents('34.55 USD'));
  });

  it('shows no breakdown lines for an order of items alone (the item line would repeat the total)', async () => {
    api = await startHarness();
    const id = await createId(api, {
      intent: 'CAPTURE',
      purchase_units: [
        {
          amount: {
            currency_code: 'JPY',
            value: '1500',
            breakdown: { item_total: { currency_code: 'JPY', value: '1500' } },
          },
          items: [{ name: 'Tea', quantity: '3', unit_amount: { currency_code: 'JPY', value: '500' } }],
        },
      ],
    });
    const html = (await api.request('GET', `/checkoutnow?token=${id}`, { token: null })).text;
    expect(byTestId(html, 'line-total')).toEqual(['1500 JPY']);
    expect(byTestId(html, 'breakdown-items')).toEqual([]);
    expect(byTestId(html, 'unit-total')).toEqual(['1500 JPY']);
  });

  it('without a return_url, approving lands on the host result page with the order and a way back', async () => {
    api = await startHarness();
    const id = await createId(api, RECEIPT_ORDER);
    const reply = await submitCheckout(api, { token: id, buyer_email: BUYER, action: 'approve' });
    expect(reply.status).toBe(200);
    expect(byTestId(reply.text, 'checkout-result')).toEqual(['Payment approved']);
    expect(byTestId(reply.text, 'order-status')).toEqual(['APPROVED']);
    expect(byTestId(reply.text, 'unit-total')).toEqual(['34.55 USD']);
    // The harness serves no workbench UI (Electron mode): the page says where to go instead of a dead link.
    expect(reply.text).not.toContain('data-testid="back-to-workbench"');
    expect(reply.text).toContain('workbench window');
  });

  it('without a cancel_url, cancelling lands on the result page too', async () => {
    api = await startHarness();
    const id = await createId(api, simpleOrder());
    const reply = await submitCheckout(api, { token: id, action: 'cancel' });
    expect(reply.status).toBe(200);
    expect(byTestId(reply.text, 'checkout-result')).toEqual(['Payment cancelled']);
  });

  it('answers /favicon.ico with the app icon, without a token', async () => {
    api = await startHarness();
    const reply = await api.request('GET', '/favicon.ico', {
      token: null,
      headers: { accept: 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8' },
    });
    expect(reply.status).toBe(200);
    expect(reply.headers['content-type']).toContain('image/svg+xml');
    expect(reply.text).toContain('<svg');
  });
});
