import { describe, expect, it } from 'vitest';
import { SHARED_GROUPS, TRANSACTION_CODES, transactionCode } from '../api/registry.js';
import { addTransactionCodes, type TransactionCode } from './transaction-codes.js';

const sale = (source: string): TransactionCode => ({
  code: 'T0006',
  name: 'Checkout payment received',
  direction: 'CR',
  balanceAffecting: true,
  source,
});

describe('transaction codes contributed by the groups that post them', () => {
  it('joins a code several groups post into one entry naming every source', () => {
    const table = new Map<string, TransactionCode>();
    addTransactionCodes(table, [sale('Orders v1 capture')], 'orders-v1');
    addTransactionCodes(table, [sale('Payments v2 capture')], 'payments-v2');
    expect([...table.values()]).toEqual([sale('Orders v1 capture; Payments v2 capture')]);
  });

  it('refuses a code two groups read differently, and a malformed one', () => {
    const table = new Map<string, TransactionCode>();
    addTransactionCodes(table, [sale('Orders v1 capture')], 'orders-v1');
    expect(() => addTransactionCodes(table, [{ ...sale('x'), direction: 'DR' }], 'payouts')).toThrow(
      /payouts: transaction code T0006 means something else/,
    );
    expect(() => addTransactionCodes(table, [{ ...sale('x'), code: 'X0006' }], 'payouts')).toThrow(
      /not a transaction code/,
    );
  });

  it('the registry holds every code a group contributes, once, by code', () => {
    const contributed = new Set(SHARED_GROUPS.flatMap((g) => (g.transactionCodes ?? []).map((c) => c.code)));
    expect(TRANSACTION_CODES.map((c) => c.code)).toEqual([...contributed].sort());
    // The codes the sandbox has always written are all still there, with what they mean.
    for (const code of ['T0000', 'T0001', 'T0002', 'T0006', 'T0013', 'T0113', 'T0300', 'T0400'])
      expect(transactionCode(code)?.balanceAffecting, code).toBe(true);
    for (const code of ['T1300', 'T1302', 'T1303'])
      expect(transactionCode(code)?.direction, code).toBe('MEMO');
    for (const code of ['T1107', 'T1114', 'T1115']) expect(transactionCode(code), code).toBeDefined();
    for (const source of ['Orders v1 capture', 'Payments v1 sale or capture', 'Orders v2 capture'])
      expect(transactionCode('T0006')?.source).toContain(source);
  });
});
