import { describe, expect, it } from 'vitest';
import type { Plan, Subscription } from './billing-api';
import { comingCycles } from './coming-cycles';

const usd = (value: string) => ({ currency_code: 'USD', value });

const plan = {
  id: 'P-000000000000000000000001',
  product_id: 'PROD-ABCDEFGHIJ1234567',
  name: 'Basic',
  status: 'ACTIVE',
  usage_type: 'LICENSED',
  quantity_supported: true,
  billing_cycles: [
    {
      frequency: { interval_unit: 'MONTH', interval_count: 1 },
      tenure_type: 'REGULAR',
      sequence: 2,
      total_cycles: 3,
      pricing_scheme: {
        fixed_price: usd('10.00'),
        version: 2,
        status: 'ACTIVE',
        create_time: '',
        update_time: '',
      },
    },
    {
      frequency: { interval_unit: 'WEEK', interval_count: 1 },
      tenure_type: 'TRIAL',
      sequence: 1,
      total_cycles: 2,
    },
  ],
  payment_preferences: {
    auto_bill_outstanding: true,
    setup_fee_failure_action: 'CONTINUE',
    payment_failure_threshold: 3,
  },
  taxes: { percentage: '10', inclusive: false },
  create_time: '2025-01-01T00:00:00Z',
  update_time: '2025-01-01T00:00:00Z',
} satisfies Plan;

function subscription(
  status: Subscription['status'],
  completed: [number, number],
  next?: string,
): Subscription {
  return {
    id: 'I-ABCDEFGHIJKL',
    plan_id: plan.id,
    status,
    status_update_time: '2025-01-01T00:00:00Z',
    start_time: '2025-01-01T00:00:00Z',
    quantity: '2',
    plan_overridden: false,
    create_time: '2025-01-01T00:00:00Z',
    update_time: '2025-01-01T00:00:00Z',
    billing_info: {
      outstanding_balance: usd('0.00'),
      failed_payments_count: 0,
      cycle_executions: [
        { tenure_type: 'TRIAL', sequence: 1, cycles_completed: completed[0], total_cycles: 2 },
        { tenure_type: 'REGULAR', sequence: 2, cycles_completed: completed[1], total_cycles: 3 },
      ],
      ...(next ? { next_billing_time: next } : {}),
    },
  };
}

describe('the cycles a subscription has still to pay', () => {
  it('go on from the next billing time with what each tenure has left, numbered as the subscription counts', () => {
    const coming = comingCycles(subscription('ACTIVE', [1, 0], '2025-01-08T00:00:00Z'), plan, 10);
    expect(coming.map((c) => [c.tenure_type, c.cycle, c.total_cycles, c.billing_time])).toEqual([
      ['TRIAL', 2, 2, '2025-01-08T00:00:00Z'],
      ['REGULAR', 1, 3, '2025-01-15T00:00:00Z'],
      ['REGULAR', 2, 3, '2025-02-15T00:00:00Z'],
      ['REGULAR', 3, 3, '2025-03-15T00:00:00Z'],
    ]);
    expect(coming.map((c) => c.index)).toEqual([2, 3, 4, 5]);
    // The trial is free; each regular cycle is the price times the quantity, tax added.
    expect(coming[0]?.charge).toBeUndefined();
    expect(coming[1]?.charge?.total).toEqual(usd('22.00'));
  });

  it('stop at the limit, and are none once nothing is due', () => {
    expect(comingCycles(subscription('ACTIVE', [2, 1], '2025-02-15T00:00:00Z'), plan, 1)).toHaveLength(1);
    expect(comingCycles(subscription('ACTIVE', [2, 3]), plan, 10)).toEqual([]);
    expect(comingCycles(subscription('CANCELLED', [2, 1], '2025-02-15T00:00:00Z'), plan, 10)).toEqual([]);
    expect(comingCycles(subscription('APPROVAL_PENDING', [0, 0]), plan, 10)).toEqual([]);
  });
});
