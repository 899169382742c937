import { describe, expect, it } from 'vitest';
import { RESOURCE_KINDS } from '../../../shared/api/registry';
import { kindLabel, kindLabelPlural } from './kind-label';

describe('kindLabel', () => {
  it('names every registered kind as what it is', () => {
    expect(kindLabel('payout-item')).toBe('Payout item');
    expect(kindLabel('order-v1-payment')).toBe('Order payment (v1)');
    expect(kindLabel('billing-agreement-v1')).toBe('Billing agreement (v1)');
    expect(kindLabel('subscription-sale')).toBe('Subscription sale');
    expect(kindLabel('scim-user')).toBe('SCIM user');
    expect(kindLabel('transaction')).toBe('Ledger transaction');
    for (const kind of RESOURCE_KINDS) expect(kindLabel(kind), kind).toMatch(/^[A-Z][A-Za-z ]+( \(v\d+\))?$/);
  });

  it('plurals', () => {
    expect(kindLabelPlural('payout-item')).toBe('Payout items');
    expect(kindLabelPlural('order-v1')).toBe('Orders (v1)');
    expect(kindLabelPlural('merchant-integration')).toBe('Merchant integrations');
    expect(kindLabelPlural('subscription-plan')).toBe('Subscription plans');
    expect(kindLabelPlural('transaction')).toBe('Ledger transactions');
  });
});
