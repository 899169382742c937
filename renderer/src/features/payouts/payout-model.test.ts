import { describe, expect, it } from 'vitest';
import type { ResourceSummary } from '../../../../shared/bridge';
import {
  formatMoneyV1,
  formatTotals,
  isBatchInFlight,
  positionInBatch,
  progressOf,
  returnPreview,
  sumByCurrency,
} from './payout-model';

const unclaimed = (id: string, value: string, updated: string): ResourceSummary => ({
  kind: 'payout-item',
  id,
  status: 'UNCLAIMED',
  root: { kind: 'payout-batch', id: 'B' },
  parent_id: 'B',
  amount: { currency_code: 'USD', value },
  create_time: updated,
  update_time: updated,
});

describe('payout model', () => {
  it('counts decided items against the batch total; the rest wait', () => {
    const progress = progressOf({ SUCCESS: 3, UNCLAIMED: 1, RETURNED: 0 }, 10);
    expect(progress).toMatchObject({ processed: 4, pending: 6, total: 10, fraction: 0.4 });
    expect(progress.byStatus).toEqual([
      { status: 'SUCCESS', count: 3 },
      { status: 'UNCLAIMED', count: 1 },
    ]);
    expect(progressOf({}, 0).fraction).toBe(0);
  });

  it('says what 30 more days return: every unclaimed item, when, and the total', () => {
    const now = Date.parse('2025-01-10T00:00:00Z');
    const preview = returnPreview(
      [unclaimed('A', '10.00', '2025-01-01T00:00:00Z'), unclaimed('B', '0.15', '2025-01-10T00:00:00Z')],
      now,
    );
    expect(preview.totals).toEqual([{ currency: 'USD', value: '10.15' }]);
    expect(preview.items.map((i) => [i.id, i.returnsAt, i.daysLeft])).toEqual([
      ['A', '2025-01-31T00:00:00.000Z', 21],
      ['B', '2025-02-09T00:00:00.000Z', 30],
    ]);
  });

  it('adds Money v1 and v2 exactly, per currency', () => {
    const totals = sumByCurrency([
      { currency: 'USD', value: '0.10' },
      { currency_code: 'USD', value: '0.20' },
      { currency: 'JPY', value: '7' },
      { currency: 'USD', value: 'oops' },
      undefined,
    ]);
    expect(formatTotals(totals)).toBe('0.30 USD + 7 JPY');
    expect(formatMoneyV1(undefined)).toBe('—');
  });

  it('reads an item position from its id, and knows a batch in flight', () => {
    expect(positionInBatch('5UXD2E8A7EBQJ', '5UXD2E8A7EBQJ000')).toBe(1);
    expect(positionInBatch('5UXD2E8A7EBQJ', '5UXD2E8A7EBQJ2B9')).toBe(2998);
    expect(positionInBatch('5UXD2E8A7EBQJ', 'SOMETHINGELSE123')).toBeUndefined();
    expect(isBatchInFlight('PROCESSING')).toBe(true);
    expect(isBatchInFlight('SUCCESS')).toBe(false);
  });
});
