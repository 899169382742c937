import { describe, expect, it } from 'vitest';
import { approvalUrlOf, canDisburse, isCardOrder, payerOf, unitRows } from './order-v1-model';

const created = {
  id: 'O-AAAAAAAAAAAAAAAAA',
  purchase_units: [
    {
      reference_id: 'u1',
      amount: { currency: 'USD', total: '12.00' },
      payee: { email: 'merchant@example.com' },
      partner_fee_details: {
        receiver: { email: 'p@example.com' },
        amount: { value: '1.00', currency: 'USD' },
      },
      status: 'NOT_PROCESSED',
    },
  ],
  links: [
    { rel: 'self', href: 'http://h/v1/checkout/orders/O-A' },
    { rel: 'approval_url', href: 'http://h/checkoutnow/v1?token=O-A' },
  ],
};

describe('the v1 order model', () => {
  it('reads units before pay', () => {
    expect(unitRows(created)).toEqual([
      {
        reference_id: 'u1',
        description: undefined,
        payee: 'merchant@example.com',
        total: '12.00 USD',
        status: 'NOT_PROCESSED',
        transaction: undefined,
        partnerFee: '1.00 USD',
      },
    ]);
    expect(approvalUrlOf(created)).toBe('http://h/checkoutnow/v1?token=O-A');
    expect(canDisburse(created)).toBe(false);
    expect(payerOf(created)).toBeUndefined();
    expect(isCardOrder(created)).toBe(false);
  });

  it('reads a paid unit and the payer', () => {
    const paid = {
      ...created,
      payer_info: { email: 'buyer@example.com', first_name: 'Bailey', last_name: 'Buyer' },
      purchase_units: [
        {
          ...created.purchase_units[0],
          status: 'CAPTURED',
          payment_summary: {
            captures: [
              {
                id: 'TXN',
                status: 'PENDING',
                transaction_fee: { value: '0.91', currency: 'USD' },
                disbursement_mode: 'DELAYED',
              },
            ],
          },
        },
      ],
      links: [{ rel: 'disburse', href: 'http://h/x', method: 'POST' }],
    };
    expect(unitRows(paid)[0]?.transaction).toEqual({
      id: 'TXN',
      status: 'PENDING',
      fee: '0.91 USD',
      disbursement: 'DELAYED',
    });
    expect(canDisburse(paid)).toBe(true);
    expect(payerOf(paid)).toBe('Bailey Buyer <buyer@example.com>');
  });

  it('tolerates anything', () => {
    expect(unitRows(undefined)).toEqual([]);
    expect(unitRows({ purchase_units: [null] })[0]?.status).toBe('NOT_PROCESSED');
  });
});
