import { describe, expect, it } from 'vitest';
import { ISSUES } from '../../../../shared/api/registry';
import { orderActions } from './order-lifecycle';

describe('order actions come from the order machine', () => {
  it('a created order waits for the buyer', () => {
    const actions = orderActions('CREATED', 'CAPTURE');
    expect(actions.approve).toEqual({ disabled: false });
    expect(actions.edit).toEqual({ disabled: false });
    expect(actions.capture).toEqual({ disabled: true, reason: ISSUES.ORDER_NOT_APPROVED.description });
  });

  it('an approved order is paid as its intent says', () => {
    const actions = orderActions('APPROVED', 'AUTHORIZE');
    expect(actions.authorize.disabled).toBe(false);
    expect(actions.capture.disabled).toBe(true);
    expect(actions.capture.reason).toContain(ISSUES.ACTION_DOES_NOT_MATCH_INTENT.description);
    expect(actions.capture.reason).toContain('AUTHORIZE');
    expect(actions.approve).toEqual({ disabled: true, reason: ISSUES.ORDER_CANNOT_BE_APPROVED.description });
  });

  it.each([
    ['COMPLETED', 'ORDER_ALREADY_COMPLETED'],
    ['VOIDED', 'ORDER_VOIDED'],
    ['PAYER_ACTION_REQUIRED', 'ORDER_NOT_APPROVED'],
  ] as const)('%s refuses a capture with %s', (status, issue) => {
    expect(orderActions(status, 'CAPTURE').capture).toEqual({
      disabled: true,
      reason: ISSUES[issue].description,
    });
  });

  it('only CREATED and APPROVED orders can be edited', () => {
    expect(orderActions('COMPLETED', 'CAPTURE').edit).toEqual({
      disabled: true,
      reason: ISSUES.ORDER_CANNOT_BE_UPDATED.description,
    });
    expect(orderActions('APPROVED', 'CAPTURE').edit.disabled).toBe(false);
  });

  it('a PAYER_ACTION_REQUIRED order says it waits for the buyer before it can be edited', () => {
    const edit = orderActions('PAYER_ACTION_REQUIRED', 'CAPTURE').edit;
    expect(edit.disabled).toBe(true);
    expect(edit.reason).toContain('payer-action link');
    expect(edit.reason).toContain('ORDER_CANNOT_BE_UPDATED');
    expect(edit.reason).toContain('APPROVED order can then be edited');
    expect(edit.reason).not.toContain('COMPLETED');
  });
});
