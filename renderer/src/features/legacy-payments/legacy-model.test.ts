import { describe, expect, it } from 'vitest';
import { approvalUrlOf, approvedPayerOf, remaining, totalAt } from './legacy-model';

describe('legacy payments model', () => {
  it('computes what remains exactly', () => {
    expect(remaining('100.00', ['40.00', '0.01'])).toBe('59.99');
    expect(remaining('30.11', ['30.11'])).toBe('0.00');
    expect(remaining('500', ['200'])).toBe('300');
    expect(remaining('1.234', ['0.234'])).toBe('1.000');
    expect(remaining(undefined, [])).toBeUndefined();
  });

  it('reads money v1, the approval url and the approved payer', () => {
    expect(totalAt({ amount: { total: '7.00', currency: 'USD' } })).toEqual({
      currency_code: 'USD',
      value: '7.00',
    });
    expect(approvalUrlOf({ links: [{ rel: 'approval_url', href: 'http://h/cgi-bin/webscr' }] })).toBe(
      'http://h/cgi-bin/webscr',
    );
    expect(approvedPayerOf({ payer: { payer_info: { payer_id: 'ABC' } } })).toBe('ABC');
    expect(approvedPayerOf({ payer: {} })).toBeUndefined();
  });
});
