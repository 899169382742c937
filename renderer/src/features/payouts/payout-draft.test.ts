import { describe, expect, it } from 'vitest';
import {
  buildCreateRequest,
  editItem,
  fieldPath,
  mapApiErrors,
  newItem,
  newSenderBatchId,
  draftTotals,
  validateHeader,
  withApiErrors,
} from './payout-draft';

const header = { sender_batch_id: 'Payouts_1', email_subject: ' You have a payout ', email_message: '' };

describe('rows', () => {
  it('a new row is checked at once and again after every edit', () => {
    const row = newItem();
    expect(row.errors.receiver).toBeDefined();
    expect(row.errors.amount).toBe('Required.');
    const filled = editItem(editItem(row, 'receiver', 'buyer@example.com'), 'amount', '12.5');
    expect(filled.errors).toEqual({});
    expect(editItem(filled, 'currency', 'JPY').errors.amount).toMatch(/JPY allows 0 decimal places/);
  });

  it('an edit drops what the API said about the row', () => {
    const row = {
      ...newItem({ receiver: 'a@example.com', amount: '1.00' }),
      apiErrors: { amount: 'Too much' },
    };
    expect(editItem(row, 'amount', '2.00').apiErrors).toBeUndefined();
  });

  it('the header needs a sender_batch_id', () => {
    expect(validateHeader({ ...header, sender_batch_id: ' ' }).sender_batch_id).toBeDefined();
    expect(validateHeader(header)).toEqual({});
  });

  it('a fresh sender_batch_id is dated and random', () => {
    const id = newSenderBatchId(new Date('2025-03-04T05:06:07Z'), () => 0.5);
    expect(id).toMatch(/^Payouts_20250304_[0-9a-z]{6}$/);
    expect(newSenderBatchId()).not.toBe(newSenderBatchId());
  });
});

describe('the request', () => {
  it('sends the rows in grid order, amounts as the currency writes them, empty optionals left out', () => {
    const items = [
      newItem({
        receiver: ' buyer@example.com ',
        amount: '10.5',
        note: 'Thanks, Ann',
        sender_item_id: 'a-1',
      }),
      newItem({ recipient_type: 'PHONE', receiver: '+14085551234', amount: '300', currency: 'JPY' }),
    ];
    expect(buildCreateRequest(header, items)).toEqual({
      sender_batch_header: { sender_batch_id: 'Payouts_1', email_subject: 'You have a payout' },
      items: [
        {
          recipient_type: 'EMAIL',
          amount: { value: '10.50', currency: 'USD' },
          receiver: 'buyer@example.com',
          note: 'Thanks, Ann',
          sender_item_id: 'a-1',
        },
        { recipient_type: 'PHONE', amount: { value: '300', currency: 'JPY' }, receiver: '+14085551234' },
      ],
    });
  });

  it('adds the rows and their fees up per currency, exactly, as the fee schedule charges them', () => {
    const rows = [
      newItem({ amount: '0.10' }),
      newItem({ amount: '0.20' }),
      newItem({ amount: '100.00' }),
      newItem({ amount: '5000', currency: 'JPY' }),
      newItem({ amount: 'x' }),
    ];
    // USD: 2% with a 0.25 minimum per item: 0.25 + 0.25 + 2.00.
    expect(draftTotals(rows)).toEqual([
      { currency: 'USD', amount: '100.30', fees: '2.50', count: 3 },
      { currency: 'JPY', amount: '5000', fees: '100', count: 1 },
    ]);
  });
});

describe("the checks are the API's", () => {
  it('checks the receiver in the form of its recipient type; phone numbers wait for processing', () => {
    expect(newItem({ recipient_type: 'SVC_ID', receiver: 'nope', amount: '1' }).errors.receiver).toMatch(
      /account id/,
    );
    expect(newItem({ recipient_type: 'SVC_ID', receiver: 'ABCDEFGHJKLMN', amount: '1' }).errors).toEqual({});
    expect(newItem({ recipient_type: 'PHONE', receiver: 'not a phone', amount: '1' }).errors).toEqual({});
    expect(
      newItem({ receiver: 'x@example.com', amount: '1', sender_item_id: 'x'.repeat(64) }).errors,
    ).toHaveProperty('sender_item_id');
  });
});

describe("the API's errors, back on the rows", () => {
  it('reads JSON pointers and dotted paths', () => {
    expect(fieldPath('/items/3/amount/value')).toEqual(['items', '3', 'amount', 'value']);
    expect(fieldPath('items[3].amount.currency')).toEqual(['items', '3', 'amount', 'currency']);
    expect(fieldPath('items.12.receiver')).toEqual(['items', '12', 'receiver']);
  });

  it('puts each detail on its row and column, and keeps the rest', () => {
    const mapped = mapApiErrors(
      [
        { field: '/items/3/amount/value', issue: 'DECIMAL_PRECISION', description: 'Too many decimals.' },
        { field: '/items/3/amount/currency', issue: 'CURRENCY_NOT_SUPPORTED' },
        { field: '/items/0/receiver', issue: 'INVALID_EMAIL', description: 'Bad e-mail.' },
        { field: '/items/1/purpose', description: 'Unknown purpose.' },
        { field: '/items/1', description: 'Duplicate item.' },
        {
          field: '/sender_batch_header/sender_batch_id',
          issue: 'DUPLICATE_SENDER_BATCH_ID',
          description: 'Used.',
        },
        { field: '/items/99/receiver', description: 'Beyond the rows sent.' },
        { issue: 'INSUFFICIENT_FUNDS', description: 'Not enough money.' },
      ],
      4,
    );
    expect(mapped.items.get(3)).toEqual({
      amount: 'Too many decimals. (DECIMAL_PRECISION)',
      currency: 'CURRENCY_NOT_SUPPORTED',
    });
    expect(mapped.items.get(0)).toEqual({ receiver: 'Bad e-mail. (INVALID_EMAIL)' });
    expect(mapped.items.get(1)).toEqual({ row: 'Unknown purpose. Duplicate item.' });
    expect(mapped.header).toEqual({ sender_batch_id: 'Used. (DUPLICATE_SENDER_BATCH_ID)' });
    expect(mapped.other.map((d) => d.description)).toEqual(['Beyond the rows sent.', 'Not enough money.']);
  });

  it('attaches them to the rows sent, replacing the previous answer', () => {
    const rows = [
      { ...newItem({ receiver: 'a@example.com', amount: '1' }), apiErrors: { amount: 'old' } },
      newItem({ receiver: 'b@example.com', amount: '1' }),
    ];
    const next = withApiErrors(rows, mapApiErrors([{ field: '/items/1/receiver', description: 'No.' }], 2));
    expect(next[0]?.apiErrors).toBeUndefined();
    expect(next[1]?.apiErrors).toEqual({ receiver: 'No.' });
    expect(next[1]?.key).toBe(rows[1]?.key);
  });
});
