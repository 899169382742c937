import { describe, expect, it } from 'vitest';
import { pluralNoun } from './plural';

describe('pluralNoun', () => {
  it('pluralizes the word before a version mark', () => {
    expect(pluralNoun('payment (v1)', 0)).toBe('payments (v1)');
    expect(pluralNoun('payment (v1)', 1)).toBe('payment (v1)');
    expect(pluralNoun('order', 2)).toBe('orders');
    expect(pluralNoun('failed payment', 1)).toBe('failed payment');
    expect(pluralNoun('billing agreement', 3)).toBe('billing agreements');
    expect(pluralNoun('delivery', 2)).toBe('deliveries');
  });
});
