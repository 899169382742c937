import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Issue } from '../../../../shared/api/registry.js';
import type { ApiHarness } from '../../../test-support/api-harness.js';
import { expectError } from '../../../test-support/expect-error.js';
import {
  INVOICES,
  createOk,
  getInvoice,
  invoiceBody,
  item,
  rels,
  startInvoicingHarness,
} from './invoicing-test-kit.js';

describe('POST /v1/invoicing/invoices', () => {
  let api: ApiHarness;
  beforeEach(async () => (api = await startInvoicingHarness()));
  afterEach(async () => api.close());

  it('creates a DRAFT with every amount computed, its number, metadata and the links of a draft', async () => {
    const body = await createOk(
      api,
      invoiceBody({
        items: [{ ...item('5.00', 100), tax: { name: 'Sales tax', percent: 8.25 } }],
        discount: { percent: 1 },
        shipping_cost: { amount: { currency: 'USD', value: '10.00' } },
        payment_term: { term_type: 'NET_45' },
        reference: 'PO-42',
      }),
    );
    expect(body).toMatchObject({
      id: expect.stringMatching(/^INV2(-[A-Z0-9]{4}){4}$/),
      number: '0001',
      status: 'DRAFT',
      invoice_date: '2026-05-15 UTC',
      payment_term: { term_type: 'NET_45', due_date: '2026-06-29 UTC' },
      items: [{ tax: { name: 'Sales tax', percent: 8.25, amount: { currency: 'USD', value: '41.25' } } }],
      discount: { percent: 1, amount: { currency: 'USD', value: '5.00' } },
      total_amount: { currency: 'USD', value: '546.25' },
      allow_partial_payment: false,
      allow_tip: false,
      reference: 'PO-42',
      metadata: {
        created_date: '2026-05-15 12:00:00 UTC',
        created_by: 'merchant@example.com',
        payer_view_url: expect.stringMatching(/\/invoice\/payerView\/details\/INV2-/),
      },
    });
    expect(rels(body.links)).toEqual(['self', 'update', 'delete', 'send']);
    expect(body.links.map((l: { method: string }) => l.method)).toEqual(['GET', 'PUT', 'DELETE', 'POST']);
    expect(await getInvoice(api, body.id)).toEqual(body);
  });

  it('makes one invoice per Svc-Request-Id: a retry answers 200 with the invoice the first call made', async () => {
    const headers = { 'svc-request-id': 'invoice-retry-1' };
    const first = await api.request('POST', INVOICES, { headers, body: invoiceBody() });
    expect(first.status, first.text).toBe(201);
    const retry = await api.request('POST', INVOICES, { headers, body: invoiceBody() });
    expect(retry.status, retry.text).toBe(200);
    expect(retry.body.id).toBe(first.body.id);
    const list = await api.request('GET', INVOICES);
    expect(list.body.invoices).toHaveLength(1);
  });

  it('numbers invoices from the last number given, skipping numbers in use', async () => {
    expect((await createOk(api)).number).toBe('0001');
    expect((await createOk(api)).number).toBe('0002');
    expect((await createOk(api, invoiceBody({ number: 'INV-0099' }))).number).toBe('INV-0099');
    expect((await createOk(api)).number).toBe('INV-0100');
    const next = await api.request('POST', `${INVOICES}/next-invoice-number`);
    expect(next.status).toBe(200);
    expect(next.body).toEqual({ number: 'INV-0101' });
  });

  it('refuses a number the merchant already uses (400), and frees the number of a deleted draft', async () => {
    const first = await createOk(api, invoiceBody({ number: 'A-1' }));
    expectError(
      await api.request('POST', INVOICES, { body: invoiceBody({ number: 'A-1' }) }),
      'INVALID_REQUEST',
      {
        issue: 'DUPLICATE_INVOICE_NUMBER',
        field: '/number',
        location: 'body',
      },
    );
    expect((await api.request('DELETE', `${INVOICES}/${first.id}`)).status).toBe(204);
    expect((await createOk(api, invoiceBody({ number: 'A-1' }))).number).toBe('A-1');
  });

  const long = (n: number) => 'x'.repeat(n);
  it.each<[string, Record<string, unknown>, string, string]>([
    ['no billing_info', { billing_info: [] }, 'INVALID_ARRAY_MIN_ITEMS', '/billing_info'],
    [
      'two billing_info',
      { billing_info: [{ email: 'a@example.com' }, { email: 'b@example.com' }] },
      'INVALID_ARRAY_MAX_ITEMS',
      '/billing_info',
    ],
    [
      '101 items',
      { items: Array.from({ length: 101 }, () => item('1.00')) },
      'INVALID_ARRAY_MAX_ITEMS',
      '/items',
    ],
    ['a number of 26 characters', { number: long(26) }, 'INVALID_STRING_MAX_LENGTH', '/number'],
    ['a reference of 61 characters', { reference: long(61) }, 'INVALID_STRING_MAX_LENGTH', '/reference'],
    ['terms of 4,001 characters', { terms: long(4001) }, 'INVALID_STRING_MAX_LENGTH', '/terms'],
    ['a note of 4,001 characters', { note: long(4001) }, 'INVALID_STRING_MAX_LENGTH', '/note'],
    [
      'a merchant_memo of 501 characters',
      { merchant_memo: long(501) },
      'INVALID_STRING_MAX_LENGTH',
      '/merchant_memo',
    ],
    [
      'a logo_url of 4,001 characters',
      { logo_url: 'https://example.com/' + long(3981) },
      'INVALID_STRING_MAX_LENGTH',
      '/logo_url',
    ],
    [
      'a logo_url that is not https',
      { logo_url: 'http://example.com/logo.png' },
      'INVALID_PARAMETER_VALUE',
      '/logo_url',
    ],
    ['no merchant_info', { merchant_info: undefined }, 'MISSING_REQUIRED_PARAMETER', '/merchant_info'],
    [
      'term_type and due_date',
      { payment_term: { term_type: 'NET_10', due_date: '2026-06-01' } },
      'INVALID_PARAMETER_VALUE',
      '/payment_term',
    ],
    [
      'a custom label without an amount',
      { custom: { label: 'Handling' } },
      'MISSING_REQUIRED_PARAMETER',
      '/custom/amount',
    ],
    [
      'minimum_amount_due without partial payment',
      { minimum_amount_due: { currency: 'USD', value: '1.00' } },
      'INVALID_PARAMETER_VALUE',
      '/minimum_amount_due',
    ],
    [
      'a quantity with six decimals',
      { items: [item('1.00', 1.000001)] },
      'INVALID_PARAMETER_VALUE',
      '/items/0/quantity',
    ],
    [
      'a tax over 100%',
      { items: [item('1.00', 1, { tax: { name: 'T', percent: 100.5 } })] },
      'INVALID_PARAMETER_VALUE',
      '/items/0/tax/percent',
    ],
    ['a date that is not one', { invoice_date: '2026-02-30' }, 'INVALID_PARAMETER_VALUE', '/invoice_date'],
    [
      'mixed currencies',
      { discount: { amount: { currency: 'EUR', value: '1.00' } } },
      'CURRENCY_MISMATCH',
      '/discount/amount/currency',
    ],
    ['a negative total', { items: [item('-5.00')] }, 'INVOICE_TOTAL_NEGATIVE', '/items'],
  ])('400 for %s', async (_label, overrides, issue, field) => {
    const reply = await api.request('POST', INVOICES, { body: invoiceBody(overrides) });
    expectError(reply, 'INVALID_REQUEST', { issue: issue as Issue, field, location: 'body' });
    expect(api.host.deps.store.resources.count('invoice')).toBe(0);
  });

  it('takes exactly 100 items, and limits at their maximum lengths', async () => {
    const body = await createOk(
      api,
      invoiceBody({
        items: Array.from({ length: 100 }, () => item('1.00')),
        number: long(25),
        reference: long(60),
        terms: long(4000),
        note: long(4000),
        merchant_memo: long(500),
        logo_url: 'https://example.com/logo.png',
      }),
    );
    expect(body.items).toHaveLength(100);
    expect(body.total_amount.value).toBe('100.00');
  });

  it('422 when merchant_info.email is not the account of the caller', async () => {
    expectError(
      await api.request('POST', INVOICES, {
        body: invoiceBody({ merchant_info: { email: 'someone@example.org' } }),
      }),
      'UNPROCESSABLE_ENTITY',
      { issue: 'MERCHANT_EMAIL_NOT_ON_ACCOUNT', field: '/merchant_info/email' },
    );
  });

  it('shows a due date given alone as DUE_ON_DATE_SPECIFIED, and partial payments with their minimum', async () => {
    const body = await createOk(
      api,
      invoiceBody({
        payment_term: { due_date: '2026-06-01 PDT' },
        allow_partial_payment: true,
        minimum_amount_due: { currency: 'USD', value: '20.00' },
        allow_tip: true,
        custom: { label: 'Handling', amount: { currency: 'USD', value: '5.00' } },
      }),
    );
    expect(body).toMatchObject({
      payment_term: { term_type: 'DUE_ON_DATE_SPECIFIED', due_date: '2026-06-01 PDT' },
      allow_partial_payment: true,
      minimum_amount_due: { currency: 'USD', value: '20.00' },
      allow_tip: true,
      total_amount: { value: '105.00' },
    });
  });

  it('404 for an invoice that does not exist', async () => {
    expectError(await api.request('GET', `${INVOICES}/INV2-AAAA-BBBB-CCCC-DDDD`), 'RESOURCE_NOT_FOUND');
  });

  it('is documented as deprecated, replaced by /v2/invoices (spec 9.2), and answers as before', async () => {
    const doc = await api.request('GET', '/openapi.json');
    const operation = doc.body.paths['/v1/invoicing/invoices'].post;
    expect(operation.deprecated).toBe(true);
    expect(operation.description).toContain('/v2/invoices');
  });
});
