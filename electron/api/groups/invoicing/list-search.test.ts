import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ApiHarness } from '../../../test-support/api-harness.js';
import { expectError } from '../../../test-support/expect-error.js';
import {
  INVOICES,
  SEARCH,
  advanceDays,
  createOk,
  invoiceBody,
  item,
  pathOf,
  payOnPage,
  rels,
  sendOk,
  startInvoicingHarness,
} from './invoicing-test-kit.js';

describe('GET /v1/invoicing/invoices', () => {
  let api: ApiHarness;
  beforeEach(async () => {
    api = await startInvoicingHarness();
    for (let i = 0; i < 5; i++) await createOk(api);
  });
  afterEach(async () => api.close());

  it('lists newest first, 20 by default, without items and without a count unless asked', async () => {
    const reply = await api.request('GET', INVOICES);
    expect(reply.status, reply.text).toBe(200);
    expect(reply.body.invoices.map((i: { number: string }) => i.number)).toEqual([
      '0005',
      '0004',
      '0003',
      '0002',
      '0001',
    ]);
    expect(reply.body.invoices[0].items).toBeUndefined();
    expect(rels(reply.body.invoices[0].links)).toContain('send');
    expect(reply.body.total_count).toBeUndefined();
    expect(reply.body.links).toEqual([]);
  });

  it('pages with page and page_size, links next and previous, and total_count when required', async () => {
    const first = await api.request('GET', `${INVOICES}?page=1&page_size=2&total_count_required=true`);
    expect(first.body.total_count).toBe(5);
    expect(first.body.invoices.map((i: { number: string }) => i.number)).toEqual(['0005', '0004']);
    expect(rels(first.body.links)).toEqual(['next']);
    const next = await api.request('GET', pathOf(first.body.links[0].href));
    expect(next.body.invoices.map((i: { number: string }) => i.number)).toEqual(['0003', '0002']);
    expect(rels(next.body.links)).toEqual(['next', 'previous']);
    const last = await api.request('GET', `${INVOICES}?page=3&page_size=2`);
    expect(last.body.invoices.map((i: { number: string }) => i.number)).toEqual(['0001']);
    expect(rels(last.body.links)).toEqual(['previous']);
    expect(pathOf(last.body.links[0].href)).toBe(`${INVOICES}?page=2&page_size=2`);
  });

  it.each(['page=0', 'page_size=0', 'page_size=101', 'page=x', 'total_count_required=yes'])(
    '400 for %s',
    async (query) => {
      const body = expectError(await api.request('GET', `${INVOICES}?${query}`), 'INVALID_REQUEST');
      expect(body.details?.[0]?.location).toBe('query');
    },
  );
});

describe('POST /v1/invoicing/search', () => {
  let api: ApiHarness;
  let ids: Record<string, string>;
  beforeEach(async () => {
    api = await startInvoicingHarness();
    const small = await createOk(api, invoiceBody({ number: 'S-1', items: [item('10.00')] }));
    const big = await createOk(
      api,
      invoiceBody({
        number: 'B-7',
        items: [item('500.00')],
        billing_info: [
          { email: 'carol@example.org', first_name: 'Carol', last_name: 'Client', business_name: 'Carol Co' },
        ],
        payment_term: { term_type: 'NET_30' },
      }),
    );
    await sendOk(api, big.id);
    await advanceDays(api, 3);
    const paid = await createOk(api, invoiceBody({ number: 'P-3', items: [item('42.00')] }));
    await sendOk(api, paid.id);
    await payOnPage(api, paid.id);
    ids = { small: small.id, big: big.id, paid: paid.id };
  });
  afterEach(async () => api.close());

  const search = async (body: Record<string, unknown>): Promise<string[]> => {
    const reply = await api.request('POST', SEARCH, { body });
    expect(reply.status, reply.text).toBe(200);
    const byId = Object.fromEntries(Object.entries(ids).map(([k, v]) => [v, k]));
    return reply.body.invoices.map((i: { id: string }) => byId[i.id]);
  };

  it.each<[string, Record<string, unknown>, string[]]>([
    ['everything', {}, ['paid', 'big', 'small']],
    ['by status', { status: ['SENT', 'PAID'] }, ['paid', 'big']],
    ['by status DRAFT', { status: ['DRAFT'] }, ['small']],
    ['by the initial letters of the e-mail', { email: 'CAR' }, ['big']],
    ['by the recipient first name', { recipient_first_name: 'car' }, ['big']],
    ['by the recipient last name', { recipient_last_name: 'Buy' }, ['paid', 'small']],
    ['by the business name', { recipient_business_name: 'Carol' }, ['big']],
    ['by any part of the number', { number: '-7' }, ['big']],
    ['by a lower total', { lower_total_amount: '42' }, ['paid', 'big']],
    ['by an upper total', { upper_total_amount: '42.00' }, ['paid', 'small']],
    ['by both totals', { lower_total_amount: '10.001', upper_total_amount: '499.999' }, ['paid']],
    ['by invoice date', { start_invoice_date: '2026-05-16', end_invoice_date: '2026-05-31' }, ['paid']],
    ['by due date', { start_due_date: '2026-06-01', end_due_date: '2026-06-30 PST' }, ['big']],
    ['by payment date', { start_payment_date: '2026-05-18' }, ['paid']],
    ['by creation date', { end_creation_date: '2026-05-15' }, ['big', 'small']],
    ['by several criteria at once', { status: ['SENT'], email: 'buyer' }, []],
  ])('%s', async (_label, body, expected) => {
    expect(await search(body)).toEqual(expected);
  });

  it('pages by a zero-based start index and counts on request', async () => {
    const reply = await api.request('POST', SEARCH, {
      body: { page: 1, page_size: 1, total_count_required: true },
    });
    expect(reply.body.total_count).toBe(3);
    expect(reply.body.invoices.map((i: { id: string }) => i.id)).toEqual([ids.big]);
  });

  it.each<[string, Record<string, unknown>]>([
    ['an unknown status', { status: ['LOST'] }],
    ['a status that is not a list', { status: 'SENT' }],
    ['a date that is not one', { start_due_date: 'soon' }],
    ['an amount that is not one', { lower_total_amount: 'ten' }],
    ['a page size over 100', { page_size: 101 }],
  ])('400 for %s', async (_label, body) => {
    expectError(await api.request('POST', SEARCH, { body }), 'INVALID_REQUEST');
  });
});
