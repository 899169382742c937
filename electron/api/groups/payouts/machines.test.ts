import { describe, expect, it } from 'vitest';
import {
  payoutBatchMachine,
  payoutItemMachine,
  type PayoutItemStatus,
} from '../../../../shared/api/payouts/machines.js';
import {
  actionsFrom,
  findTransition,
  initialState,
  isTerminal,
  refusalOf,
} from '../../../../shared/machines/machine.js';
import { startHarness } from '../../../test-support/api-harness.js';
import { FIXED_NOW } from '../../../test-support/fixtures.js';

describe('the payout machines', () => {
  it('a batch: created PENDING, then PROCESSING and SUCCESS, or DENIED; no caller moves it', () => {
    expect(initialState(payoutBatchMachine, 'create')).toBe('PENDING');
    expect(findTransition(payoutBatchMachine, 'PENDING', 'process')?.to).toBe('PROCESSING');
    expect(findTransition(payoutBatchMachine, 'PENDING', 'deny')?.to).toBe('DENIED');
    expect(findTransition(payoutBatchMachine, 'PROCESSING', 'complete')?.to).toBe('SUCCESS');
    expect(findTransition(payoutBatchMachine, 'PROCESSING', 'deny')).toBeUndefined();
    expect(findTransition(payoutBatchMachine, 'PENDING', 'complete')).toBeUndefined();
    expect(actionsFrom(payoutBatchMachine, 'PENDING')).toEqual([]);
    expect(isTerminal(payoutBatchMachine, 'SUCCESS')).toBe(true);
    expect(isTerminal(payoutBatchMachine, 'DENIED')).toBe(true);
  });

  it.each([
    ['pay', 'SUCCESS'],
    ['leave-unclaimed', 'UNCLAIMED'],
    ['fail', 'FAILED'],
    ['block', 'BLOCKED'],
    ['deny', 'DENIED'],
    ['hold', 'ONHOLD'],
  ] as const)('an item processed with %s is stored %s', (trigger, status) => {
    expect(initialState(payoutItemMachine, trigger)).toBe(status);
  });

  it.each([
    ['PENDING', 'ITEM_INCORRECT_STATUS'],
    ['SUCCESS', 'ITEM_INCORRECT_STATUS'],
    ['FAILED', 'ITEM_INCORRECT_STATUS'],
    ['BLOCKED', 'ITEM_INCORRECT_STATUS'],
    ['DENIED', 'ITEM_INCORRECT_STATUS'],
    ['ONHOLD', 'ITEM_INCORRECT_STATUS'],
    ['REFUNDED', 'ITEM_INCORRECT_STATUS'],
    ['RETURNED', 'ITEM_ALREADY_CANCELLED'],
    ['UNCLAIMED', undefined],
  ] as const)('an item in %s: cancel refused with %s', (status, issue) => {
    expect(refusalOf(payoutItemMachine, status, 'cancel')).toBe(issue);
  });

  it('offers cancel as the one caller action; return and refund are the system’s', () => {
    expect(actionsFrom(payoutItemMachine, 'UNCLAIMED')).toEqual([
      { trigger: 'cancel', label: 'Cancel unclaimed item', to: 'RETURNED', allowed: true },
    ]);
    expect(actionsFrom(payoutItemMachine, 'SUCCESS')[0]).toMatchObject({
      allowed: false,
      issue: 'ITEM_INCORRECT_STATUS',
    });
    expect(findTransition(payoutItemMachine, 'UNCLAIMED', 'return')?.to).toBe('RETURNED');
    expect(findTransition(payoutItemMachine, 'SUCCESS', 'refund')?.to).toBe('REFUNDED');
    for (const status of [
      'RETURNED',
      'REFUNDED',
      'FAILED',
      'BLOCKED',
      'DENIED',
      'ONHOLD',
    ] as PayoutItemStatus[])
      expect(isTerminal(payoutItemMachine, status), status).toBe(true);
    expect(isTerminal(payoutItemMachine, 'UNCLAIMED')).toBe(false);
  });
});

describe('the payout events in the catalog', () => {
  const BATCH = ['PROCESSING', 'SUCCESS', 'DENIED'];
  const ITEM = [
    'SUCCEEDED',
    'UNCLAIMED',
    'RETURNED',
    'CANCELED',
    'FAILED',
    'BLOCKED',
    'DENIED',
    'HELD',
    'REFUNDED',
  ];

  it('lists every batch and item event, each with a sample built by the views', async () => {
    const api = await startHarness({ realNow: () => FIXED_NOW });
    try {
      const catalog = api.host.services.webhooks.catalog;
      const context = { baseUrl: 'http://127.0.0.1:8888', now: FIXED_NOW };
      for (const status of BATCH) {
        const type = catalog.get(`PAYMENT.PAYOUTSBATCH.${status}`);
        expect(type?.resourceType).toBe('payouts');
        const sample = type?.sample('1.0', context) as {
          batch_header: Record<string, unknown>;
          links: unknown[];
        };
        expect(sample.batch_header).toMatchObject({ batch_status: status, funding_source: 'BALANCE' });
        expect(type?.summary(sample)).toContain(String(sample.batch_header.payout_batch_id));
      }
      const statusOf: Record<string, string> = { SUCCEEDED: 'SUCCESS', HELD: 'ONHOLD', CANCELED: 'RETURNED' };
      for (const name of ITEM) {
        const type = catalog.get(`PAYMENT.PAYOUTS-ITEM.${name}`);
        expect(type?.resourceType).toBe('payouts_item');
        const sample = type?.sample('1.0', context) as Record<string, unknown>;
        expect(sample.transaction_status).toBe(statusOf[name] ?? name);
        expect(sample.payout_item_id).toMatch(/^[A-Z0-9]{16}$/);
        expect(String((sample.links as { href: string }[])[0]?.href)).toMatch(
          /^http:\/\/127\.0\.0\.1:8888\/v1\/payments\/payouts-item\//,
        );
      }
    } finally {
      await api.close();
    }
  });
});
