import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startHarness, type ApiHarness } from '../../test-support/api-harness.js';
import { expectError } from '../../test-support/expect-error.js';
import { assertion, onboardedSeller } from '../groups/partner-referrals/partners-test-kit.js';
import { partnerConsentTable } from './partner-consent-table.js';

let api: ApiHarness;
beforeEach(async () => {
  api = await startHarness();
});
afterEach(async () => {
  await api.close();
});

describe('one consent check for every operation acting for a seller', () => {
  it('every operation of every group declares what a seller must have granted for it', () => {
    const undeclared = api.host.api.routes
      .filter((route) => route.partnerFeatures === undefined)
      .map((route) => `${route.method} ${route.path}`);
    expect(undeclared).toEqual([]);
  });

  it('docs/partner-consent.md lists the table the routes declare', () => {
    const page = readFileSync(new URL('../../../docs/partner-consent.md', import.meta.url), 'utf8');
    const table =
      /<!-- partner-consent-table: start -->\n([\s\S]*?)\n<!-- partner-consent-table: end -->/.exec(
        page,
      )?.[1];
    // Cells compared without the padding a formatter adds to line up the columns.
    const cells = (text: string | undefined) =>
      (text ?? '')
        .split('\n')
        .filter((line) => line.startsWith('|') && !/^\|[-\s|]+\|$/.test(line))
        .map((line) => line.split('|').map((cell) => cell.trim()));
    expect(cells(table)).toEqual(cells(partnerConsentTable(api.host.api.routes)));
  });

  it('refuses a PAYMENT-only seller every operation outside PAYMENT, in every group', async () => {
    const sellerId = await onboardedSeller(api, 'payment-only@example.org', ['PAYMENT'], 'payment-only');
    const acting = { 'svc-auth-assertion': assertion({ payer_id: sellerId }) };
    const usd = (value: string) => ({ currency: 'USD', value });
    const refused: [string, string, unknown?][] = [
      [
        'POST',
        '/v1/payments/payouts',
        {
          sender_batch_header: { sender_batch_id: 'consent-1' },
          items: [{ recipient_type: 'EMAIL', amount: usd('480.00'), receiver: 'someone@example.com' }],
        },
      ],
      ['POST', '/v1/payments/sale/5TY05013RG002845M/refund', {}],
      ['GET', '/v1/reporting/transactions?start_date=2026-01-01T00:00:00Z&end_date=2026-01-02T00:00:00Z'],
      ['GET', '/v1/reporting/balances'],
      ['GET', '/v1/invoicing/invoices'],
      ['GET', '/v3/vault/payment-tokens?customer_id=customer_1'],
      ['GET', '/v1/notifications/webhooks'],
    ];
    for (const [method, path, body] of refused) {
      const reply = await api.request(method, path, { headers: acting, ...(body ? { body } : {}) });
      expectError(reply, 'NOT_AUTHORIZED', {
        issue: 'PAYEE_NOT_CONSENTED',
        field: 'Svc-Auth-Assertion',
        location: 'header',
      });
    }
    // Identity answers in its own short error form (spec part 7).
    const userinfo = await api.request('GET', '/v1/identity/openidconnect/userinfo?schema=openid', {
      headers: acting,
    });
    expect(userinfo.status).toBe(403);
    expect(userinfo.body.error_description).toContain('ACCESS_MERCHANT_INFORMATION');
    // What it granted still works.
    const order = await api.request('POST', '/v2/checkout/orders', {
      headers: acting,
      body: { intent: 'CAPTURE', purchase_units: [{ amount: { currency_code: 'USD', value: '1.00' } }] },
    });
    expect(order.status, order.text).toBe(201);
  });
});
