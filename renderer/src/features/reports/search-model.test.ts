import { describe, expect, it } from 'vitest';
import type { TransactionDetail } from '../../../../shared/api/reporting';
import { checkRange, defaultForm, pathOf, searchParams, toApiDate, toCsv } from './search-model';

const NOW = Date.parse('2026-05-15T12:00:00Z');

describe('the Reports search model', () => {
  it('shows the 31-day and 3-year rules before sending, in the API words', () => {
    expect(checkRange({ start: '2026-05-01T00:00:00', end: '2026-05-15T12:00:00' }, NOW)).toMatchObject({
      valid: true,
      text: '14 days 12 h 0 min of at most 31 days',
    });
    const long = checkRange({ start: '2026-04-01T00:00:00', end: '2026-05-15T00:00:00' }, NOW);
    expect(long.valid).toBe(false);
    expect(long.problems.map((p) => [p.field, p.issue])).toEqual([['end_date', 'DATE_RANGE_TOO_LONG']]);
    expect(
      checkRange({ start: '2026-05-15T00:00:00', end: '2026-05-01T00:00:00' }, NOW).problems[0]?.issue,
    ).toBe('DATE_RANGE_REVERSED');
    expect(
      checkRange({ start: '2023-05-01T00:00:00', end: '2023-05-10T00:00:00' }, NOW).problems[0]?.issue,
    ).toBe('DATE_BEYOND_HISTORY');
    expect(checkRange({ start: '', end: '2026-05-10T00:00:00' }, NOW).valid).toBe(false);
    expect(toApiDate('2026-05-10T10:20')).toBe('2026-05-10T10:20:00Z');
  });

  it('sends only what is set, in the API names; an open amount bound stays open', () => {
    const form = {
      ...defaultForm(NOW),
      transactionId: 'abc',
      amountLow: '500',
      status: 'S' as const,
      fields: ['payer_info' as const],
      balanceAffectingOnly: false,
    };
    const params = searchParams(form, 2, 100);
    expect(params).toEqual({
      start_date: '2026-05-08T12:00:00Z',
      end_date: '2026-05-15T13:00:00Z',
      transaction_id: 'ABC',
      transaction_status: 'S',
      transaction_amount: '[500 TO 999999999999999]',
      fields: 'payer_info',
      balance_affecting_records_only: 'N',
      page_size: '100',
      page: '2',
    });
    expect(pathOf({ transaction_amount: '[1 TO 2]' })).toBe(
      '/v1/reporting/transactions?transaction_amount=%5B1%20TO%202%5D',
    );
  });

  it('writes CSV with quoting, and never a spreadsheet formula', () => {
    const detail: TransactionDetail = {
      transaction_info: {
        svc_account_id: 'ACC',
        transaction_id: 'T1',
        transaction_event_code: 'T0006',
        transaction_initiation_date: '2026-05-01T00:00:00Z',
        transaction_updated_date: '2026-05-01T00:00:00Z',
        transaction_amount: { currency_code: 'USD', value: '-10.00' },
        transaction_status: 'S',
        transaction_subject: '=HYPERLINK("x"), "quoted"',
      },
      payer_info: { email_address: 'a@example.com', payer_name: { given_name: 'A', surname: 'B' } },
      cart_info: {
        item_details: [
          {
            item_name: 'Mug',
            item_quantity: '2',
            item_unit_price: { currency_code: 'USD', value: '5.00' },
            item_amount: { currency_code: 'USD', value: '10.00' },
            total_item_amount: { currency_code: 'USD', value: '10.00' },
          },
        ],
      },
    };
    const [header, row] = toCsv([detail]).split('\r\n');
    expect(header?.split(',')[0]).toBe('transaction_id');
    expect(row).toContain(',-10.00,');
    expect(row).toContain(`"'=HYPERLINK(""x""), ""quoted"""`);
    expect(row).toContain('A B');
    expect(row).toContain('2 x Mug @ 5.00');
  });
});
