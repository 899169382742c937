import { describe, expect, it } from 'vitest';
import { invoiceAmounts, suggestedRefund } from './invoice-amounts';

const invoice = (total: string, svc: string, other: string, refunded: string, currency = 'USD') => ({
  total_amount: { currency, value: total },
  paid_amount: { svc: { value: svc }, other: { value: other } },
  refunded_amount: { other: { value: refunded } },
});

describe('an invoice page figures', () => {
  it('adds and subtracts money exactly, whatever its size', () => {
    // 2^53 + 1 cents is beyond what a float holds to the cent.
    const large = invoice('180143985094819.85', '90071992547409.93', '90071992547409.92', '0.01');
    expect(invoiceAmounts(large)).toEqual({
      paid: 18014398509481985n,
      due: 0n,
      refundable: 18014398509481984n,
    });
    expect(suggestedRefund(large)).toBe('180143985094819.84');
  });

  it('suggests a refund in the currency minor unit', () => {
    expect(suggestedRefund(invoice('1000', '700', '300', '100', 'JPY'))).toBe('900');
    expect(suggestedRefund(invoice('0.30', '0.10', '0.20', '0.00'))).toBe('0.30');
    expect(suggestedRefund({ total_amount: { currency: 'USD', value: '5.00' } })).toBe('0.00');
  });
});
