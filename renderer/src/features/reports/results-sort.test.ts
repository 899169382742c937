import { describe, expect, it } from 'vitest';
import type { TransactionDetail } from '../../../../shared/api/reporting';
import { sortResults } from './results-sort';

const detail = (id: string, value: string, code: string, currency = 'USD') =>
  ({
    transaction_info: {
      transaction_id: id,
      transaction_event_code: code,
      transaction_amount: { currency_code: currency, value },
    },
  }) as unknown as TransactionDetail;

const ids = (details: TransactionDetail[]) => details.map((d) => d.transaction_info?.transaction_id);

describe('sortResults', () => {
  const page = [detail('B', '-40.00', 'T1107'), detail('A', '100.00', 'T0006'), detail('C', '9.50', 'T0006')];

  it('keeps the API order without a sort', () => {
    expect(ids(sortResults(page, undefined))).toEqual(['B', 'A', 'C']);
  });

  it('sorts amounts as numbers, both ways', () => {
    expect(ids(sortResults(page, { by: 'amount', order: 'asc' }))).toEqual(['B', 'C', 'A']);
    expect(ids(sortResults(page, { by: 'amount', order: 'desc' }))).toEqual(['A', 'C', 'B']);
  });

  it('orders amounts exactly, past what a float holds, and across currencies by value', () => {
    const large = [detail('Y', '9007199254740993.02', 'T0006'), detail('X', '9007199254740993.01', 'T0006')];
    expect(ids(sortResults(large, { by: 'amount', order: 'asc' }))).toEqual(['X', 'Y']);
    const mixed = [
      detail('J', '150', 'T0006', 'JPY'),
      detail('U', '149.99', 'T0006'),
      detail('K', '149.995', 'T0006', 'BHD'),
    ];
    expect(ids(sortResults(mixed, { by: 'amount', order: 'asc' }))).toEqual(['U', 'K', 'J']);
  });

  it('keeps the API order among equal keys', () => {
    expect(ids(sortResults(page, { by: 'code', order: 'asc' }))).toEqual(['A', 'C', 'B']);
    expect(ids(sortResults(page, { by: 'code', order: 'desc' }))).toEqual(['B', 'A', 'C']);
  });
});
